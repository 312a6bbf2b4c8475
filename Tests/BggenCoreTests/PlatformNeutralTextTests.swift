@testable import BggenCore
import Foundation
import Testing

/// Issue 38.5: what bggen shows must not depend on whose Foundation it runs on, and a dump must keep the Xcode the
/// user selected.
@Suite("Text that is the same on Apple's Foundation and corelibs")
struct PlatformNeutralTextTests {
    /// Apple's NSError description puts the localized description first and orders `userInfo` by hash; a "line 1"
    /// there (here in the localized description, as in the old-style parser's nested error) must not be taken for
    /// the line the XML parser names in its debug description.
    @Test func thePlistLineComesFromTheDebugDescriptionNotTheErrorsDescription() {
        let error = NSError(domain: NSCocoaErrorDomain, code: 3840, userInfo: [
            NSLocalizedDescriptionKey: "Malformed data byte group at line 1; invalid hex",
            NSDebugDescriptionErrorKey: "Integer overflow in <integer> on line 9",
        ])
        #expect(PlistPatcher.line(of: error) == 9)
        #expect(PlistPatcher.line(of: NSError(domain: NSCocoaErrorDomain, code: 3840)) == nil)
    }

    /// A value Foundation refuses and bggen's scanner lets through is named by its line, and the message holds no
    /// NSError description.
    @Test func aValueFoundationRefusesIsNamedByItsLine() throws {
        let text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>A</key>
        \t<integer>99999999999999999999999</integer>
        </dict>
        </plist>

        """
        do {
            _ = try PlistPatcher().patch(text, path: "App/Info.plist", edits: [.addTrue(key: "B")])
            Issue.record("the patch was accepted")
        } catch {
            #expect(error == .malformed(path: "App/Info.plist", line: 6, reason: "Foundation cannot read it"))
            #expect(!error.description.contains("Domain="), "\(error.description)")
        }
    }

    @Test(arguments: [("17.0", "17"), ("17", "17"), ("1.5", "1.5"), ("-3.0", "-3"), ("true", "1"), ("1e20", "1e+20")])
    func aDumpsNumberReadsAlikeOnEveryPlatform(_ json: String, _ text: String) throws {
        let node = try DumpJSON.node(from: #"{"n": \#(json)}"#)
        #expect(node["n"]?.string == text)
    }

    @Test func aDumpKeepsTheXcodeSelectionAndNoSecret() {
        let dumper = ProcessProjectDumper(environment: [
            "PATH": "/usr/bin", "HOME": "/home/u", "DEVELOPER_DIR": "/Applications/Xcode_26.4.app/Contents/Developer",
            "SDKROOT": "iphonesimulator", "TOOLCHAINS": "swift", "AWS_SECRET_ACCESS_KEY": "s", "GITHUB_TOKEN": "t",
        ])
        let kept = dumper.toolEnvironment
        #expect(kept["DEVELOPER_DIR"] == "/Applications/Xcode_26.4.app/Contents/Developer")
        #expect(kept["SDKROOT"] == "iphonesimulator")
        #expect(kept["TOOLCHAINS"] == "swift")
        #expect(kept["AWS_SECRET_ACCESS_KEY"] == nil && kept["GITHUB_TOKEN"] == nil)
    }
}
