@testable import BggenCLI
import BggenCore
import BggenTestSupport
import Foundation
import Testing

/// An app that already declares `BackgroundTaskManager` and `Locked` (fixture `TypeNameClash`): bggen must never
/// write a second type or Swift file of those names into the folder its targets compile.
@Suite("Name clashes with the app's own types")
struct NameClashTests {
    private let arguments = ["init", "--yes", "--target", "Kite", "--tasks", "refresh,processing"]

    /// Every top-level type and Swift file name in the Swift files bggen wrote, taken from the files themselves.
    private func writtenNames(_ files: [String: String], original: [String: String]) -> (types: Set<String>, files: Set<String>) {
        var types = Set<String>()
        var names = Set<String>()
        for (path, text) in files where original[path] == nil && path.hasSuffix(".swift") {
            names.insert(String((path as NSString).lastPathComponent.dropLast(".swift".count)))
            let declaration = #"(?m)^(?:nonisolated |public |final |@MainActor )*(?:class|struct|enum|actor|protocol|typealias) (\w+)"#
            let regex = try! NSRegularExpression(pattern: declaration)
            for match in regex.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                types.insert(String(text[Range(match.range(at: 1), in: text)!]))
            }
        }
        return (types, names)
    }

    @Test func aClashGivesBggensTypesAPrefixSaysSoAndRecordsIt() throws {
        let repo = try Fixtures.copy("TypeNameClash")
        let original = try repo.files()
        let run = try InProcessRunner.run(arguments, in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("type BackgroundTaskManager at Kite/Services/BackgroundTaskManager.swift:5"), "\(run.stderr)")
        #expect(run.stderr.contains("type Locked at Packages/KiteCore/Sources/KiteCore/Locked.swift:4"))
        #expect(run.stderr.contains("get the prefix Bggen (BackgroundTaskManager becomes BggenBackgroundTaskManager); pass --prefix"))
        let files = try repo.files()
        let written = writtenNames(files, original: original)
        #expect(written.types.contains("BggenBackgroundTaskManager") && written.types.contains("BggenLocked"))
        #expect(!written.types.contains("BackgroundTaskManager") && !written.types.contains("Locked"))
        #expect(written.files.allSatisfy { $0.hasPrefix("Bggen") }, "\(written.files)")
        #expect(files["Kite/BackgroundProcessing/BggenBackgroundTaskManager.swift"] != nil)
        #expect(try repo.nextSteps().contains("BggenBackgroundTaskManager.shared.registerTasks()"), "the next steps call the prefixed type")
        #expect(files[".bggen.json"]?.contains("\"prefix\": \"Bggen\"") == true)
        for (path, text) in original {
            #expect(files[path] == text || path.hasSuffix("Info.plist"), "\(path) must stay untouched")
        }

        let again = try InProcessRunner.run(arguments, in: repo.url)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("Nothing to change"), "\(again.stdout)")
        #expect(try repo.files() == files)
    }

    @Test func aChosenPrefixIsUsedAndOneThatStillClashesIsRefused() throws {
        let repo = try Fixtures.copy("TypeNameClash")
        let chosen = try InProcessRunner.run(arguments + ["--prefix", "Kt", "--dry-run"], in: repo.url)
        #expect(chosen.status == 0, "\(chosen.stderr)")
        #expect(chosen.stdout.contains("Kite/BackgroundProcessing/KtBackgroundTaskManager.swift"))
        #expect(!chosen.stderr.contains("get the prefix"), "a prefix the user chose needs no explanation")

        try repo.write("final class KtLocked {}\n", to: "Kite/Services/KtLocked.swift")
        let before = try repo.files()
        let refused = try InProcessRunner.run(arguments + ["--prefix", "Kt"], in: repo.url)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("type KtLocked at Kite/Services/KtLocked.swift:1"), "\(refused.stderr)")
        #expect(refused.stderr.contains("pass --prefix with another prefix"))
        #expect(try repo.files() == before)
    }

    @Test func aPrefixMustStartATypeName() throws {
        let folder = try TemporaryDirectory()
        for bad in ["acme", "9Lives", "Ac-me", ""] {
            let run = try InProcessRunner.run(["init", "--yes", "--prefix", bad, "out"], in: folder.url)
            #expect(run.status == 64, "\(bad): \(run.stderr)")
            #expect(run.stderr.contains("is not a type prefix"), "\(bad): \(run.stderr)")
        }
        #expect(try folder.files().isEmpty)
    }

    @Test func withoutAClashThereIsNoPrefix() throws {
        let repo = try Fixtures.copy("NetNewsWire")
        let run = try InProcessRunner.run(["init", "--yes", "--tasks", "processing"], in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try repo.files()["iOS/BackgroundProcessing/BackgroundTaskManager.swift"] != nil)
        #expect(try repo.files()[".bggen.json"]?.contains("prefix") == false)
    }

    @Test func aChosenTargetIsNotToldToChooseOne() throws {
        let repo = try Fixtures.copy("TypeNameClash")
        let run = try InProcessRunner.run(arguments + ["--dry-run"], in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stdout.contains("choose one with --target"), "\(run.stdout)")
        let json = try InProcessRunner.run(arguments + ["--dry-run", "--json"], in: repo.url)
        #expect(!json.stdout.contains("choose one with --target"))
    }
}

/// Identifiers the app registers through constants defined elsewhere are still known.
@Suite("Registered identifiers across files")
struct RegisteredAcrossFilesTests {
    @Test func aConstantInAnotherFileIsResolved() throws {
        let repo = try Fixtures.copy("ConstantsElsewhere")
        let original = try repo.files()
        let run = try InProcessRunner.run(["init", "--yes", "--tasks", "refresh"], in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Registered task identifiers: com.kiteapp.Kite.refresh"), "\(run.stdout)")
        #expect(!run.stdout.contains("could not"), "\(run.stdout)")
        #expect(run.stderr.contains("skipped refresh: the app already registers com.kiteapp.Kite.refresh at Kite/AppDelegate.swift:7"), "\(run.stderr)")
        #expect(try repo.files() == original)

        let replace = try InProcessRunner.run(["init", "--yes", "--tasks", "refresh", "--replace"], in: repo.url)
        #expect(replace.status == 64)
        #expect(replace.stderr.contains("a second registration kills the app at launch"))
    }
}

/// What existing code covers a task kind: code compiled into the app, labelled by what it does.
@Suite("Existing code that covers a task kind")
struct CoveringCodeTests {
    @Test func aLinkedFrameworkCountsAndAnUploadSessionIsAnUploadSession() throws {
        let repo = try Fixtures.copy("FrameworkCode")
        let run = try InProcessRunner.run(["init", "--yes", "--tasks", "refresh,processing,downloads,uploads", "--dry-run"], in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("    uploads: background session (KiteKit/PhotoSync.swift:5)"), "\(run.stdout)")
        #expect(run.stdout.contains("Background code in other targets (KiteMac)"), "\(run.stdout)")
        #expect(run.stderr.contains("skipped refresh: the app's code at KiteKit/Refresher.swift:"), "\(run.stderr)")
        #expect(run.stderr.contains("skipped uploads: the app's code at KiteKit/PhotoSync.swift:5 already covers it"))
        #expect(!run.stderr.contains("skipped downloads"), "an upload session does not cover downloads")
        #expect(!run.stderr.contains("skipped processing"), "the macOS app's processing is not the iOS app's")
        #expect(run.stdout.contains("BackgroundDownloadManager.swift") && run.stdout.contains("ProcessingWork.swift"))
    }
}

/// A registration bggen cannot read is matched with the identifiers the Info.plist permits.
@Suite("Registered identifiers from the Info.plist")
struct RegisteredFromInfoPlistTests {
    @Test func anIdentifierThePlistPermitsIsTakenAsRegisteredByAnUnreadableCall() throws {
        let repo = try Fixtures.copy("ConstantsElsewhere")
        let delegate = try #require(try repo.files()["Kite/AppDelegate.swift"])
        try repo.write(delegate.replacingOccurrences(of: "Constants.Values.refreshTaskId", with: "TaskNames.identifier(for: .refresh)"),
                       to: "Kite/AppDelegate.swift")
        let before = try repo.files()
        let run = try InProcessRunner.run(["init", "--yes", "--tasks", "refresh"], in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("skipped refresh: the Info.plist permits com.kiteapp.Kite.refresh, and the app registers an identifier bggen cannot read at Kite/AppDelegate.swift:7 (TaskNames.identifier(for:.refresh)), most likely that one."), "\(run.stderr)")
        #expect(try repo.files() == before)

        let processing = try InProcessRunner.run(["init", "--yes", "--tasks", "processing", "--dry-run"], in: repo.url)
        #expect(!processing.stderr.contains("skipped processing"), "the plist does not permit the processing identifier")
    }
}
