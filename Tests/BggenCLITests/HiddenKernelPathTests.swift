import BggenTestSupport
import Foundation
import Testing

/// The built binary as a Mac runs it, seen from outside: in a private mount namespace whose `/proc/self/fd` is an
/// empty tmpfs, the kernel cannot name an open descriptor, so every read and walk takes the portable route (on a
/// Mac without it, every walk used to find nothing). Doctor and `init --dry-run` must say exactly what they say with
/// it, and a FIFO named like a source file must hang neither (issue 38).
@Suite("The binary without /proc/self/fd")
struct HiddenKernelPathTests {
    /// `unshare --mount` needs root (or user namespaces); where it is refused the test says so and is skipped.
    static let canHideProc = (try? Subprocess.run(["unshare", "--mount", "--fork", "true"], in: URL(fileURLWithPath: "/")).exitCode) == 0

    @Test(.enabled(if: canHideProc, "unshare --mount is not permitted here, so /proc/self/fd cannot be hidden"),
          arguments: ["NetNewsWire", "NestedProjects", "SynchronizedTemplate", "XcodeGen"])
    func doctorAndInitSayTheSameWithoutAKernelPath(_ fixture: String) async throws {
        let repo = try Fixtures.copy(fixture)
        #expect(mkfifo(repo.url.appendingPathComponent("Fifo.swift").path, 0o644) == 0)
        for arguments in [["doctor"], ["doctor", "--format", "json"], ["init", "--yes", "--dry-run"]] {
            let shown = try await Self.run(arguments, in: repo.url, hidingProc: false)
            let hidden = try await Self.run(arguments, in: repo.url, hidingProc: true)
            #expect(shown.ending == hidden.ending, "\(fixture) \(arguments): \(shown.ending) with /proc, \(hidden.ending) without")
            #expect(shown.output == hidden.output, "\(fixture) \(arguments)")
            #expect(hidden.output.contains("Fifo.swift"), "the FIFO is named: \(hidden.output)")
        }
    }

    /// The proof that the mount hides what it should: bggen run this way lists nothing in `/proc/self/fd`.
    @Test(.enabled(if: canHideProc, "unshare --mount is not permitted here, so /proc/self/fd cannot be hidden"))
    func theMountHidesTheDescriptorsOfTheProcessItStarts() throws {
        let listed = try Subprocess.run(["unshare", "--mount", "--fork", "sh", "-c", Self.hide + "exec ls -A /proc/self/fd"], in: URL(fileURLWithPath: "/"))
        #expect(listed.exitCode == 0 && listed.output.isEmpty, "\(listed.output)")
    }

    /// Mounts an empty tmpfs over the shell's own descriptor folder, which stays the process's after `exec`.
    private static let hide = "mount -t tmpfs none /proc/$$/fd && "

    private static func run(_ arguments: [String], in directory: URL, hidingProc: Bool) async throws -> Subprocess.Run {
        let binary = try RepositoryPaths.binary.path
        let command = hidingProc
            ? ["unshare", "--mount", "--fork", "--kill-child", "sh", "-c", hide + #"exec "$0" "$@""#, binary] + arguments
            : [binary] + arguments
        return try await Subprocess.launch(URL(fileURLWithPath: "/usr/bin/env"), arguments: command, environment: ["NO_COLOR": "1"],
                                           in: directory, timeLimit: 60)
    }
}
