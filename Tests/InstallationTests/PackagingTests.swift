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

    /// No formula with a made-up address is committed (bggen has none yet): `make formula` (.ci/make-formula) writes
    /// the release's from Formula/bggen.rb.template. Written here for a GitHub archive, in one shell that first checks
    /// a bad checksum is refused: every placeholder filled, the homepage taken from the archive's address, this
    /// version, the source build and the completions, `end`s matching what they close, and valid Ruby where Ruby is.
    @Test func theReleaseFormulaIsWrittenFromTheTemplate() async throws {
        let folder = try TemporaryDirectory()
        let formula = folder.url.appendingPathComponent("bggen.rb")
        let version = try SourceBuild.expectedVersion
        let archive = "https://github.com/acme/bggen/archive/refs/tags/\(version).tar.gz"
        let checksum = String(repeating: "0f", count: 32)
        let run = try await Subprocess.run(["sh", "-c", """
            .ci/make-formula --url "$1" --sha256 0F0F --output "$2"; echo "exit $?"
            .ci/make-formula --url "$1" --sha256 "$3" --output "$2"
            """, "sh", archive, formula.path, checksum], in: RepositoryPaths.root)
        #expect(run.exitCode == 0, "\(run.output)")
        #expect(run.output.contains("error: --sha256 '0F0F' is not 64 lowercase hex digits (shasum -a 256 of the archive).\nexit 64\n"), "\(run.output)")
        let rendered = try String(contentsOf: formula, encoding: .utf8)
        #expect(rendered.firstMatch(of: #/@[A-Z0-9]+@/#) == nil, "a placeholder is left:\n\(rendered)")
        for line in [#"homepage "https://github.com/acme/bggen""#, #"url "\#(archive)""#, #"sha256 "\#(checksum)""#, #"version "\#(version)""#,
                     #"system "swift", "build", "--disable-sandbox", "-c", "release", "--product", "bggen""#, #"bin.install ".build/release/bggen""#,
                     #"generate_completions_from_executable(bin/"bggen", "completion")"#] {
            #expect(rendered.contains("\n  " + line) || rendered.contains("\n    " + line), "the formula lacks \(line)")
        }
        let code = rendered.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.hasPrefix("#") }
        let opened = code.filter { $0.hasPrefix("class ") || $0.hasPrefix("def ") || $0.hasSuffix(" do") }
        #expect(opened.count == 3 && code.filter { $0 == "end" }.count == opened.count, "\(code)")
        if SourceBuild.isInstalled("ruby") {
            let check = try await Subprocess.run(["ruby", "-wc", formula.path], in: RepositoryPaths.root)
            #expect(check.output == "Syntax OK\n", "\(check.output)")
        }
    }

    /// What ships carries no placeholder address (issue 42): no `OWNER/…` and no example.com outside the tests'
    /// fixtures and the snapshots (`com.example.app`, a demo's default bundle id, is a value, not an address).
    @Test func nothingThatShipsHasAPlaceholderAddress() throws {
        let root = RepositoryPaths.root
        let skipped: Set<String> = [".build", ".git", "Tests", "Snapshots", ".swiftpm"]
        var found: [String] = []
        let entries = try #require(FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isDirectoryKey]))
        for case let url as URL in entries {
            let path = String(url.path.dropFirst(root.path.count + 1))
            if skipped.contains(path.split(separator: "/").first.map(String.init) ?? "") { entries.skipDescendants(); continue }
            guard (try url.resourceValues(forKeys: [.isDirectoryKey])).isDirectory != true,
                  let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.contains("OWNER") || line.contains("example.com") {
                found.append("\(path):\(number + 1): \(line)")
            }
        }
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
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
        let formula = try text("Formula/bggen.rb.template")
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
    /// libraries and starts fast, at a fixed address the loader need not relocate; a debug build (the installation
    /// tests') links it as `swift build` does.
    #if os(Linux)
    @Test(.enabled(if: SourceBuild.isInstalled("make"), "make is not installed, so the Makefile was not checked"))
    func makeLinksTheRuntimeIntoALinuxRelease() async throws {
        let release = try await Subprocess.run(["make", "-n", "build", "CONFIGURATION=release"], in: RepositoryPaths.root)
        #expect(release.output.contains("--configuration release --product bggen"), "\(release.output)")
        #expect(release.output.contains("--static-swift-stdlib"), "\(release.output)")
        #expect(release.output.contains("-Xlinker -no-pie"), "\(release.output)")
        let debug = try await Subprocess.run(["make", "-n", "build", "CONFIGURATION=debug"], in: RepositoryPaths.root)
        #expect(debug.exitCode == 0, "\(debug.output)")
        #expect(!debug.output.contains("--static-swift-stdlib"), "\(debug.output)")
        #expect(!debug.output.contains("-no-pie"), "\(debug.output)")
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
