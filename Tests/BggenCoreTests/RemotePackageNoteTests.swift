@testable import BggenCore
import BggenTestSupport
import Testing

/// Doctor learns that the app pulls in remote Swift packages from the `project.pbxproj` bytes read for the project,
/// not from a second read of the file.
@Suite("Doctor: remote Swift packages named by the project")
struct RemotePackageNoteTests {
    /// A `fetch` mode no code uses is a warning; with a remote package, whose code doctor does not read, a note.
    @Test(arguments: [false, true])
    func aRemotePackageTurnsAnUnusedModeIntoANote(_ remote: Bool) throws {
        var repository = DoctorRepository(modes: ["fetch"])
        if remote {
            let project = try #require(repository.files["App.xcodeproj/project.pbxproj"])
            repository.files["App.xcodeproj/project.pbxproj"] = project.replacing("objects = {", with: """
                objects = {
                        PKG = {isa = XCRemoteSwiftPackageReference; repositoryURL = "https://example.com/kit"; };
                """)
        }
        let report = try ProjectDetector.detect(root: DoctorRepository.root, fileSystem: repository.fileSystem)
        #expect(report.namesRemotePackages == remote)
        let findings = try Doctor(fileSystem: repository.fileSystem).audit(root: DoctorRepository.root).findings
        let unused = try #require(findings.first { $0.rule == .unusedMode }, "\(findings)")
        #expect(unused.severity == (remote ? .note : .warning))
    }
}
