import BggenCore
import BggenTestSupport
import Foundation
import Testing

/// `bggen init --tests` in an existing app: the rehearsal file lands in the app's unit-test target's folder with
/// `@testable import` of the app's module and the framework the target already uses, the target's project files
/// are handled as the app's are (nothing for a synchronized folder, a step for a listed one, the generator for
/// XcodeGen and Tuist), an app without a test target is told where to add one, and a re-run changes nothing.
@Suite("init --tests: the app's test target")
struct RehearsalTargetTests {
    static let file = RehearsalTarget.fileName

    /// Runs `init` in a copy of `fixture`, then the same again, which must change nothing.
    static func initTwice(_ fixture: String, _ flags: [String]) throws -> (files: [String: String], stdout: String, stderr: String) {
        let folder = try Fixtures.copy(fixture)
        let arguments = ["init", "--yes", "--tests", "--tasks", "refresh,processing"] + flags + ["."]
        let first = try InProcessRunner.run(arguments, in: folder.url)
        #expect(first.status == 0, "\(first.stderr)")
        let files = try folder.files()
        let again = try InProcessRunner.run(arguments, in: folder.url)
        #expect(again.status == 0 && again.stdout.contains("Nothing to change: all"), "\(again.stdout)\(again.stderr)")
        #expect(try folder.files() == files)
        return (files, first.stdout, first.stderr)
    }

    @Test func anXcode16TestBundleWithASynchronizedFolderGetsSwiftTestingAndNeedsNoStep() throws {
        let run = try Self.initTwice("SynchronizedTemplate", [])
        let rehearsals = try #require(run.files["CRIPiOSAppTests/\(Self.file)"], "\(run.files.keys.sorted())")
        #expect(rehearsals.contains("@testable import CRIPiOSApp\n"))
        // CRIPiOSAppTests.swift imports Testing.
        #expect(rehearsals.contains("\nimport Testing\n") && !rehearsals.contains("import XCTest"))
        #expect(run.files[".bggen.json"]?.contains("\"testFramework\": \"swift-testing\"") == true)
        let steps = try #require(run.files["bggen/NEXT_STEPS.md"])
        #expect(steps.contains("CRIPiOSAppTests/\(Self.file) is in CRIPiOSAppTests"), "\(steps)")
        #expect(!steps.contains("CRIPiOSAppTests lists its files"))
        #expect(run.files["Tests/BackgroundProcessingTests/\(Self.file)"] == nil)
    }

    /// DuckDuckGo's UnitTests bundle lists its files one by one in DuckDuckGoTests/ and depends on the app.
    @Test func aTestBundleListingItsFilesGetsTheStepToAddTheFile() throws {
        let run = try Self.initTwice("DuckDuckGo", ["--replace"])
        let rehearsals = try #require(run.files["DuckDuckGoTests/\(Self.file)"], "\(run.files.keys.sorted())")
        #expect(rehearsals.contains("@testable import DuckDuckGo\n"))
        #expect(rehearsals.contains("import XCTest\n") && !rehearsals.contains("import Testing\n"))
        #expect(run.files["bggen/NEXT_STEPS.md"]?.contains(
            "UnitTests lists its files one by one: add DuckDuckGoTests/\(Self.file) to the UnitTests target in Xcode (File > Add Files).") == true)
    }

    /// ElementX's `UnitTests` (`type: bundle.unit-test`, `dependencies: [{target: ElementX}]`) compiles
    /// `UnitTests/Sources`, which the spec names from an included file.
    @Test func anXcodeGenUnitTestTargetGetsTheFileAndTheGeneratorStep() throws {
        let run = try Self.initTwice("XcodeGen", ["--replace"])
        let rehearsals = try #require(run.files["UnitTests/Sources/\(Self.file)"], "\(run.files.keys.sorted())")
        #expect(rehearsals.contains("@testable import ElementX\n"))
        #expect(run.files["bggen/NEXT_STEPS.md"]?.contains("Run xcodegen generate so UnitTests picks up UnitTests/Sources/\(Self.file)") == true)
    }

    /// Hedvig's `AppTests` (`product: .unitTests`, `dependencies: [.target(name: "Ugglan")]`, `sources: ["Tests/**"]`).
    @Test func aTuistUnitTestsTargetGetsTheFileAndTheGeneratorStep() throws {
        let run = try Self.initTwice("Tuist", ["--target", "Ugglan"])
        let rehearsals = try #require(run.files["Projects/App/Tests/\(Self.file)"], "\(run.files.keys.sorted())")
        #expect(rehearsals.contains("@testable import Ugglan\n"))
        #expect(run.files["bggen/NEXT_STEPS.md"]?.contains("Run tuist generate so AppTests picks up Projects/App/Tests/\(Self.file)") == true)
    }

    @Test func aPackagesTestTargetGetsTheFileImportingTheModuleThatHoldsTheCode() throws {
        let run = try Self.initTwice("PackageWithTests", ["--output", "Sources/ReaderKit/BackgroundProcessing"])
        let rehearsals = try #require(run.files["Tests/ReaderKitTests/\(Self.file)"], "\(run.files.keys.sorted())")
        #expect(rehearsals.contains("@testable import ReaderKit\n") && rehearsals.contains("\nimport Testing\n"))
        #expect(run.files[".bggen.json"]?.contains("\"testModule\": \"ReaderKit\"") == true)
        #expect(run.files["bggen/NEXT_STEPS.md"]?.contains("Tests/ReaderKitTests/\(Self.file) is in ReaderKitTests") == true)
    }

    @Test func anAppWithoutATestTargetIsToldWhereToAddOneAndNoTargetIsCreated() throws {
        let folder = try Fixtures.copy("SwiftUITwoFolders")
        let before = try folder.files()["project.yml"]
        let run = try InProcessRunner.run(["init", "--yes", "--tests", "--tasks", "refresh", "."], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("note: Kite has no unit-test target, so the rehearsal tests were written to Tests/BackgroundProcessingTests: add a target to project.yml: KiteTests: {type: bundle.unit-test, platform: iOS, sources: [Tests/BackgroundProcessingTests], dependencies: [{target: Kite}]}, then run xcodegen generate; bggen never creates a target."), "\(run.stderr)")
        let files = try folder.files()
        #expect(files["Tests/BackgroundProcessingTests/\(Self.file)"]?.contains("@testable import Kite\n") == true)
        #expect(files["project.yml"] == before)
    }

    /// The test target's own files decide the framework; the rehearsal file itself does not count.
    @Test func swiftTestingIsChosenOnlyWhenAFileOfTheTargetImportsIt() throws {
        let folder = try TemporaryDirectory()
        try folder.write("import XCTest\n// import Testing, in a comment\nlet testing = \"import Testing\"\n", to: "T/A.swift")
        try folder.write("import Testing\n", to: "T/\(Self.file)")
        #expect(!RehearsalTarget.importsTesting(folder: "T", root: folder.url.path, fileSystem: LocalFileSystem()))
        try folder.write("@preconcurrency import Foundation\nimport Testing\n", to: "T/Sub/B.swift")
        #expect(RehearsalTarget.importsTesting(folder: "T", root: folder.url.path, fileSystem: LocalFileSystem()))
    }

    /// The import is found however its line is spaced or ended; a file holding both words elsewhere imports nothing.
    @Test func theImportIsFoundWhateverSeparatesItsWords() throws {
        let folder = try TemporaryDirectory()
        try folder.write("import XCTest\r\n// Testing the importer\r\nfinal class ImportTests: XCTestCase {}\r\n", to: "T/A.swift")
        #expect(!RehearsalTarget.importsTesting(folder: "T", root: folder.url.path, fileSystem: LocalFileSystem()))
        try folder.write("import XCTest\r\n  import\tTesting;\r\n", to: "T/B.swift")
        #expect(RehearsalTarget.importsTesting(folder: "T", root: folder.url.path, fileSystem: LocalFileSystem()))
    }

    /// The lines holding a word, split where `Character.isNewline` splits a text (CR LF, NEL, LS and PS too).
    @Test func linesHoldingAWordAreSplitAsCharactersSplitThem() {
        let text = "a Testing\r\nb\u{85}c Testing Testing\u{2028}Testing d\u{2029}\u{0B}é Testing"
        let expected = text.split(whereSeparator: \.isNewline).filter { $0.contains("Testing") }
        #expect(RehearsalTarget.lines(of: text, holding: "Testing") == expected)
        #expect(RehearsalTarget.lines(of: text, holding: "Testing") == ["a Testing", "c Testing Testing", "Testing d", "é Testing"])
        #expect(RehearsalTarget.lines(of: "no such word\n", holding: "Testing").isEmpty)
    }

    /// On a terminal, an app with a test target is offered the rehearsals; the answer is recorded and not asked again.
    @Test func aTerminalIsAskedOnceAndTheAnswerIsRecorded() throws {
        let flags = ["init", "--tasks", "refresh,processing", "--interval", "daily", "--no-network", "--no-power", "--no-checkpoint", "--at", "none"]
        for answer in ["n", ""] {
            let repo = try Fixtures.copy("SynchronizedTemplate")
            let session = try PseudoTerminal(arguments: flags, directory: repo.url, environment: ["TERM": "dumb"])
            try session.expect("Write rehearsal tests into CRIPiOSAppTests? [Y/n]")
            session.type(answer + "\n")
            try session.expect("Write these files? [Y/n]")
            session.type("\n")
            #expect(session.waitForExit() == 0, "\(session.transcript)")
            let files = try repo.files()
            #expect(files[".bggen.json"]?.contains("\"tests\": \(answer == "n" ? "false" : "true")") == true, "\(files[".bggen.json"] ?? "")")
            #expect((files["CRIPiOSAppTests/\(Self.file)"] != nil) == (answer != "n"))
            // Asked once: the next run on a terminal goes straight to its result.
            let again = try PseudoTerminal(arguments: flags, directory: repo.url, environment: ["TERM": "dumb"])
            try again.expect("Nothing to change: all")
            #expect(again.waitForExit() == 0, "\(again.transcript)")
            #expect(!again.transcript.contains("Write rehearsal tests"))
        }
    }

    /// `--no-tests` is the answer no given up front: the terminal is not asked, and no is recorded.
    @Test func noTestsIsNoWithoutTheQuestion() throws {
        let repo = try Fixtures.copy("SynchronizedTemplate")
        let flags = ["init", "--tasks", "refresh", "--interval", "daily", "--no-tests"]
        let session = try PseudoTerminal(arguments: flags, directory: repo.url, environment: ["TERM": "dumb"])
        try session.expect("Write these files? [Y/n]")
        session.type("\n")
        #expect(session.waitForExit() == 0, "\(session.transcript)")
        #expect(!session.transcript.contains("Write rehearsal tests"))
        let files = try repo.files()
        #expect(files[".bggen.json"]?.contains("\"tests\": false") == true, "\(files[".bggen.json"] ?? "")")
        #expect(files["CRIPiOSAppTests/\(Self.file)"] == nil)
    }

    /// The module is the product's (`PRODUCT_NAME = Night Reader` builds `Night_Reader`), not the target's name:
    /// NetNewsWire's `NetNewsWire-iOS` builds `NetNewsWire`.
    @Test func theAppModuleIsNamedAfterTheProduct() throws {
        let repo = try TemporaryDirectory()
        try repo.write(SyntheticProject.pbxproj(name: "Reader-iOS", folder: "App",
                                                targetSettings: "PRODUCT_NAME = \"Night Reader\"; IPHONEOS_DEPLOYMENT_TARGET = 17.0;"),
                       to: "App.xcodeproj/project.pbxproj")
        try repo.write("import SwiftUI\n\n@main struct ReaderApp: App {\n    var body: some Scene { WindowGroup { Text(\"\") } }\n}\n", to: "App/ReaderApp.swift")
        let run = try InProcessRunner.run(["init", "--yes", "--tests", "--tasks", "refresh", "."], in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        let files = try repo.files()
        #expect(files["Tests/BackgroundProcessingTests/\(Self.file)"]?.contains("@testable import Night_Reader\n") == true,
                "\(files.keys.sorted())")
        #expect(files[".bggen.json"]?.contains("\"testModule\": \"Night_Reader\"") == true)
    }
}
