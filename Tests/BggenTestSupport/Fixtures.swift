import Foundation

/// The synthetic app repositories under `Tests/Fixtures/`, copied into a fresh folder for each test so runs
/// never touch the originals.
public enum Fixtures {
    public static let folder = RepositoryPaths.root.appendingPathComponent("Tests/Fixtures")

    /// A temporary copy of fixture `name`; the copy's root is `directory.url`.
    public static func copy(_ name: String) throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        let source = folder.appendingPathComponent(name)
        for item in try FileManager.default.contentsOfDirectory(atPath: source.path) {
            try FileManager.default.copyItem(at: source.appendingPathComponent(item), to: directory.url.appendingPathComponent(item))
        }
        return directory
    }
}
