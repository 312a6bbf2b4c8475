import BggenTestSupport
import Foundation

/// Where the installation tests build bggen from this checkout, and what they expect of the result.
///
/// They build in debug, since a release build costs minutes the suite cannot spend, and in scratch folders of their
/// own under `.build/installation-tests`: `swift test` holds the package's own `.build` while it runs, and kept
/// there a second run only relinks. `make install`, `experimental-install` and the artifact bundle share one
/// scratch folder, so bggen is compiled once for the three; the command plugin is built by the user's package,
/// whose build is its own.
enum SourceBuild {
    static let configuration = "debug"
    static let folder = RepositoryPaths.root.appendingPathComponent(".build/installation-tests")
    static let scratch = folder.appendingPathComponent("scratch")
    static let pluginScratch = folder.appendingPathComponent("plugin-scratch")

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
