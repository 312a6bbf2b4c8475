import Foundation

/// Whether the volume holding a path tells names apart by case. APFS's default (every Mac's start-up volume) does
/// not: `backgroundTaskManager.swift` and `BackgroundTaskManager.swift` are one file there, and a link to
/// `/Users/me/MYAPP/x` leads into `/Users/me/MyApp`. So the inside checks and the search for a file bggen's would
/// clash with compare names as the volume does. Injected like `KernelPaths`: the suite runs on Linux's
/// case-sensitive disks with `.insensitive` to prove the Mac's comparisons here.
public struct VolumeCase: Sendable {
    private let sensitive: @Sendable (String) -> Bool

    /// A volume that answers as `sensitive` says: tests give `.insensitive`.
    package init(sensitive: @escaping @Sendable (String) -> Bool) {
        self.sensitive = sensitive
    }

    /// Whether names at `path` (which exists) differ when only their case does.
    package func isSensitive(at path: String) -> Bool { sensitive(path) }

    /// The platform's: on Darwin the volume's own answer; on Linux case-sensitive (ext4 and btrfs are; a folder
    /// with ext4's `casefold` attribute is not asked about).
    public static let system = VolumeCase(sensitive: systemAnswer)

    /// APFS's default, on any disk: names that differ only in case are the same name.
    public static let insensitive = VolumeCase { _ in false }

    #if canImport(Darwin)
    /// Darwin's `sys/unistd.h` (through `unistd.h`): `pathconf(path, _PC_CASE_SENSITIVE)` is 1 on a case-sensitive
    /// volume, 0 on a case-insensitive one (APFS's and HFS+'s default, exFAT, FAT, SMB shares of them), and -1 when
    /// the file system cannot say; then names are told apart by case, as the kernel's own lookups would be on a
    /// volume that keeps case.
    private static let systemAnswer: @Sendable (String) -> Bool = { path in
        pathconf(path, _PC_CASE_SENSITIVE) != 0
    }
    #else
    private static let systemAnswer: @Sendable (String) -> Bool = { _ in true }
    #endif
}
