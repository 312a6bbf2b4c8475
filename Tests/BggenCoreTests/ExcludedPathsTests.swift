@testable import BggenCore
import Testing

/// `.bggen.json`'s excluded paths are matched once per file, however often doctor names the file (it names a file
/// once per finding in it). Matching once per name made 6,400 findings in one file against 1,600 wildcard paths take
/// half a minute (fixed in f1c538b); a timing test passed with that defect, so these count the matches instead.
@Suite("Excluded paths matched once per file")
struct ExcludedPathsTests {
    @Test func theUnmatchedPathsComeFromOneMatchPerDistinctFile() {
        var paths = ExcludedPaths(["Vendor", "Legacy/*.swift", "Missing", "Gone/*.m"])
        let files = Array(repeating: "App/Tasks.swift", count: 50) + Array(repeating: "Vendor/Lib/Lib.swift", count: 3)
            + ["Legacy/Old.swift", "Legacy/Old.swift"]
        #expect(paths.unmatched(by: files) == ["Missing", "Gone/*.m"])
        #expect(paths.filesMatched == Set(files).count)
    }

    @Test func aFileAskedAboutAgainIsAnsweredWithoutMatching() {
        var paths = ExcludedPaths(["Vendor", "Legacy/*.swift"])
        let files = ["App/Tasks.swift", "Vendor/Lib/Lib.swift", "Legacy/Old.swift"]
        for _ in 0..<20 {
            #expect(files.map { paths.contains($0) } == [false, true, true])
        }
        #expect(paths.filesMatched == files.count)
    }
}
