import BggenTestSupport
import Foundation

/// Where the installation tests build bggen from this checkout, and what they expect of the result.
///
/// They build in debug, since a release build costs minutes the suite cannot spend, in one scratch folder of their
/// own under `.build/installation-tests`: `swift test` holds the package's own `.build` while it runs, and kept
/// there a second run only relinks. bggen is compiled twice in it, once per variant SwiftPM builds: `make install`,
/// `experimental-install` and the artifact bundle share the product's modules, so whichever runs second only
/// relinks (SwiftPM's lock on the folder makes them take turns); the command plugin and the build-tool plugin both
/// run bggen as a plugin's tool, which SwiftPM builds for the host apart from these (its `-tool` modules), shared
/// by the two. Neither variant can start from the modules `swift test` built: SwiftPM's build database and the Swift
/// driver's incremental record both key on the commands' absolute paths, so a copy of `.build` under another path
/// compiles every file again (the driver says "different arguments were passed to the compiler").
enum SourceBuild {
    static let configuration = "debug"
    static let folder = RepositoryPaths.root.appendingPathComponent(".build/installation-tests")
    static let scratch = folder.appendingPathComponent("scratch")

    /// What the binary this `swift test` built prints for `--version`: every installed copy must print the same.
    static var expectedVersionLine: String {
        get throws { try BinaryRunner.run(["--version"], in: RepositoryPaths.root).stdout }
    }

    /// The version alone, as `bggen 0.1.0` gives it.
    static var expectedVersion: String {
        get throws { try expectedVersionLine.trimmingCharacters(in: .whitespacesAndNewlines).replacing("bggen ", with: "") }
    }

    /// Whether `command` is on PATH.
    static func isInstalled(_ command: String) -> Bool {
        (try? Subprocess.run(["sh", "-c", "command -v \(command)"], in: RepositoryPaths.root).exitCode) == 0
    }

    /// Whether this version of bggen prints a man page (`bggen help --man`), which the installers then install.
    static var printsManPage: Bool {
        get throws { try BinaryRunner.run(["help", "--man"], in: RepositoryPaths.root).status == 0 }
    }
}
