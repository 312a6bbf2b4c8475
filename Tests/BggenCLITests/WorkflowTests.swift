import BggenCore
import BggenTestSupport
import Foundation
import Testing

/// Issue 38: `.github/workflows/ci.yml` cannot run here, so what can be checked of it is: it is YAML bggen's own
/// reader reads, every job has a hard timeout, the README's test command runs on Linux and on both macOS runners
/// with Xcode 26.4 selected, the Mac-only steps are there, and the docs/doctor.md recipe runs as written.
@Suite("The GitHub workflow")
struct WorkflowTests {
    private static func text(_ path: String) throws -> String {
        try String(contentsOf: RepositoryPaths.root.appendingPathComponent(path), encoding: .utf8)
    }

    private static func workflow() throws -> YAMLNode {
        try YAMLSubset.parse(text(".github/workflows/ci.yml"))
    }

    /// The `run` texts of a job's steps, in order.
    private static func runs(_ job: YAMLNode?) -> [String] {
        (job?["steps"]?.list ?? []).compactMap { $0["run"]?.string }
    }

    /// The README's test command, from its Contributing block (`PackagingTests` holds `.ci/run` to it).
    private static func readmeTestCommand() throws -> String {
        let line = try #require(try text("README.md").split(separator: "\n").first { $0.hasPrefix("swift test") })
        return line.split(separator: "#")[0].trimmingCharacters(in: .whitespaces)
    }

    @Test func everyJobHasAHardTimeout() throws {
        let jobs = try #require(try Self.workflow()["jobs"]?.pairs)
        #expect(jobs.map(\.key) == ["linux", "macos", "doctor-recipe"])
        for (name, job) in jobs {
            let minutes = try #require(job["timeout-minutes"]?.string.flatMap { Int($0) }, "\(name) has no timeout-minutes")
            #expect((1...120).contains(minutes), "\(name): \(minutes) minutes")
        }
    }

    @Test func theReadmesTestCommandRunsOnLinuxAndOnBothMacOSRunnersWithXcode26() throws {
        let jobs = try #require(try Self.workflow()["jobs"])
        let command = try Self.readmeTestCommand()
        #expect(Self.runs(jobs["linux"]).contains(command))
        #expect(jobs["linux"]?["container"]?.string == "swift:6.3.1-noble")
        let macos = jobs["macos"]
        #expect(Self.runs(macos).contains(command))
        #expect(macos?["strategy"]?["matrix"]?["runner"]?.strings == ["macos-15", "macos-26"])
        #expect(macos?["runs-on"]?.string == "${{ matrix.runner }}")
        #expect(macos?["env"]?["DEVELOPER_DIR"]?.string == "/Applications/Xcode_26.4.app/Contents/Developer")
    }

    @Test func theMacJobInstallsDiffsDoctorChecksTheBundleAndBuildsThePluginBothWays() throws {
        let jobs = try #require(try Self.workflow()["jobs"])
        #expect(Self.runs(jobs["linux"]).contains(".ci/doctor-fixtures .build/release/bggen doctor-linux"))
        let steps = Self.runs(jobs["macos"]).joined(separator: "\n")
        for expected in [
            #"make install PREFIX="$RUNNER_TEMP/prefix""#,
            #".ci/doctor-fixtures "$RUNNER_TEMP/prefix/bin/bggen" doctor-macos"#,
            "diff -ru doctor-linux doctor-macos",
            ".ci/make-artifactbundle",
            #"lipo -info "$binary" | grep -q arm64"#,
            #"lipo -info "$binary" | grep -q x86_64"#,
            "swift build --package-path Tests/Fixtures/BuildToolUser",
            "xcodebuild build -scheme Feature -destination 'generic/platform=iOS Simulator' -skipPackagePluginValidation",
        ] {
            #expect(steps.contains(expected), "the macOS job does not run \(expected)")
        }
        let scripts = [".ci/doctor-fixtures", ".ci/make-artifactbundle", ".ci/make-plugin-package", ".ci/run"]
        #expect(scripts.allSatisfy { FileManager.default.isExecutableFile(atPath: RepositoryPaths.root.appendingPathComponent($0).path) })
    }

    /// Issue 43: the walk's and readers' tests run under AddressSanitizer in the Linux job, a step of its own after
    /// the README's test command, which `.ci/run` keeps alone.
    @Test func theLinuxJobRunsTheWalkUnderAddressSanitizer() throws {
        let linux = Self.runs(try #require(try Self.workflow()["jobs"])["linux"])
        let test = try #require(linux.firstIndex(of: try Self.readmeTestCommand()))
        let asan = try #require(linux.firstIndex(of: ".ci/asan-walk"), "\(linux)")
        #expect(asan > test)
        #expect(FileManager.default.isExecutableFile(atPath: RepositoryPaths.root.appendingPathComponent(".ci/asan-walk").path))
        let script = try Self.text(".ci/asan-walk")
        #expect(script.contains("--sanitize=address") && script.contains("FolderReadTests|HostileCloneTests|RepositorySafetyTests|OutsideFolderTests"))
        #expect(!(try Self.text(".ci/run")).contains("sanitize"))
    }

    /// Each step of the docs/doctor.md recipe is in the recipe job as written, with the same runner and Xcode, but
    /// for where bggen is cloned from (this repository) and its last step: the fixture it audits has findings, so
    /// the job checks that doctor reported them instead of failing on them.
    @Test func theDocsRecipeRunsAsWritten() throws {
        let doc = try Self.text("docs/doctor.md")
        let start = try #require(doc.range(of: "**On GitHub**"))
        let open = try #require(doc.range(of: "```yaml\n", range: start.upperBound..<doc.endIndex))
        let close = try #require(doc.range(of: "```\n", range: open.upperBound..<doc.endIndex))
        let recipe = try #require(try YAMLSubset.parse(String(doc[open.upperBound..<close.lowerBound]))["jobs"]?["background-work"])
        let job = try #require(try Self.workflow()["jobs"]?["doctor-recipe"])
        #expect(job["runs-on"]?.string == recipe["runs-on"]?.string)
        #expect(job["env"]?["DEVELOPER_DIR"]?.string == recipe["env"]?["DEVELOPER_DIR"]?.string)
        #expect(job["permissions"]?["security-events"]?.string == recipe["permissions"]?["security-events"]?.string)
        let documented = try #require(recipe["steps"]?.list)
        let steps = try #require(job["steps"]?.list)
        for step in documented.dropLast() {
            let found = steps.first { $0["run"]?.string == step["run"]?.string && $0["uses"]?.string == step["uses"]?.string }
            #expect(found != nil, "the recipe's step \(step["name"]?.string ?? step["uses"]?.string ?? "?") is not in the job as written")
            #expect(found?["with"]?.pairs?.map { "\($0.key)=\($0.value.string ?? "")" } == step["with"]?.pairs?.map { "\($0.key)=\($0.value.string ?? "")" })
        }
        #expect(documented.last?["run"]?.string == "exit 1")
    }
}
