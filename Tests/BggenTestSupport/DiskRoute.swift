import BggenCore

/// The two routes the real disk takes: through the kernel's name for an open descriptor (`/proc/self/fd` here,
/// `F_GETPATH` on a Mac) and its own listing call (`getdents64` here), and the portable one a Mac falls back to,
/// which opens every folder from `/` without following a link and lists folders through `readdir`. Tests of the
/// disk run on both, so the route Linux never takes by itself is proved here.
public enum DiskRoute: String, CaseIterable, Sendable, CustomStringConvertible {
    case kernelPath
    case portable

    public var disk: LocalFileSystem { disk(volumeCase: .system) }

    /// The disk on this route, comparing names as `volumeCase` says (`.insensitive`: as APFS's default does).
    public func disk(volumeCase: VolumeCase) -> LocalFileSystem {
        LocalFileSystem(kernelPaths: self == .kernelPath ? .system : .unavailable, volumeCase: volumeCase,
                        folderListing: self == .kernelPath ? .system : .portable)
    }

    public var description: String { rawValue }
}
