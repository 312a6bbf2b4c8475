import BggenCore
import BggenTestSupport
import Foundation
import Testing

/// The Info.plist steps users run by hand. `PlistBuddy -c "Merge …"` skips top-level keys the file already has, so
/// an app that already lists a background mode or a permitted identifier would silently get none of the new
/// entries (then `register` fails). The steps must add every entry of the fragment one by one instead.
@Suite("Printed Info.plist steps")
struct NextStepsPlistTests {
    @Test(arguments: Scenarios.all)
    func everyFragmentEntryIsAddedOnItsOwn(_ scenario: Scenario) throws {
        let steps = try scenario.nextSteps()
        #expect(!steps.contains("Merge \(OutputRenderer.infoFragmentPath)"))
        let files = Dictionary(uniqueKeysWithValues: try scenario.renderedFiles().map { ($0.path, $0.contents) })
        guard let fragment = files[OutputRenderer.infoFragmentPath] else { return }
        let object = try PropertyListSerialization.propertyList(from: Data(fragment.utf8), options: [], format: nil)
        let entries = try #require(object as? [String: [String]])
        let lines = Set(steps.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
        for (key, values) in entries {
            for value in values {
                #expect(lines.contains("add \(key) '\(value)'"), "no step adds \(value) to \(key)")
            }
        }
        // Ticking the capability makes Xcode create the Info.plist a new project lacks, so it comes before the path.
        let tick = try #require(steps.range(of: "Background Modes, tick:"))
        let path = try #require(steps.range(of: #"plist="<path to your app's Info.plist>""#))
        #expect(tick.lowerBound < path.lowerBound)
        // The helper creates a missing array, and adds an entry only when it is not there yet.
        let helper = try #require(lines.first { $0.hasPrefix("add() {") })
        #expect(helper.contains(#"-c "Add :$1 array""#))
        #expect(helper.contains(#"grep -qxF "    $2" ||"#))
        #expect(helper.contains(#"-c "Add :$1:0 string $2""#))
    }
}
