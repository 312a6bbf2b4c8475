import BggenFormats

/// Which target each file belongs to: the one whose compile phase, synchronized folder or generator sources list
/// it, else for bggen's own files the target `init` wrote them for (`RecordedOutput`), else the app target whose
/// folder holds it; never every target. A file none of these tells is shared code
/// (a local package) where the repository has one app target, and nobody's where it has several.
///
/// The folders are looked up by the file's own parent folders, never by going through every target: asked once
/// for each file of every target, a scan of the targets made doctor's time grow with (files) × (targets)² (issue 43,
/// item 5: 800 targets and 200 files took over a minute).
struct TargetFiles: Sendable {
    let ownership: SourceOwnership
    let appTargets: [AppTarget]
    /// Folder rules by folder, each with its exceptions as a set.
    private let rules: [Substring: [(target: String, exceptions: Set<Substring>)]]
    /// App targets by their own folder, for files no project lists.
    private let holders: [Substring: [String]]
    /// Targets the project lists files or folders for.
    private let listed: Set<String>
    /// App targets by name (the first of a name, as the project lists them).
    private let apps: [String: AppTarget]
    /// The app targets and the framework targets any of them links, and the local packages any of them uses: what
    /// runs in some app, looked up once per file however many targets there are (`CodeModel.mayRunInApp`).
    let appOrLinkedNames: Set<String>
    let linkedPackageFolders: Set<String>
    /// bggen's files not listed by the project yet, and the one target they were written for.
    private let recorded: RecordedOutput?

    init(ownership: SourceOwnership, appTargets: [AppTarget], recorded: RecordedOutput? = nil) {
        self.ownership = ownership
        self.appTargets = appTargets
        self.recorded = recorded.flatMap { recorded in appTargets.contains { $0.name == recorded.target } ? recorded : nil }
        var rules: [Substring: [(target: String, exceptions: Set<Substring>)]] = [:]
        for rule in ownership.folders {
            // An empty exception would only except the folder itself, which is no file.
            rules[rule.folder[...], default: []].append((rule.target, Set(rule.exceptions.filter { !$0.isEmpty }.map { $0[...] })))
        }
        self.rules = rules
        var holders: [Substring: [String]] = [:]
        for target in appTargets {
            guard let folder = target.sourceFolder, !folder.isEmpty else { continue }
            holders[folder[...], default: []].append(target.name)
        }
        self.holders = holders
        listed = Set(ownership.folders.map(\.target)).union(ownership.files.values.joined())
        apps = Dictionary(appTargets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        appOrLinkedNames = Set(appTargets.flatMap { [$0.name] + $0.linkedTargets })
        linkedPackageFolders = Set(appTargets.flatMap(\.linkedPackageFolders))
    }

    /// The targets that compile `file`, from the project or, failing that, from the app folder holding it.
    func targets(of file: String) -> [String] {
        let folders = PathText.holdingFolders(of: file)
        var claimed = ownership.files[file] ?? []
        for folder in folders {
            guard let found = rules[folder] else { continue }
            let relative = PathText.relative(file, to: String(folder)) ?? file
            let excepted = PathText.holdingFolders(of: relative).dropFirst()
            for rule in found where !excepted.contains(where: rule.exceptions.contains) {
                claimed.insert(rule.target)
            }
        }
        guard claimed.isEmpty else { return claimed.sorted() }
        if let recorded, recorded.files.contains(file) { return [recorded.target] }
        // The deepest app folder holding the file: targets sharing that folder share the file.
        return folders.reversed().lazy.compactMap { holders[$0] }.first?.sorted() ?? []
    }

    /// Whether the project says which files `file`'s folder targets compile, and none of them lists `file`: a
    /// leftover beside the compiled sources (Flutter's `AppDelegate.swift` beside the `AppDelegate.m` the project
    /// builds), or a file not added yet. Such a file starts no app.
    func isLeftOut(_ file: String) -> Bool {
        // Headers are in no sources phase: a target reads them through the files that import them.
        guard !file.hasSuffix(".h") else { return false }
        let folders = PathText.holdingFolders(of: file)
        guard ownership.files[file] == nil, !folders.contains(where: { rules[$0] != nil }) else { return false }
        let holding = folders.reversed().lazy.compactMap { holders[$0] }.first ?? []
        return !holding.isEmpty && holding.allSatisfy(listed.contains)
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
        guard let app = apps[target] else { return false }
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
        !listed.contains(target.name)
    }
}
