@testable import BggenCore
import Foundation
import Testing

@Test func dumpFixture() throws {
    let name = ProcessInfo.processInfo.environment["FIXTURE"] ?? "NetNewsWire"
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)").path
    let report = try ProjectDetector.detect(root: root, fileSystem: LocalFileSystem())
    var out = ""
    dump(report, to: &out)
    try out.replacingOccurrences(of: root, with: "<root>").write(toFile: "/tmp/dump/\(name).txt", atomically: true, encoding: .utf8)
}
