@testable import BggenCLI
import BggenCore
import BggenTestSupport
import Foundation
import Testing

/// Flavours of one app (`Kite` and `KiteBeta` in fixture `TypeNameClash`) compile one synchronized folder, so
/// bggen's files are built into every flavour, and each flavour's Info.plist needs the identifiers.
@Suite("App targets sharing a folder")
struct SharedFolderTargetsTests {
    private let arguments = ["init", "--yes", "--target", "Kite", "--tasks", "refresh"]

    @Test func theOtherTargetsAreNamedWithTheirPlists() throws {
        let repo = try Fixtures.copy("TypeNameClash")
        let original = try repo.files()
        let run = try InProcessRunner.run(arguments, in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("KiteBeta also compile Kite/BackgroundProcessing, but only Kite's Info.plist gets the keys, so the tasks fail to register in the others (KiteBeta: Config/KiteBeta-Info.plist); pass --all-targets"), "\(run.stderr)")
        let files = try repo.files()
        #expect(files["Config/Kite-Info.plist"] != original["Config/Kite-Info.plist"])
        #expect(files["Config/KiteBeta-Info.plist"] == original["Config/KiteBeta-Info.plist"])
    }

    @Test func allTargetsPatchesEveryFlavour() throws {
        let repo = try Fixtures.copy("TypeNameClash")
        let run = try InProcessRunner.run(arguments + ["--all-targets"], in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("pass --all-targets"))
        let files = try repo.files()
        for plist in ["Config/Kite-Info.plist", "Config/KiteBeta-Info.plist"] {
            let object = try #require(try PropertyListSerialization.propertyList(from: Data(files[plist]!.utf8), format: nil) as? [String: Any])
            #expect(object["BGTaskSchedulerPermittedIdentifiers"] as? [String] == ["com.kiteapp.Kite.refresh"], "\(plist)")
            #expect(object["UIBackgroundModes"] as? [String] == ["fetch"], "\(plist)")
        }
        let steps = try repo.nextSteps()
        #expect(steps.contains("bggen added the Info.plist keys to Config/Kite-Info.plist; nothing to merge."))
        #expect(steps.contains("bggen added the Info.plist keys to Config/KiteBeta-Info.plist; nothing to merge."))

        let again = try InProcessRunner.run(arguments + ["--all-targets"], in: repo.url)
        #expect(again.stdout.contains("Nothing to change"), "\(again.stdout)")
        #expect(try repo.files() == files)
    }
}
