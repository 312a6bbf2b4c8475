@testable import BggenCore
import BggenFormats
import BggenTestSupport
import Foundation
import Testing

/// `UTF8Check` judges bytes as `String(validating:as:)` does, and a project file read as bytes is refused in the
/// words `read` uses for text.
@Suite("UTF-8 check")
struct UTF8CheckTests {
    private static func agrees(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes(UTF8Check.isValid) == (String(validating: bytes, as: UTF8.self) != nil)
    }

    /// Every sequence of one or two bytes, and every lead byte of three and four with each second byte, after ASCII
    /// of every length up to 9 (so the sequence falls at each offset of the eight-byte steps) and before a tail.
    @Test func everyShortSequenceIsJudgedAsTheStandardLibraryJudgesIt() {
        var disagreements: [[UInt8]] = []
        for first in 0...255 {
            for second in 0...255 {
                let pair = [UInt8(first), UInt8(second)]
                if !Self.agrees(pair) { disagreements.append(pair) }
                guard first >= 0xE0 else { continue }
                for third: UInt8 in [0x80, 0xBF, 0x41] {
                    for prefix in 0...9 {
                        let bytes = [UInt8](repeating: 0x61, count: prefix) + pair + [third, 0x80, 0x62]
                        if !Self.agrees(bytes) { disagreements.append(bytes) }
                        if !Self.agrees(Array(bytes.dropLast(2))) { disagreements.append(Array(bytes.dropLast(2))) }
                    }
                }
            }
        }
        #expect(disagreements.count == 0, "\(disagreements.prefix(5))")
    }

    /// After ASCII of every length up to 40, so each piece falls at each offset of the 32-byte steps too.
    @Test func randomTextIsJudgedAsTheStandardLibraryJudgesIt() {
        var generator = SeededGenerator(seed: 39)
        let pieces: [[UInt8]] = [Array("plain ascii text ".utf8), Array("é".utf8), Array("€".utf8), Array("🚀".utf8),
                                 [0xE9], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xC0, 0xAF], [0xF0, 0x9F, 0x9A]]
        for _ in 0..<3_000 {
            var bytes = [UInt8](repeating: 0x61, count: Int.random(in: 0...40, using: &generator))
            for _ in 0..<Int.random(in: 0...12, using: &generator) { bytes += pieces.randomElement(using: &generator)! }
            #expect(Self.agrees(bytes), "\(bytes)")
        }
    }

    @Test func aProjectFileThatIsNotUTF8IsRefusedNamingItsLine() throws {
        let folder = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: folder.path + "/App.xcodeproj", withIntermediateDirectories: true)
        try Data("// !$*UTF8*$!\n{\n\tname = \"Caf".utf8 + [0xE9] + "\";\n}\n".utf8)
            .write(to: URL(fileURLWithPath: folder.path + "/App.xcodeproj/project.pbxproj"))
        let reader = XcodeProjectReader(root: folder.path, fileSystem: LocalFileSystem())
        #expect(throws: ProjectError.unreadable(path: "App.xcodeproj/project.pbxproj", reason: "it is not UTF-8 text (line 3); save it as UTF-8")) {
            try reader.read("App.xcodeproj")
        }
    }
}
