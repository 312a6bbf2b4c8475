import Foundation

/// How `LocalFileSystem` learns the kernel's own path of an open descriptor: links resolved, in the volume's own
/// spelling. With it a read or a walk checks once, on what was really opened, that it lies inside the repository;
/// without it (a Linux without `/proc`, a Darwin volume whose `F_GETPATH` fails, or `.unavailable` in the suite) the
/// same read or walk takes the portable route, opening every folder from `/` one at a time without following a
/// link. A missing kernel path costs speed, never a file: the suite runs the file-system, walk and hostile-clone
/// tests with `.unavailable` too, so the route a Mac falls back to is proved here.
public struct KernelPaths: Sendable {
    /// The path of what the descriptor names, as the kernel resolved it; nil when it cannot say.
    let lookup: (@Sendable (Int32) -> String?)?

    /// A kernel that names descriptors as `lookup` says: tests give one that spells paths its own way.
    package init(lookup: (@Sendable (Int32) -> String?)?) {
        self.lookup = lookup
    }

    /// The platform's: `readlink("/proc/self/fd/N")` on Linux, `fcntl(F_GETPATH)` on Darwin.
    public static let system = KernelPaths(lookup: systemLookup)

    /// None at all: every read and walk takes the portable route.
    public static let unavailable = KernelPaths(lookup: nil)

    /// The kernel's path of `descriptor`, when there is one and it is absolute.
    package func path(of descriptor: Int32) -> String? {
        lookup?(descriptor).flatMap { $0.hasPrefix("/") ? $0 : nil }
    }

    #if os(Linux)
    private static let systemLookup: (@Sendable (Int32) -> String?)? = { descriptor in
        LocalFileSystem.linkTarget("/proc/self/fd/\(descriptor)")
    }
    #elseif canImport(Darwin)
    /// Darwin's `sys/fcntl.h`: `F_GETPATH` "return the full path of the fd" into a buffer of `MAXPATHLEN`
    /// (`sys/param.h`) bytes. It gives the on-disk case and `/private/var/…`, so callers compare it with the root's
    /// own kernel path, never only with the user's spelling of the root.
    private static let systemLookup: (@Sendable (Int32) -> String?)? = { descriptor in
        var buffer = [CChar](repeating: 0, count: Int(MAXPATHLEN) + 1)
        guard fcntl(descriptor, F_GETPATH, &buffer) != -1 else { return nil }
        return String(validatingCString: buffer)
    }
    #else
    private static let systemLookup: (@Sendable (Int32) -> String?)? = nil
    #endif
}
