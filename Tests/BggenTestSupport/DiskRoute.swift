import BggenCore

/// The two routes the real disk takes: through the kernel's name for an open descriptor (`/proc/self/fd` here,
/// `F_GETPATH` on a Mac), and the portable one a Mac falls back to, which opens every folder from `/` without
/// following a link. Tests of the disk run on both, so the route Linux never takes by itself is proved here.
public enum DiskRoute: String, CaseIterable, Sendable, CustomStringConvertible {
    case kernelPath
    case portable

    public var disk: LocalFileSystem {
        LocalFileSystem(kernelPaths: self == .kernelPath ? .system : .unavailable)
    }

    public var description: String { rawValue }
}
