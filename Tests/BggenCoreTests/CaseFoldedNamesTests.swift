@testable import BggenCore
import BggenFormats
import BggenTestSupport
import Testing

/// APFS's default volume compares names case-folded (issue 38): `Straße.swift` is `STRASSE.swift` there, and a
/// project file spelled in another case is the one Xcode, XcodeGen and SwiftPM open. Names compare so only where
/// the volume ignores case; Linux's disks keep them apart.
@Suite("Case-folded names")
struct CaseFoldedNamesTests {
    /// Pairs that `lowercased()` keeps apart and Unicode's case folding joins: `ß`/`ss`, a final `ς` and `Σ`, the
    /// `ﬁ` ligature, the long `ſ`, the micro sign and `Μ`.
    @Test(arguments: [("Straße.swift", "STRASSE.swift"), ("οδος.swift", "ΟΔΟΣ.swift"),
                      ("ﬁle.swift", "FILE.swift"), ("TaſkManager.swift", "TASKMANAGER.swift"), ("µs.swift", "ΜS.swift")])
    func namesEqualOnceCaseFoldedAreOneNameWhereTheVolumeIgnoresCase(_ one: String, _ other: String) {
        #expect(one.lowercased() != other.lowercased())
        #expect(PathText.sameName(one, other, ignoringCase: true))
        #expect(!PathText.sameName(one, other, ignoringCase: false))
        #expect(PathText.isInside("/Users/me/\(one)/A.swift", "/Users/me/\(other)", ignoringCase: true))
    }

    /// Folding is not a Turkish lower-casing: a dotless `ı` is not `I`, as on APFS.
    @Test func aDotlessIStaysItsOwnLetter() {
        #expect(!PathText.sameName("ı.swift", "I.swift", ignoringCase: true))
        #expect(PathText.sameName("İ.swift", "i̇.swift", ignoringCase: true))
    }

    @Test func aSuffixComparesAsTheVolumeDoes() {
        #expect(PathText.hasSuffix("App.XcodeProj", ".xcodeproj", ignoringCase: true))
        #expect(!PathText.hasSuffix("App.XcodeProj", ".xcodeproj", ignoringCase: false))
        #expect(!PathText.hasSuffix("App.xcodeproj.bak", ".xcodeproj", ignoringCase: true))
    }

    /// `package.swift` is the manifest SwiftPM opens as `Package.swift` on APFS; a case-sensitive disk has none.
    @Test func aPackageManifestInAnotherCaseIsTheManifestWhereTheVolumeIgnoresCase() throws {
        let files = ["/repo/package.swift": "// swift-tools-version: 5.9\nimport PackageDescription\nlet package = Package(name: \"Kit\", platforms: [.iOS(.v16)])\n"]
        let report = try ProjectDetector.detect(root: "/repo", fileSystem: IgnoringCase(base: InMemoryFileSystem(files: files)))
        #expect(report.kind == .swiftPackage)
        #expect(report.projectFiles == ["package.swift"])
        #expect(report.packageDeploymentTarget == "16.0")
        #expect(throws: ProjectError.self) { try ProjectDetector.detect(root: "/repo", fileSystem: InMemoryFileSystem(files: files)) }
    }

    /// An `.xcodeproj` bundle with its extension in capitals is the project Xcode opens, at the root and below it.
    @Test(arguments: ["App.XcodeProj", "ios/App.XCODEPROJ"])
    func aProjectWhoseExtensionDiffersInCaseIsReadWhereTheVolumeIgnoresCase(_ project: String) throws {
        let files = ["/repo/\(project)/project.pbxproj": SyntheticProject.pbxproj(), "/repo/App/App.swift": "import UIKit\n"]
        let report = try ProjectDetector.detect(root: "/repo", fileSystem: IgnoringCase(base: InMemoryFileSystem(files: files)))
        #expect(report.kind == .xcodeProject)
        #expect(report.projectFiles == [project])
        #expect(report.appTargets.map(\.name) == ["App"])
        #expect(throws: ProjectError.self) { try ProjectDetector.detect(root: "/repo", fileSystem: InMemoryFileSystem(files: files)) }
    }
}

/// The in-memory disk answering as APFS's default volume does.
private struct IgnoringCase: ForwardingFileSystem {
    let base: any FileSystem

    func isCaseSensitive(_ path: String) -> Bool { false }
}
