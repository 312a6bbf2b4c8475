import BggenTestSupport
import Foundation

/// Where the installation tests build bggen from this checkout, and what they expect of the result.
///
/// They build in debug, since a release build costs minutes the suite cannot spend, in one scratch folder of their
/// own under `.build/installation-tests`: `swift test` holds the package's own `.build` while it runs, and kept
/// there a second run only relinks. `make install`, `experimental-install`, the artifact bundle and the command
/// plugin all share it, so bggen is compiled once for the four: a package that depends on bggen by path builds
/// bggen's modules with the same commands as bggen's own build, so whichever runs second only relinks (SwiftPM's
/// lock on the folder makes them take turns). The build-tool plugin's bggen is built for the host apart from these
/// (SwiftPM's `-tool` modules), also in this folder.
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
