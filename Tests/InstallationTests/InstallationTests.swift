import BggenTestSupport
import Foundation
import Testing

/// Each way the README installs bggen from a checkout, run for real into a temporary folder, and the installed
/// bggen run from a folder of its own. Serialized: the first three share one scratch build (see `SourceBuild`).
@Suite("Installing from a checkout", .serialized, .highPriority)
struct InstallationTests {
    @Test(.enabled(if: SourceBuild.isInstalled("make"), "make is not installed, so `make install` was not run"))
    func makeInstallPutsAWorkingBggenUnderThePrefix() async throws {
        let temporary = try TemporaryDirectory()
        let prefix = temporary.url.appendingPathComponent("prefix")
        let install = try await Subprocess.run([
            "make", "install", "PREFIX=\(prefix.path)",
            "CONFIGURATION=\(SourceBuild.configuration)", "SCRATCH_PATH=\(SourceBuild.scratch.path)",
        ], in: RepositoryPaths.root)
        try #require(install.exitCode == 0, "\(install.output)")
        print("make install: \(install.duration)")
        // Quiet: no command is echoed. It ends with one line saying what went where, then how a shell finds them:
        // the temporary prefix is on no PATH.
        let echoed = install.output.split(separator: "\n").filter { line in
            ["swift build", "install ", "strip ", "true ", "codesign ", "\""].contains { line.hasPrefix($0) }
        }
        #expect(echoed.isEmpty, "\(echoed)")
        let man = try SourceBuild.printsManPage ? "its man page and " : ""
        #expect(install.output.contains("MB, stripped) in \(prefix.path)/bin, \(man)bash, zsh and fish completions under \(prefix.path)/share\n"),
                "\(install.output)")
        #expect(install.output.contains("\(prefix.path)/bin is not on PATH") && install.output.contains("  export PATH=\"\(prefix.path)/bin:$PATH\""),
                "\(install.output)")
        if SourceBuild.isInstalled("zsh") {
            #expect(install.output.contains("  fpath=(\(prefix.path)/share/zsh/site-functions $fpath)"), "\(install.output)")
        }
        // Stripped: smaller than the binary the build left.
        let built = try await Subprocess.run(["make", "-s", "bin-path", "CONFIGURATION=\(SourceBuild.configuration)", "SCRATCH_PATH=\(SourceBuild.scratch.path)"],
                                             in: RepositoryPaths.root)
        let size = { (path: String) in (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0 }
        let installedSize = size(prefix.appendingPathComponent("bin/bggen").path)
        let builtSize = size(built.output.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(installedSize > 0 && installedSize < builtSize, "installed \(installedSize) bytes, built \(builtSize)")
        print("make install: the binary is \(builtSize) bytes built, \(installedSize) installed")

        let elsewhere = temporary.url.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let path = ["PATH": "\(prefix.path)/bin:\(ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")"]
        let version = try await Subprocess.run(["bggen", "--version"], in: elsewhere, environment: path)
        #expect(version.exitCode == 0)
        #expect(version.output == (try SourceBuild.expectedVersionLine))
        let demo = try await Subprocess.run(["bggen", "init", "--yes", "demo"], in: elsewhere, environment: path)
        #expect(demo.exitCode == 0, "\(demo.output)")
        #expect(FileManager.default.fileExists(atPath: elsewhere.appendingPathComponent("demo/BackgroundProcessing/BackgroundTaskManager.swift").path))

        let manPage = prefix.appendingPathComponent("share/man/man1/bggen.1")
        if try SourceBuild.printsManPage {
            #expect(FileManager.default.fileExists(atPath: manPage.path), "\(install.output)")
        } else {
            #expect(install.output.contains("No man page installed"), "\(install.output)")
            #expect(!FileManager.default.fileExists(atPath: manPage.path))
        }

        let uninstall = try await Subprocess.run(["make", "uninstall", "PREFIX=\(prefix.path)"], in: RepositoryPaths.root)
        #expect(uninstall.exitCode == 0, "\(uninstall.output)")
        #expect(!FileManager.default.fileExists(atPath: prefix.appendingPathComponent("bin/bggen").path))
    }

    /// SwiftPM installs into `~/.swiftpm/bin`; the home folder is moved into the temporary folder (Foundation reads
    /// it from `CFFIXED_USER_HOME` before the user database, which wins over `HOME` for root).
    @Test func swiftPackageExperimentalInstallPutsBggenInSwiftPMsBinFolder() async throws {
        let home = try TemporaryDirectory()
        let install = try await Subprocess.run([
            "swift", "package", "--configuration", SourceBuild.configuration, "--scratch-path", SourceBuild.scratch.path,
            "experimental-install", "--product", "bggen",
        ], in: RepositoryPaths.root, environment: ["HOME": home.path, "CFFIXED_USER_HOME": home.path])
        try #require(install.exitCode == 0, "\(install.output)")
        print("swift package experimental-install: \(install.duration)")

        let installed = home.url.appendingPathComponent(".swiftpm/bin/bggen")
        #expect(install.output.contains("installed to \(installed.path)"), "\(install.output)")
        let version = try await Subprocess.run([installed.path, "--version"], in: home.url)
        #expect(version.exitCode == 0)
        #expect(version.output == (try SourceBuild.expectedVersionLine))
    }

    @Test func theArtifactBundleDescribesARunnableBggenForThisMachine() async throws {
        let output = try TemporaryDirectory()
        let build = try await Subprocess.run([
            ".ci/make-artifactbundle", "--output", output.path,
            "--configuration", SourceBuild.configuration, "--scratch-path", SourceBuild.scratch.path,
        ], in: RepositoryPaths.root)
        try #require(build.exitCode == 0, "\(build.output)")
        print(".ci/make-artifactbundle: \(build.duration)")

        let bundle = output.url.appendingPathComponent("bggen.artifactbundle")
        let info = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: bundle.appendingPathComponent("info.json"))) as? [String: Any])
        #expect(info["schemaVersion"] as? String == "1.0")
        let artifacts = try #require(info["artifacts"] as? [String: Any])
        #expect(Array(artifacts.keys) == ["bggen"])
        let bggen = try #require(artifacts["bggen"] as? [String: Any])
        #expect(bggen["type"] as? String == "executable")
        #expect(bggen["version"] as? String == (try SourceBuild.expectedVersion))
        let variants = try #require(bggen["variants"] as? [[String: Any]])
        try #require(variants.count == 1)
        let triples = try #require(variants[0]["supportedTriples"] as? [String])
        let host = try await hostTriple()
        #expect(triples.contains(host), "\(triples)")
        let executable = bundle.appendingPathComponent(try #require(variants[0]["path"] as? String))
        let version = try await Subprocess.run([executable.path, "--version"], in: output.url)
        #expect(version.exitCode == 0, "\(version.output)")
        #expect(version.output == (try SourceBuild.expectedVersionLine))

        #expect(FileManager.default.fileExists(atPath: executable.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("share/man/man1/bggen.1").path) == (try SourceBuild.printsManPage), "\(build.output)")
        if SourceBuild.isInstalled("zip") {
            #expect(FileManager.default.fileExists(atPath: output.url.appendingPathComponent("bggen.artifactbundle.zip").path))
            #expect(build.output.contains(#/checksum [0-9a-f]{64}/#), "\(build.output)")
        }
        try await checkPluginPackage(bundles: output)
    }

    /// The triple SwiftPM matches against `supportedTriples` on this machine.
    private func hostTriple() async throws -> String {
        let info = try await Subprocess.run(["swift", "-print-target-info"], in: RepositoryPaths.root)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(info.output.utf8)) as? [String: Any])
        let target = try #require(json["target"] as? [String: Any])
        return try #require(target["unversionedTriple"] as? String)
    }
}
