import BggenTestSupport
import Foundation
import Testing

/// What the installers that cannot run here (Homebrew, Mint) read from the repository, and the one test command the
/// README gives and CI runs.
@Suite("Packaging files")
struct PackagingTests {
    private func text(_ path: String) throws -> String {
        try String(contentsOf: RepositoryPaths.root.appendingPathComponent(path), encoding: .utf8)
    }

    @Test(.enabled(if: SourceBuild.isInstalled("ruby"), "Ruby is not installed, so Formula/bggen.rb was not checked with ruby -c"))
    func theHomebrewFormulaIsValidRuby() async throws {
        let check = try await Subprocess.run(["ruby", "-wc", "Formula/bggen.rb"], in: RepositoryPaths.root)
        #expect(check.exitCode == 0, "\(check.output)")
        #expect(check.output == "Syntax OK\n", "\(check.output)")
    }

    /// Homebrew installs the tag the formula names and runs its test against the version it declares.
    @Test func theHomebrewFormulaBuildsTheReleaseOfThisVersionFromSource() throws {
        let formula = try text("Formula/bggen.rb")
        let version = try SourceBuild.expectedVersion
        #expect(formula.contains(#"tag: "\#(version)""#), "the formula's tag is not \(version)")
        #expect(formula.contains(#"version "\#(version)""#), "the formula's version is not \(version)")
        #expect(formula.contains(#"system "swift", "build", "--disable-sandbox", "-c", "release", "--product", "bggen""#))
        #expect(formula.contains(#"bin.install ".build/release/bggen""#))
        #expect(formula.contains(#"generate_completions_from_executable(bin/"bggen", "completion")"#), "the formula installs the completions")
    }

    /// macOS 15, Xcode 26.4 and Swift 6.3 are one claim: the manifest's platform, the formula's requirements, the
    /// README and docs/installing.md say the same, so Homebrew refuses what SwiftPM would fail to build.
    @Test func theSupportedMacOSXcodeAndSwiftAreOneClaimEverywhere() async throws {
        let scratch = SourceBuild.folder.appendingPathComponent("manifest-scratch")
        let dump = try await Subprocess.run(["swift", "package", "--scratch-path", scratch.path, "dump-package"], in: RepositoryPaths.root)
        try #require(dump.exitCode == 0, "\(dump.output)")
        let json = dump.output[try #require(dump.output.firstIndex(of: "{"))...]
        let manifest = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let platforms = try #require(manifest["platforms"] as? [[String: Any]], "Package.swift declares no platform")
        #expect(platforms.map { "\($0["platformName"] ?? "") \($0["version"] ?? "")" } == ["macos 15.0"])
        let formula = try text("Formula/bggen.rb")
        #expect(formula.contains("depends_on macos: :sequoia"))
        #expect(formula.contains(#"depends_on xcode: ["26.4", :build]"#))
        let readme = try text("README.md")
        #expect(readme.contains("runs on macOS 15\nor later"), "the README states macOS 15")
        #expect(readme.contains("Swift 6.3 or later: Xcode 26.4 or later"), "the README states Swift 6.3 and Xcode 26.4")
        let installing = try text("docs/installing.md")
        #expect(installing.contains("| macOS | 15 (Sequoia) or later |"))
        #expect(installing.contains("| Xcode | 26.4 or later |"))
        #expect(installing.contains("| Swift | 6.3 or later |"))
    }

    /// On Linux a release from `make` links the Swift runtime in, so the installed binary runs without the toolchain's
    /// libraries and starts fast; a debug build (the installation tests') links it as `swift build` does.
    #if os(Linux)
    @Test(.enabled(if: SourceBuild.isInstalled("make"), "make is not installed, so the Makefile was not checked"))
    func makeLinksTheRuntimeIntoALinuxRelease() async throws {
        let release = try await Subprocess.run(["make", "-n", "build", "CONFIGURATION=release"], in: RepositoryPaths.root)
        #expect(release.output.contains("--configuration release --product bggen"), "\(release.output)")
        #expect(release.output.contains("--static-swift-stdlib"), "\(release.output)")
        let debug = try await Subprocess.run(["make", "-n", "build", "CONFIGURATION=debug"], in: RepositoryPaths.root)
        #expect(debug.exitCode == 0, "\(debug.output)")
        #expect(!debug.output.contains("--static-swift-stdlib"), "\(debug.output)")
    }
    #endif

    /// `mint install` builds the package with `swift build -c release` and links its executable products, so the
    /// package must vend `bggen` as one, whatever the manifest's shape.
    @Test func mintFindsBggenAsAnExecutableProduct() async throws {
        // A scratch folder of its own: `swift test` holds the package's .build, and this would wait for it forever.
        let scratch = SourceBuild.folder.appendingPathComponent("manifest-scratch")
        let dump = try await Subprocess.run(["swift", "package", "--scratch-path", scratch.path, "dump-package"], in: RepositoryPaths.root)
        try #require(dump.exitCode == 0, "\(dump.output)")
        let json = dump.output[try #require(dump.output.firstIndex(of: "{"))...]
        let manifest = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let products = try #require(manifest["products"] as? [[String: Any]])
        let executables = products.filter { ($0["type"] as? [String: Any])?["executable"] != nil }.compactMap { $0["name"] as? String }
        #expect(executables == ["bggen"])
    }

    /// The plugins the README and docs/doctor.md tell a package to use are products, each with the capability and
    /// permissions documented: only `bggen` (for init) asks to write.
    @Test func thePluginsAreProductsAndOnlyInitsAsksToWrite() async throws {
        let scratch = SourceBuild.folder.appendingPathComponent("manifest-scratch")
        let dump = try await Subprocess.run(["swift", "package", "--scratch-path", scratch.path, "dump-package"], in: RepositoryPaths.root)
        try #require(dump.exitCode == 0, "\(dump.output)")
        let json = dump.output[try #require(dump.output.firstIndex(of: "{"))...]
        let manifest = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let products = try #require(manifest["products"] as? [[String: Any]])
        let plugins = products.filter { ($0["type"] as? [String: Any])?["plugin"] != nil }.compactMap { $0["name"] as? String }
        #expect(Set(plugins) == ["BggenPlugin", "BggenDoctorPlugin", "BggenBuildToolPlugin"], "\(plugins)")
        let targets = try #require(manifest["targets"] as? [[String: Any]])
        func capability(_ name: String) -> [String: Any]? {
            targets.first { $0["name"] as? String == name }?["pluginCapability"] as? [String: Any]
        }
        #expect(capability("BggenBuildToolPlugin")?.keys.contains("buildTool") == true)
        // A command capability is dumped as [intent, permissions].
        let doctor = try #require(capability("BggenDoctorPlugin")?["command"] as? [Any])
        #expect((doctor.last as? [Any])?.isEmpty == true, "bggen-doctor asks for nothing: \(doctor)")
        let command = try #require(capability("BggenCommandPlugin")?["command"] as? [Any])
        #expect((command.last as? [Any])?.count == 1, "\(command)")
    }

    /// CI runs what the README tells contributors to run, and nothing else.
    @Test func ciRunsExactlyTheReadmesTestCommand() throws {
        let readmeCommands = try text("README.md").split(separator: "\n")
            .filter { $0.hasPrefix("swift test") }
            .map { $0.split(separator: "#")[0].trimmingCharacters(in: .whitespaces) }
        #expect(readmeCommands == ["swift test"], "the README's test command lines: \(readmeCommands)")
        let ciCommands = try text(".ci/run").split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") && !$0.hasPrefix("set ") && !$0.hasPrefix("cd ") }
        #expect(ciCommands == readmeCommands, "\(ciCommands)")
    }
}
