import BggenTestSupport
import Foundation
import Testing

extension InstallationTests {
    /// `.ci/make-plugin-package` on the bundle the artifact-bundle test built (so nothing is built twice): a package
    /// whose plugins run the prebuilt bggen, which a package depending on it by path runs without building bggen.
    func checkPluginPackage(bundles: TemporaryDirectory) async throws {
        let packages = try TemporaryDirectory()
        let plugins = packages.url.appendingPathComponent("bggen")
        // `.invalid` is reserved (RFC 2606): the address is the test's, never fetched.
        let write = try await Subprocess.run([".ci/make-plugin-package", "--bundle", bundles.path, "--output", plugins.path,
                                              "--url", "https://releases.invalid/0.1.0/bggen.artifactbundle.zip"], in: RepositoryPaths.root)
        try #require(write.exitCode == 0, "\(write.output)")
        let manifest = try String(contentsOf: plugins.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(manifest.contains(#".binaryTarget(name: "bggen", path: "bggen.artifactbundle")"#))
        if SourceBuild.isInstalled("zip") {
            #expect(manifest.contains(#/// \.binaryTarget\(name: "bggen", url: "https://releases\.invalid/0\.1\.0/bggen\.artifactbundle\.zip", checksum: "[0-9a-f]{64}"\)/#), "\(manifest)")
        }
        // The plugins' sources are Sources/'s, copied when the package is written.
        for plugin in ["BggenCommandPlugin", "BggenDoctorPlugin", "BggenBuildToolPlugin"] {
            let copied = try String(contentsOf: plugins.appendingPathComponent("Plugins/\(plugin)/plugin.swift"), encoding: .utf8)
            #expect(copied == (try String(contentsOf: RepositoryPaths.root.appendingPathComponent("Sources/\(plugin)/plugin.swift"), encoding: .utf8)))
        }

        let dump = try await Subprocess.run(["swift", "package", "dump-package"], in: plugins)
        try #require(dump.exitCode == 0, "\(dump.output)")
        let package = try #require(try JSONSerialization.jsonObject(with: Data(dump.output.utf8)) as? [String: Any])
        let products = try #require(package["products"] as? [[String: Any]]).compactMap { $0["name"] as? String }
        #expect(products == ["BggenPlugin", "BggenDoctorPlugin", "BggenBuildToolPlugin"])
        let targets = try #require(package["targets"] as? [[String: Any]])
        let binary = try #require(targets.first { $0["name"] as? String == "bggen" })
        #expect(binary["type"] as? String == "binary")
        #expect(binary["path"] as? String == "bggen.artifactbundle")

        let user = packages.url.appendingPathComponent("User")
        try FileManager.default.createDirectory(at: user.appendingPathComponent("Sources/App"), withIntermediateDirectories: true)
        try """
        // swift-tools-version:6.0
        import PackageDescription

        let package = Package(name: "User", dependencies: [.package(path: "../bggen")], targets: [.target(name: "App")])
        """.write(to: user.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try "public let answer = 42\n".write(to: user.appendingPathComponent("Sources/App/App.swift"), atomically: true, encoding: .utf8)
        let doctor = try await Subprocess.run(["swift", "package", "bggen-doctor"], in: user)
        print("swift package bggen-doctor through the plugin package: \(doctor.duration)")
        #expect(doctor.exitCode == 0, "\(doctor.output)")
        #expect(doctor.output.contains("0 errors, 0 warnings"), "\(doctor.output)")
        // The prebuilt binary ran: no bggen module was compiled for it (from source, `[n/m] Compiling BggenCore …`).
        #expect(!doctor.output.lowercased().contains("compiling bggen"), "\(doctor.output)")
    }
}
