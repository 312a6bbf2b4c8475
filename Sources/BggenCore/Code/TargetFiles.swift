import BggenFormats

/// Which target each file belongs to: the one whose compile phase, synchronized folder or generator sources list
/// it, else the app target whose folder holds it; never every target. A file none of these tells is shared code
/// (a local package) where the repository has one app target, and nobody's where it has several.
struct TargetFiles: Sendable {
    let ownership: SourceOwnership
    let appTargets: [AppTarget]

    /// The targets that compile `file`, from the project or, failing that, from the app folder holding it.
    func targets(of file: String) -> [String] {
        let claimed = ownership.targets(of: file)
        guard claimed.isEmpty else { return claimed }
        let holders = appTargets.compactMap { target -> (name: String, depth: Int)? in
            guard let folder = target.sourceFolder, !folder.isEmpty, PathText.isInside(file, folder) else { return nil }
            return (target.name, folder.split(separator: "/").count)
        }
        guard let deepest = holders.map(\.depth).max() else { return [] }
        return holders.filter { $0.depth == deepest }.map(\.name).sorted()
    }

    /// Whether `file` counts as `target`'s code: it compiles it, a framework target it links compiles it, it lies in
    /// a local package it uses, or it is shared code of a one-app repository.
    func counts(_ file: String, for target: String) -> Bool {
        let owners = targets(of: file)
        return isOwn(file, for: target, owners: owners) || (owners.isEmpty && appTargets.count <= 1)
    }

    /// Whether `target` compiles `file` into itself: its own, a linked framework target's or a used local package's.
    func isOwn(_ file: String, for target: String, owners: [String]? = nil) -> Bool {
        let owners = owners ?? targets(of: file)
        if owners.contains(target) { return true }
        guard let app = appTargets.first(where: { $0.name == target }) else { return false }
        return owners.contains(where: app.linkedTargets.contains) || app.linkedPackageFolders.contains { PathText.isInside(file, $0) }
    }

    /// Whether `file` sees what `other` declares: a target compiles both, or either is nobody's (shared code), or
    /// `other` is in a framework or package `file`'s app links (the framework does not see the app's code, but a
    /// declaration's file seeing its use is all the callers of this ask).
    func compileTogether(_ file: String, _ other: String) -> Bool {
        let owners = targets(of: file), theirs = targets(of: other)
        if owners.isEmpty || theirs.isEmpty || !Set(theirs).isDisjoint(with: owners) { return true }
        return owners.contains { isOwn(other, for: $0, owners: theirs) } || theirs.contains { isOwn(file, for: $0, owners: owners) }
    }

    /// Files no project and no app folder attributes: with several app targets, counted for none of them.
    func isUnattributed(_ file: String) -> Bool {
        appTargets.count > 1 && targets(of: file).isEmpty && !appTargets.contains { $0.linkedPackageFolders.contains { PathText.isInside(file, $0) } }
    }

    /// A target the project lists no files for (no sources phase, no synchronized folder, no generator sources):
    /// which files it compiles cannot be told, and its audit says so instead of reading it as empty.
    func isUndetermined(_ target: AppTarget) -> Bool {
        !ownership.folders.contains { $0.target == target.name } && !ownership.files.values.contains { $0.contains(target.name) }
    }
}
