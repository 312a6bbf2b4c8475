import BggenCore
import BggenTestSupport
import Foundation
import Testing

/// The text report's identifiers come from the task kinds' declarations: a line for each chosen kind with an
/// identifier, in `TaskKind`'s order, saying what it identifies in one column.
@Suite("The text report's identifier summary from the task kinds")
struct IdentifierSummaryTests {
    @Test func everyKindWithAnIdentifierHasItsLine() throws {
        let folder = try TemporaryDirectory()
        let run = try InProcessRunner.run(["init", "--yes", "--dry-run", "--bundle-id", "org.sample.kite",
                                           "--tasks", TaskKind.allCases.map(\.rawValue).joined(separator: ",")], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("""
            Identifiers:
              org.sample.kite.refresh               (BGAppRefreshTask)
              org.sample.kite.processing            (BGProcessingTask)
              org.sample.kite.background-downloads  (background URLSession, downloads)
              org.sample.kite.background-uploads    (background URLSession, uploads)
              org.sample.kite.export.<job UUID>     (BGContinuedProcessingTask)
            Info.plist keys:

            """), "\(run.stdout)")
        for spec in TaskSpec.all {
            guard let declared = spec.identifier, let identifier = spec.identifier(under: "org.sample.kite") else { continue }
            #expect(run.stdout.contains("  \(identifier)") && run.stdout.contains("(\(declared.role))\n"), "\(spec.kind) has no line")
        }
    }

    /// A new folder's identifiers use bggen's stand-in prefix, which the run says, so nobody ships
    /// `com.example.app.refresh` by accident; a prefix given is not called one.
    @Test func theStandInPrefixIsNamedAsOne() throws {
        let folder = try TemporaryDirectory()
        let run = try InProcessRunner.run(["init", "--yes", "--dry-run", "demo"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("""
              com.example.app.processing  (BGProcessingTask)
              (com.example.app stands in for your app's bundle ID: pass --bundle-id with it)
            Info.plist keys:
            """), "\(run.stdout)")
        let given = try InProcessRunner.run(["init", "--yes", "--dry-run", "--bundle-id", "org.sample.kite", "demo"], in: folder.url)
        #expect(given.status == 0 && !given.stdout.contains("stands in"), "\(given.stdout)")
    }
}
