import BggenFormats
import BggenModel
import Dispatch
import Foundation

/// The one model of an app's code, built once per run and read by `init` (coverage, registered identifiers, app
/// style, the Objective-C delegate, type clashes) and by every doctor rule.
///
/// Every Swift and Objective-C file is read once, on all cores. A byte search for the words any fact needs spares
/// most files the lexer; those keep their text, searched later for the few names another file's facts need, so that
/// a file defining a constant, a type or a caller of them is found without reading everything again, and only that
/// file is lexed.
/// Constants and extensions are resolved within the files of the target that compiles the fact's file.
struct CodeModel: Sendable {
    /// Files read for facts (`isFull`) and files read for what those needed (constants, types, callers).
    var files: [FileFacts] = []
    /// Files the lexer could not get through (nesting too deep), so their background work is unknown.
    var unreadable: [(file: String, line: Int, reason: String)] = []
    /// Source files that could not be read at all.
    /// Source files that could not be read, each with why (not UTF-8, not a regular file, too large, outside).
    var unreadableSources: [(file: String, reason: String)] = []
    /// Those of them that are not UTF-8 yet name a background API in their bytes: what they register is unknown,
    /// so `init` stops at the first (`line`: the first byte that is not UTF-8), where doctor says it was not searched.
    /// A file whose name is not UTF-8 is among them too (line 1): it could not be opened at all.
    var unreadableBackgroundCode: [(file: String, line: Int, reason: String)] = []
    var declaredNames: [DeclaredName] = []
    /// Every source file the walk found (relative to the root), read or not: what `.bggen.json`'s excluded paths
    /// are checked against.
    var sourceFiles: [String] = []
    var targets: TargetFiles
    /// Each Swift type's declarations, for extensions resolved within a target.
    var typeDeclarations: [String: [(file: String, isolation: SwiftScopes.Isolation)]] = [:]
    /// Where the search for callers towards launch ran out of its budget (`readWhatFactsNeed`), said in the notes of
    /// the registrations it found no path to: the callers it did not follow may hold one.
    var callerSearchCut: String?
    /// The names receiver chains need that `readChainDeclarations`'s budget left unread, each with how many skipped
    /// files holding it were not read and why: a call on such a chain stays untyped, so any function of its name may
    /// be the one it calls, and a finding whose path passes it says so (`LaunchReach.unfollowed(on:to:)`).
    var chainNamesNotFollowed = ChainCuts()
    /// Which functions mention each name, over every function of `files` numbered by its place in
    /// `files.flatMap(\.functions)`: made as the caller search reads files (`indexMentions`), and read again by
    /// `LaunchReach`, which indexing them a second time cost 14 M instructions on duckduckgo-iOS.
    private(set) var mentionedBy = MentionIndex()
    /// How many functions `mentionedBy` holds: those of the files it has indexed.
    private var indexedFunctions = 0
    /// The wrapper names `readWrapperCalls` did not follow, in the order of their first declarations.
    var wrappersNotFollowed: [WrapperCut] = []
    /// bggen's schedule functions that its output declares, each with the files that name it (`findScheduleCalls`).
    var scheduleFunctions: [ScheduleFunction] = []
    /// How many files were lexed, and how many of those were read a second time for another file's sake.
    var lexedCount = 0
    var rereadCount = 0

    /// Every source file's suppression comments, for the files that have any. The first pass reads every file, so
    /// a comment in a file with no background code (stale, or misspelt) is known as well as one beside a finding.
    var ignoreMarks: [String: IgnoreMarks] = [:]

    var facts: [FileFacts] { files.filter(\.isFull) }

    /// A file the first pass did not lex, with its bytes: a later reading searches them for the few names it needs
    /// (`namesHeld(_:in:)`), where hashing every word of every file in the first pass was a quarter of doctor's
    /// time on mastodon and is wasted on a tree whose facts need no other file. Bytes, not a String: making every
    /// file a String checked its bytes a second time, a twentieth of doctor's time on duckduckgo, for the few the
    /// later readings lex.
    fileprivate struct Skipped: Sendable {
        let file: String
        let bytes: FramedBytes
        /// How many bytes it has, kept beside them: sorting the files by size read each one's array, a miss of the
        /// cache each, which cost more than the sort.
        let size: Int
        var text: String { bytes.text }

        init(file: String, bytes: FramedBytes) {
            self.file = file
            self.bytes = bytes
            size = bytes.framed.count
        }
    }

    /// A Swift file read for every fact, as the first pass read it before the wrappers of other files were known:
    /// `readWrapperCalls` reads it again with those it calls from here, where reading it from the disk again read,
    /// checked, lexed and read its bytes whole a second time. The few files read for every fact keep it until then.
    fileprivate struct Lexed: Sendable {
        var reading: FileFacts.FullReading
        var tokens: [SourceToken]
        /// How many bytes the file has: the largest files are read again first.
        var bytes: Int
    }

    /// What `readWrapperCalls` reads a file again from: the text of a file the first pass skipped, which it lexes, or
    /// the first reading of a file read for every fact.
    private enum Reread: Sendable {
        case skipped(String)
        case read(Lexed)
    }

    /// A file's suppression comments as the first pass found them.
    fileprivate struct Marked: Sendable {
        var file: String
        var marks: IgnoreMarks
    }

    /// Boxed, so the walk moves each file's outcome as one reference while it sorts them.
    fileprivate indirect enum Outcome: Sendable {
        case facts(FileFacts, lexed: Lexed?, names: [DeclaredName], marks: Marked?)
        case skipped(Skipped, names: [DeclaredName], marks: Marked?)
        case failed(file: String, line: Int, reason: String)
        case unreadable(String, reason: String, backgroundCodeAt: (line: Int, reason: String)?)
    }

    /// What the walk makes of a file: its outcome, or, for a file to lex, what lexing it needs. The lexing waits
    /// until the walk is done (`lexed(_:clashes:)`): done as each file was read, the largest file to lex could come
    /// last, and the walk ended with one core lexing it and the other idle (MainViewController.swift, 118 KB, at
    /// the end of duckduckgo-iOS's walk, 4–5 ms).
    fileprivate indirect enum Walked: Sendable {
        case done(Outcome)
        case toLex(ToLex)
    }

    /// A file the first pass lexes: for every fact (`wantsFacts`), for the types named like bggen's output
    /// (`wantsNames`), or both.
    fileprivate struct ToLex: Sendable {
        var file: String
        var bytes: FramedBytes
        var language: SourceLexer.Language
        var isHeader: Bool
        var wantsFacts: Bool
        var wantsNames: Bool
        var names: [DeclaredName]
        var marks: Marked?
    }

    private static let factNeedles = ByteNeedles(CodeSymbol.needles)

    /// What finds the app's files and types named like bggen's output (`declaredNames`, for `init`'s prefix).
    struct NameClashSearch: Sendable {
        /// Every name any configuration may generate.
        var names: GeneratedNames
        /// Words a file must contain before it is read for declarations: every type name bggen may generate.
        var typeNeedles: ByteNeedles
        /// Bytes a file's name must hold before it is compared with every file name bggen may generate.
        var fileNeedles: ByteNeedles
        /// The file names compared, lower-cased where the volume does not tell names apart by case.
        var fileNames: [String]
        /// Whether the repository's volume ignores case in names (APFS's default): a file's name clashes with
        /// bggen's when they differ only in case.
        var ignoresCase = false

        /// The names come from lexing bggen's templates, a few milliseconds that doctor, which never names a file,
        /// does not spend.
        static let all = NameClashSearch(names: OutputRenderer.possibleGeneratedNames)

        init(names: GeneratedNames) {
            self.names = names
            typeNeedles = ByteNeedles(names.types.sorted().map { Array($0.utf8) })
            fileNames = names.files.sorted()
            fileNeedles = ByteNeedles(fileNames.map { Array($0.utf8) })
        }

        /// The same search on a volume that ignores case: file names compared case-folded.
        var ignoringCase: NameClashSearch {
            var search = self
            search.ignoresCase = true
            search.fileNames = names.files.map { PathText.folded($0) }.sorted()
            search.fileNeedles = ByteNeedles(search.fileNames.map { Array($0.utf8) })
            return search
        }
    }

    /// Every source file read once (`firstPass`), which needs nothing the project says: made while the project is
    /// read (`ProjectDetector`), then handed to `read`.
    struct FirstReading: Sendable {
        fileprivate var walked: [WalkedFile<Outcome>]
    }

    /// With `clashes`, the files and types named like bggen's output are gathered too (`init`). Once `cancellation`
    /// is cancelled the walk stops, and what it read is only fit to be dropped.
    static func firstReading(root: String, fileSystem: any FileSystem, clashes: NameClashSearch?,
                             cancellation: Cancellation? = nil) -> FirstReading {
        // The walk's files come back as the cores read them: the few kept whole are sorted by `read`, and every later
        // reading of skipped files sorts what it picks, so the model is the same on every run.
        var request = RepositoryWalker.request { name in
            name.hasSuffix(CodeSymbol.headerExtension) || CodeSymbol.sourceExtensions.contains { name.hasSuffix($0) }
        }
        request.isOrdered = false
        request.cancellation = cancellation
        let clashes = clashes.map { fileSystem.isCaseSensitive(root) ? $0 : $0.ignoringCase }
        let walked = fileSystem.walk(request, below: root, within: root) { path, data in
            firstPass(path, data, root: root, clashes: clashes)
        }
        guard cancellation?.isCancelled != true else { return FirstReading(walked: []) }
        return FirstReading(walked: lexed(walked, clashes: clashes))
    }

    /// The walk's files with those it left to lex lexed, on all cores, the largest first
    /// (`concurrentPerform(largestFirst:)`): the files started last are the smallest, so no core is left lexing a
    /// large one alone.
    private static func lexed(_ walked: [WalkedFile<Walked>], clashes: NameClashSearch?) -> [WalkedFile<Outcome>] {
        var toLex: [(index: Int, file: ToLex)] = []
        for (index, file) in walked.enumerated() {
            if case .toLex(let pending)? = file.value { toLex.append((index, pending)) }
        }
        let pending = toLex
        let slots = Slots<Outcome>(count: pending.count)
        DispatchQueue.concurrentPerform(largestFirst: pending.map(\.file.bytes.framed.count)) { order in
            slots.store(lex(pending[order].file, clashes: clashes), at: order)
        }
        var outcomes = [Outcome?](repeating: nil, count: walked.count)
        for ((index, _), outcome) in zip(pending, slots.values) { outcomes[index] = outcome }
        return walked.indices.map { index in
            let file = walked[index]
            let outcome: Outcome? = switch file.value {
            case .done(let outcome)?: outcome
            case .toLex?: outcomes[index]
            case nil: nil
            }
            return WalkedFile(path: file.path, isLink: file.isLink, value: outcome)
        }
    }

    /// The model of the files `first` read, within the targets the project defines.
    static func read(_ first: consuming FirstReading, root: String, fileSystem: any FileSystem, ownership: SourceOwnership,
                     appTargets: [AppTarget]) -> CodeModel {
        var model = CodeModel(targets: TargetFiles(ownership: ownership, appTargets: appTargets,
                                                   recorded: RecordedOutput.read(root: root, fileSystem: fileSystem)))
        let walked = first.walked
        var skipped: [Skipped] = []
        var withFacts: [(facts: FileFacts, lexed: Lexed?, isLink: Bool)] = []
        for file in walked {
            model.sourceFiles.append(file.path)
            switch file.value {
            case .facts(let facts, let lexed, let names, let marked)?:
                withFacts.append((facts, lexed, file.isLink))
                model.declaredNames += names
                if let marked { model.ignoreMarks[marked.file] = marked.marks }
            case .skipped(let file, let names, let marked)?:
                skipped.append(file)
                model.declaredNames += names
                if let marked { model.ignoreMarks[marked.file] = marked.marks }
            case .failed(let file, let line, let reason)?:
                model.unreadable.append((file, line, reason))
            case .unreadable(let file, let reason, let line)?:
                model.unreadableSources.append((file, reason))
                if let line { model.unreadableBackgroundCode.append((file, line.line, line.reason)) }
            case nil:
                continue
            }
        }
        model.unreadable.sort { ($0.file, $0.line) < ($1.file, $1.line) }
        // Every search of the skipped files runs on all cores, each taking the next file when it is free: largest
        // first, so no large file is searched last while the other cores idle. The walk gave them in the order the
        // cores read them, and every reading sorts the files it picks, so the model does not depend on this order.
        skipped.sort { $0.size != $1.size ? $0.size > $1.size : $0.file < $1.file }
        model.unreadableSources.sort { $0.file < $1.file }
        let realRoot = fileSystem.realPath(root) ?? root
        var realPaths = Set<String>()
        // Parallel to `files`, which holds only these until `readWrapperCalls`.
        var lexed: [Lexed?] = []
        for (facts, source, isLink) in withFacts.sorted(by: { $0.facts.file < $1.facts.file }) {
            // A file reached twice through a link is one file: its facts count once. Only a link needs
            // resolving: the walk enters no linked folder, so any other path is its file's real one.
            let real = isLink ? fileSystem.realPath(PathText.join(root, facts.file)) ?? facts.file : PathText.join(realRoot, facts.file)
            guard realPaths.insert(real).inserted else { continue }
            model.files.append(facts)
            lexed.append(source)
            model.lexedCount += 1
        }
        withFacts = []
        // The walk's 8,000 paths and outcomes are freed on the core the walk no longer needs, not before the rules.
        DispatchQueue.global().async { withExtendedLifetime(walked) {} }
        model.readWrapperCalls(from: &skipped, lexed: lexed)
        lexed = []
        // Every file read for every fact is read by now: the files read later for their sake need only what they use.
        let needs = FileFacts.OtherFilesNeed(model.files.lazy.filter(\.isFull))
        var callerNames = Set<String>()
        model.readWhatFactsNeed(from: &skipped, needs: needs, met: &callerNames)
        model.readChainDeclarations(from: &skipped, needs: needs, calling: callerNames)
        model.resolveConstants()
        model.settleHandOffs(unread: skipped)
        model.findScheduleCalls(unread: skipped)
        model.followSessionHandOffs()
        for facts in model.files {
            for (name, isolation) in facts.declaredTypes { model.typeDeclarations[name, default: []].append((facts.file, isolation)) }
        }
        model.declaredNames.sort()
        return model
    }

    private static let notUTF8Reason = "it is not UTF-8 text and it names the background APIs, so what it registers is unknown; save it as UTF-8"

    private static func firstPass(_ file: String, _ data: Result<Data, any Error>, root: String, clashes: NameClashSearch?) -> Walked {
        let name = PathText.name(of: file)
        let bytes: Data
        do {
            bytes = try data.get()
        } catch {
            let unnamed = (error as? FileSystemError)?.cause == FileSystemError.nameNotUTF8Cause
            return .done(.unreadable(file, reason: FileSystemError.cause(of: error),
                                     backgroundCodeAt: unnamed ? (1, "its name is not UTF-8, so it cannot be opened and what it registers is unknown; rename it") : nil))
        }
        // A Latin-1 "é" in a comment leaves the APIs' ASCII names readable: a file that names one holds
        // background code no reader can trust, which init must not guess past.
        do {
            try bytes.checkUTF8(at: PathText.join(root, file))
        } catch {
            let namesAPI = CodeSymbol.isNamedLikeBackgroundCode(name)
                || bytes.withUnsafeBytes { ByteSearch.contains(anyOf: factNeedles, in: $0.assumingMemoryBound(to: UInt8.self)) }
            return .done(.unreadable(file, reason: FileSystemError.cause(of: error),
                                     backgroundCodeAt: namesAPI ? (String.firstInvalidUTF8Line(bytes), Self.notUTF8Reason) : nil))
        }
        // Searched as bytes: only a file the first pass lexes is made a String.
        let framed = bytes.withUnsafeBytes { FramedBytes($0.assumingMemoryBound(to: UInt8.self)) }
        let language: SourceLexer.Language = PathText.endsIn(name, ".swift") ? .swift : .objectiveC
        let isHeader = PathText.endsIn(name, CodeSymbol.headerExtension)
        let namedLike = CodeSymbol.isNamedLikeBackgroundCode(name)
        let (wantsFacts, wantsNames, found) = framed.withBytes { bytes in
            (namedLike || ByteSearch.contains(anyOf: factNeedles, in: bytes),
             clashes.map { ByteSearch.contains(anyOf: $0.typeNeedles, in: bytes) } ?? false,
             IgnoreMarks(utf8: bytes))
        }
        let names = clashes.map { fileNameClash(file, bytes: framed, clashes: $0) } ?? []
        let marked = found.marks.isEmpty ? nil : Marked(file: file, marks: found)
        guard wantsFacts || wantsNames else {
            return .done(.skipped(Skipped(file: file, bytes: framed), names: names, marks: marked))
        }
        return .toLex(ToLex(file: file, bytes: framed, language: language, isHeader: isHeader, wantsFacts: wantsFacts,
                            wantsNames: wantsNames, names: names, marks: marked))
    }

    /// A file the first pass lexes, read for every fact (`wantsFacts`) or for its type names (`wantsNames`).
    private static func lex(_ pending: ToLex, clashes: NameClashSearch?) -> Outcome {
        let file = pending.file, framed = pending.bytes, language = pending.language, marked = pending.marks
        var names = pending.names
        let tokens: [SourceToken]
        do {
            tokens = try SourceLexer.tokens(of: framed, language: language)
        } catch {
            return .failed(file: file, line: error.line, reason: error.reason)
        }
        let text = framed.text
        if pending.wantsNames, let clashes { names += typeClashes(file, text: text, tokens: tokens, clashes: clashes) }
        guard pending.wantsFacts else { return .skipped(Skipped(file: file, bytes: framed), names: names, marks: marked) }
        // A header declares; what it names (a delegate's protocols) tells what starts the app, and nothing else.
        if pending.isHeader { return .facts(FileFacts(header: file, tokens: tokens), lexed: nil, names: names, marks: marked) }
        let reading = FileFacts.FullReading(file: file, text: text, tokens: tokens, language: language)
        return .facts(FileFacts(reading: reading, tokens: tokens, wrappers: [:]),
                      lexed: language == .swift ? Lexed(reading: reading, tokens: tokens, bytes: framed.framed.count) : nil, names: names, marks: marked)
    }

    /// The file's own name, where it ends in a name bggen may generate (in any case, on a volume that ignores it).
    private static func fileNameClash(_ file: String, bytes: FramedBytes, clashes: NameClashSearch) -> [DeclaredName] {
        let name = PathText.name(of: file)
        let compared = clashes.ignoresCase ? PathText.folded(name) : name
        guard name.hasSuffix(".swift"), ByteSearch.contains(anyOf: clashes.fileNeedles, in: compared) else { return [] }
        let stem = String(compared.dropLast(".swift".count))
        guard clashes.fileNames.contains(where: stem.hasSuffix) else { return [] }
        return [DeclaredName(name: String(name.dropLast(".swift".count)), file: file, line: nil, isBggenOutput: isBggenOutput(bytes.text),
                             ignoresCase: clashes.ignoresCase)]
    }

    /// Top-level types ending in a name bggen may generate, with or without a prefix, so a `--prefix` that still
    /// clashes is caught too.
    private static func typeClashes(_ file: String, text: String, tokens: [SourceToken], clashes: NameClashSearch) -> [DeclaredName] {
        let candidates = clashes.names.types
        return TopLevelNames.declarations(in: tokens).filter { declaration in candidates.contains(where: declaration.name.hasSuffix) }
            .map { DeclaredName(name: $0.name, file: file, line: $0.line, isBggenOutput: isBggenOutput(text)) }
    }

    private static func isBggenOutput(_ text: String) -> Bool {
        GeneratedMarker.provenance(of: text) != .foreign || text.hasPrefix(Planner.userFileHeader)
    }

    // MARK: - Resolution

    /// A wrapper one file declares (see `TaskWrapper`) is a registration, submit or session at its calls in the other
    /// files its target compiles: the files that call one, read files whose functions name it and skipped files that
    /// hold it as a word, are read again, each once, with the wrappers they see. A private wrapper is seen only in its own
    /// file; a name more than `mostWrappersOfOneName` files declare as a wrapper is no one wrapper and is not followed,
    /// so the wrappers each file sees stay few. `lexed` holds the Swift files of `files` as the first pass read them,
    /// by their index; the skipped files are lexed from the text they kept.
    private mutating func readWrapperCalls(from skipped: inout [Skipped], lexed: [Lexed?]) {
        let declared = Dictionary(grouping: files.flatMap(\.wrappers).filter { !$0.isPrivate }, by: \.name)
        let wrappers = declared.filter { Set($0.value.map(\.file)).count <= Self.mostWrappersOfOneName }
        wrappersNotFollowed = declared.filter { wrappers[$0.key] == nil }
            .compactMap { name, all in all.map(\.use.location).min().map { WrapperCut(name: name, files: Set(all.map(\.file)).count, at: $0) } }
            .sorted { ($0.at, $0.name) < ($1.at, $1.name) }
        guard !wrappers.isEmpty else { return }
        // The wrappers of `called` that `file` sees: another file's, of a target that compiles it too.
        func seen(_ called: Set<String>, from file: String) -> [String: [TaskWrapper]] {
            var result: [String: [TaskWrapper]] = [:]
            for name in called {
                let seen = (wrappers[name] ?? []).filter { $0.file != file && targets.compileTogether(file, $0.file) }
                if !seen.isEmpty { result[name] = seen }
            }
            return result
        }
        // Each file with what it is read again from, and its index in `files` when it was read for every fact.
        var chosen: [(file: String, index: Int?, source: Reread, wrappers: [String: [TaskWrapper]])] = []
        // Most functions mention no wrapper: told by their hashed mentions, before any of their names is looked up.
        let wrapperNames = MentionedNames(wrappers.keys)
        for (index, facts) in files.enumerated() where facts.isFull && facts.language == .swift {
            guard let source = lexed[index] else { continue }
            let called = Set(facts.functions.filter { !$0.mentions.isDisjoint(with: wrapperNames) }.flatMap { $0.mentions.filter { wrappers[$0] != nil } })
            let visible = called.isEmpty ? [:] : seen(called, from: facts.file)
            if !visible.isEmpty { chosen.append((facts.file, index, .read(source), visible)) }
        }
        var unread: [Skipped] = []
        // In the files' order, so the facts read again come in the same order on every run.
        var calling: [(entry: Skipped, wrappers: [String: [TaskWrapper]])] = []
        // A skipped file calls a wrapper only if it spells the wrapper's name and the labels every call of it spells:
        // searched for both, a file that names `register` for a table's cells is not lexed and read whole for
        // `register(forTaskWithIdentifier:launchHandler:)`, which 16 of duckduckgo-iOS's files were.
        let labels = wrappers.mapValues { $0.map(\.labelsEveryCallSpells) }
        let words = Set(wrappers.keys).union(labels.values.joined().joined())
        for (entry, held) in zip(skipped, Self.namesHeld(words, in: skipped[...], swiftOnly: true)) {
            let called = held.filter { name in labels[name]?.contains { $0.allSatisfy(held.contains) } == true }
            let visible = called.isEmpty ? [:] : seen(called, from: entry.file)
            if visible.isEmpty { unread.append(entry) } else { calling.append((entry, visible)) }
        }
        chosen += calling.sorted { $0.entry.file < $1.entry.file }.map { ($0.entry.file, nil, .skipped($0.entry.text), $0.wrappers) }
        guard !chosen.isEmpty else { return }
        let reading = chosen
        let slots = Slots<FileFacts>(count: chosen.count)
        let sizes = reading.map { entry in
            switch entry.source {
            case .skipped(let text): text.utf8.count
            case .read(let first): first.bytes
            }
        }
        DispatchQueue.concurrentPerform(largestFirst: sizes) { index in
            let (file, _, source, wrappers) = reading[index]
            switch source {
            case .skipped(let text):
                guard let tokens = try? SourceLexer.tokens(of: text, language: .swift) else { return }
                slots.store(FileFacts(file: file, text: text, tokens: tokens, language: .swift, wrappers: wrappers), at: index)
            case .read(let first):
                slots.store(FileFacts(reading: first.reading, tokens: first.tokens, wrappers: wrappers), at: index)
            }
        }
        // A skipped file that cannot be lexed defines and calls nothing here: its first reading said nothing either.
        for (entry, facts) in zip(chosen, slots.values) {
            guard let facts else { continue }
            if let index = entry.index { files[index] = facts } else { files.append(facts) }
        }
        skipped = unread
        rereadCount += chosen.count
    }

    static let mostWrappersOfOneName = 4

    /// Which of `names` each skipped file holds as a word, searched on all cores: what every reading after the
    /// first asks of the files the first pass did not lex. A name that is no one word (`Tasks.register`) is held by
    /// none. With `swiftOnly`, the other files hold none; with `stopsAtFirst`, each holds at most the first found.
    private static func namesHeld(_ names: some Collection<String>, in files: ArraySlice<Skipped>, swiftOnly: Bool = false,
                                  stopsAtFirst: Bool = false) -> [Set<String>] {
        let words = names.filter(ByteSearch.isWord)
        guard !words.isEmpty, !files.isEmpty else { return Array(repeating: [], count: files.count) }
        let needles = WordNeedles(words.map { Array($0.utf8) })
        let slots = Slots<Set<String>>(count: files.count)
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            let file = files[files.startIndex + index]
            guard !swiftOnly || file.file.hasSuffix(".swift") else { return }
            let held = ByteSearch.wholeWords(of: needles, in: file.bytes, stopsAtFirst: stopsAtFirst)
            if !held.isEmpty { slots.store(Set(held.map { words[$0] }), at: index) }
        }
        return slots.values.map { $0 ?? [] }
    }

    /// A wrapper name more than `mostWrappersOfOneName` files declare (`files` of them), which `readWrapperCalls` did
    /// not follow: its calls in other files are not read as registrations, submits or sessions, and CHECK001 says so
    /// at its first declaration's wrapped call (`at`).
    struct WrapperCut: Sendable, Equatable {
        var name: String
        var files: Int
        var at: FindingLocation

        /// One line: which name, how many files declare it, and what was not read.
        var described: String {
            "\(RepositoryText.quoted(name)) is declared as a task wrapper in \(files) files, more than the \(CodeModel.mostWrappersOfOneName) a wrapper's name may be followed from, so its calls in other files were not read as registrations, submits or sessions."
        }
    }

    /// Lexes the skipped files that mention a constant, an extended type or a caller some fact needs, round by
    /// round back towards launch (`Setup.run()` calling `Tasks.registerAll()`), each at most once. `met` is given
    /// the names of the functions the search met.
    private mutating func readWhatFactsNeed(from skipped: inout [Skipped], needs: FileFacts.OtherFilesNeed, met: inout Set<String>) {
        var wanted = Set(files.flatMap(\.uses).compactMap(\.pendingConstant))
        for handler in files.flatMap(\.handlers) {
            if case .extensionOf(let name) = handler.context { wanted.insert(name) }
            wanted.formUnion(handler.handsTaskTo)
        }
        // The functions background sessions are handed to, and the properties system completion handlers are kept
        // in: the files that declare or call them.
        wanted.formUnion(files.flatMap(\.sessionHandOffs).map(\.callee))
        wanted.formUnion(files.flatMap(\.completionStores).map(\.property))
        // The callers of each name among the functions read so far, so a caller in a file already read (the
        // registering file's own `syncNow()` calling `prepare()`) is followed like one in a file read for it.
        // By function number (`mentionedBy`): the name its callers call it by, nil for one the search ends at.
        var callers: [String?] = []
        func index(filesFrom start: Int) {
            indexMentions(ofFilesFrom: start)
            for file in files[start...] {
                callers += file.functions.map { LaunchPaths.endsCallerSearch($0) ? nil : Self.callableName($0.key) }
            }
        }
        var seen = Set<String>()
        defer { met = seen }
        // `names` and every caller of theirs among the functions read, that the search has not met yet.
        func withCallers(_ names: some Sequence<String>) -> Set<String> {
            var met = Set<String>()
            var pending = Array(names)
            while let name = pending.popLast() {
                guard seen.insert(name).inserted else { continue }
                met.insert(name)
                pending += mentionedBy.functions(mentioning: name).compactMap { callers[$0] }
            }
            return met
        }
        index(filesFrom: 0)
        // From the registrations and continued-processing requests, whose paths from launch rules name (another
        // request's function is recorded only to pair it with its registration).
        var frontier = withCallers(files.flatMap(\.uses).compactMap { use -> String? in
            guard use.isRegistration || use.role == .request(.continuedProcessing), case .function(let key) = use.launch else { return nil }
            return Self.callableName(key)
        })
        for round in 0...Self.callerRounds {
            // More callers than a call chain from launch has: following them all by name reads most of the app, so
            // the search stops there, and a registration whose path from launch it did not find gets the CHECK001
            // note, as when the rounds run out. One budget, checked before each round: home-assistant's `register`
            // led to 400 names by the fourth round, and already to 223 through its callers in the files read whole,
            // which read 939 of its 1,625 files in round 0, nine tenths of doctor's time. Round 0 still reads the
            // files the other facts want.
            if frontier.count > Self.mostCallerNames {
                callerSearchCut = round == 0
                    ? "its search for callers stopped before its first round, at \(Self.namesOfCallers(frontier.count)) (more than \(Self.mostCallerNames)) in the files read whole, whose callers it did not read"
                    : "its search for callers stopped in round \(round), at \(Self.namesOfCallers(frontier.count)) (more than \(Self.mostCallerNames)), whose callers it did not read"
                frontier = []
            }
            guard round < Self.callerRounds else {
                if !frontier.isEmpty {
                    callerSearchCut = "its search for callers stopped after \(Self.callerRounds) rounds with \(Self.namesOfCallers(frontier.count)) still to follow"
                }
                return
            }
            let names = round == 0 ? wanted.union(frontier) : frontier
            guard !names.isEmpty, !skipped.isEmpty else { return }
            let held = Self.namesHeld(names, in: skipped[...], stopsAtFirst: true)
            let mentioning = RangeSet(skipped.indices.filter { !held[$0].isEmpty }, within: skipped)
            // No file names them: no file defines them or calls towards launch, and no later round has names.
            guard !mentioning.isEmpty else { return }
            let chosen = skipped[mentioning].sorted { $0.file < $1.file }
            skipped.removeSubranges(mentioning)
            let found = Self.facts(readFor: needs, of: chosen)
            let start = files.count
            files += found
            rereadCount += chosen.count
            let functions = found.flatMap(\.functions)
            index(filesFrom: start)
            let named = MentionedNames(frontier)
            frontier = withCallers(functions.filter { !$0.mentions.isDisjoint(with: named) && !LaunchPaths.endsCallerSearch($0) }
                .map { Self.callableName($0.key) })
        }
    }

    private static let mostCallerNames = 32

    /// `1 name of a caller`, `40 names of callers`: the count the notes on the caller search give.
    static func namesOfCallers(_ count: Int) -> String {
        count == 1 ? "1 name of a caller" : "\(count) names of callers"
    }
    private static let callerRounds = 8

    /// Lexes the skipped files that may declare what the receivers of calls of `names` (the functions the caller
    /// search met) name, when their files do not type them: `Current.sensors.register()` needs the global `Current`
    /// and the property `sensors`, so `LaunchReach` can tell a `SensorContainer`'s `register()` from the one that
    /// registers. A name more than `mostDeclaringFiles` skipped files hold (home-assistant's `Current`, in 600) is
    /// not followed, nor the names past `mostChainFiles` files in all: their receivers stay untyped, as before, and
    /// any call of the name may be the callee's.
    private mutating func readChainDeclarations(from skipped: inout [Skipped], needs: FileFacts.OtherFilesNeed, calling names: Set<String>) {
        guard !names.isEmpty, !skipped.isEmpty else { return }
        // A function calls only names it mentions: the calls of the others are never read (`BodyCalls`), nor
        // those of other names, and those read are each file's on a core of its own.
        let mentioned = MentionedNames(names)
        let bits = NameBits(names)
        let read = files
        let found = Slots<Set<String>>(count: read.count)
        DispatchQueue.concurrentPerform(iterations: read.count) { index in
            var wanted = Set<String>()
            for function in read[index].functions where !function.mentions.isDisjoint(with: mentioned) {
                for shapes in function.calls(of: names, bits: bits).values {
                    for shape in shapes {
                        guard let chain = shape.receiverChain else { continue }
                        wanted.formUnion(chain.names)
                        // The type's declaration says what it inherits: `feature.sensors`, `sensors` declared by its superclass.
                        if chain.rootIsType, !chain.members.isEmpty { wanted.insert(chain.root) }
                    }
                }
            }
            if !wanted.isEmpty { found.store(wanted, at: index) }
        }
        var wanted = Set<String>()
        for case let names? in found.values { wanted.formUnion(names) }
        wanted.subtract(files.lazy.flatMap(\.propertyTypes).map(\.name))
        wanted.subtract(files.lazy.flatMap(\.declaredTypes.keys))
        guard !wanted.isEmpty else { return }
        let (holders, many) = Self.holders(of: wanted, in: skipped, upTo: Self.mostDeclaringFiles)
        // The rarest names first, a declaration more likely than a use, until `mostChainFiles` files are chosen.
        var picked = Set<Int>()
        for (_, holding) in holders.sorted(by: { ($0.value.count, $0.key) < ($1.value.count, $1.key) }) {
            guard picked.count + holding.count <= Self.mostChainFiles else { break }
            picked.formUnion(holding)
        }
        var cuts: [String: ChainCut] = [:]
        for (name, holding) in holders {
            let unread = holding.count(where: { !picked.contains($0) })
            if unread > 0 { cuts[name] = ChainCut(unread: unread, heldByTooMany: false) }
        }
        let chosen = picked.sorted().map { skipped[$0] }.sorted { $0.file < $1.file }
        if !picked.isEmpty { skipped = skipped.indices.filter { !picked.contains($0) }.map { skipped[$0] } }
        chainNamesNotFollowed = ChainCuts(counted: cuts, uncounted: many,
                                          unread: many.isEmpty ? [] : skipped.filter { $0.file.hasSuffix(".swift") }.map(\.bytes))
        guard !chosen.isEmpty else { return }
        let start = files.count
        files += Self.facts(readFor: needs, of: chosen)
        indexMentions(ofFilesFrom: start)
        rereadCount += chosen.count
    }

    /// Adds the functions of `files[start...]` to `mentionedBy`, numbered on from those it holds.
    private mutating func indexMentions(ofFilesFrom start: Int) {
        // By index, reading only each function's names: `for function in` copied every function whole.
        for file in files[start...] {
            for function in file.functions.indices {
                mentionedBy.add(indexedFunctions, mentioning: file.functions[function].mentions)
                indexedFunctions += 1
            }
        }
    }

    /// Which skipped Swift files hold each of `names` as a word (by index), for the names at most `limit` of them hold;
    /// those more hold are `many`. The files are searched in batches, each twice the last, and a name more than `limit`
    /// files hold is looked for no more: common names (`Current`, `info`, `api`) are found in most batches, and their
    /// many matches and short lengths made the search of every file for every name most of doctor's work on
    /// home-assistant-iOS.
    private static func holders(of names: Set<String>, in files: [Skipped], upTo limit: Int) -> (holders: [String: [Int]], many: Set<String>) {
        var holders: [String: [Int]] = [:]
        var many = Set<String>()
        var sought = names.filter(ByteSearch.isWord)
        var start = 0
        var batch = firstHoldersBatch
        while start < files.count, !sought.isEmpty {
            let end = min(files.count, start + batch)
            for (index, held) in zip(start..<end, namesHeld(sought, in: files[start..<end], swiftOnly: true)) {
                for name in held { holders[name, default: []].append(index) }
            }
            for name in sought where holders[name, default: []].count > limit {
                sought.remove(name)
                holders[name] = nil
                many.insert(name)
            }
            start = end
            batch *= 2
        }
        return (holders.filter { !$0.value.isEmpty }, many)
    }

    /// The files `holders(of:in:upTo:)` searches first: enough for a name most files hold to pass the limit.
    private static let firstHoldersBatch = 32

    /// The facts of skipped files read for another file's sake (`needs`), lexed on all cores from the bytes the first
    /// pass kept, in `chosen`'s order: reading them from the disk again read and checked their bytes a second time.
    /// A file too deep to read only defines nothing here; its own reading reported nothing either.
    private static func facts(readFor needs: FileFacts.OtherFilesNeed, of chosen: [Skipped]) -> [FileFacts] {
        let slots = Slots<FileFacts>(count: chosen.count)
        DispatchQueue.concurrentPerform(largestFirst: chosen.map(\.size)) { index in
            let file = chosen[index].file
            let language: SourceLexer.Language = file.hasSuffix(".swift") ? .swift : .objectiveC
            guard let tokens = try? SourceLexer.tokens(of: chosen[index].bytes, language: language) else { return }
            slots.store(FileFacts(file: file, tokens: tokens, language: language, needs: needs), at: index)
        }
        return slots.values.compactMap(\.self)
    }

    /// How many skipped files may hold a name a receiver chain needs before it is not followed, and how many files
    /// all the chains may have read: on home-assistant, 8 per name alone read 200 more files, a tenth of doctor's time.
    static let mostDeclaringFiles = 8
    static let mostChainFiles = 32

    /// A receiver chain's name the budget did not follow: `unread` skipped files hold it, and either more than
    /// `mostDeclaringFiles` do (`heldByTooMany`) or the `mostChainFiles` files were spent on rarer names.
    struct ChainCut: Sendable, Equatable {
        var unread: Int
        var heldByTooMany: Bool

        /// `'Current' (616 files that hold it unread: more than the 8 a name may have read)`.
        func described(_ name: String) -> String {
            let why = heldByTooMany ? "more than the \(CodeModel.mostDeclaringFiles) a name may have read"
                : "past the \(CodeModel.mostChainFiles) files all receivers may have read"
            let files = unread == 1 ? "1 file that holds" : "\(unread) files that hold"
            return "\(RepositoryText.quoted(name)) (\(files) it unread: \(why))"
        }
    }

    /// Where bggen's output declares a schedule function (`TaskSpec.scheduleFunction`), and which files name it: a
    /// function of a file read here mentions it, or a file no reading lexed holds it as a word. Only a repository
    /// with bggen's output searches, so doctor on any other spends nothing here.
    private mutating func findScheduleCalls(unread: [Skipped]) {
        var found: [String: ScheduleFunction] = [:]
        for facts in files where facts.provenance != .foreign {
            for function in facts.functions {
                let name = function.key
                guard ScheduleFunction.names.contains(name) else { continue }
                let location = FindingLocation(file: facts.file, line: function.line, column: function.column)
                if found[name].map({ location < $0.declaration }) ?? true { found[name] = ScheduleFunction(name: name, declaration: location) }
            }
        }
        guard !found.isEmpty else { return }
        for facts in files {
            for name in found.keys where facts.functions.contains(where: { $0.mentions.contains(name) }) {
                found[name]?.namedIn.insert(facts.file)
            }
        }
        for (entry, held) in zip(unread, Self.namesHeld(found.keys, in: unread[...])) {
            for name in held { found[name]?.namedIn.insert(entry.file) }
        }
        scheduleFunctions = found.values.sorted { $0.declaration < $1.declaration }
    }

    /// A launch handler whose task is handed to functions of other files is judged by them. Where each is a task
    /// helper of a file its target compiles (`TaskHelper`), the handler lacks an expiration handler when none of them
    /// sets one or hands the task further, and some work outlives the handler; one that sets it settles it. Otherwise (a delegate the app
    /// delegate implements with a completion closure), it lacks one when its own work outlives it, the app declares
    /// every one of those functions and no file of the app holds the word that sets one; code outside the
    /// repository (a library) may set it, so a function the app does not declare leaves it unknown.
    private mutating func settleHandOffs(unread: [Skipped]) {
        guard files.contains(where: { $0.handlers.contains { !$0.handsTaskTo.isEmpty } }) else { return }
        let helpers = Dictionary(grouping: files.flatMap(\.taskHelpers), by: \.name)
        let noneSetAnywhere = !files.contains(where: \.mentionsExpirationHandler)
            && !Self.namesHeld(FileFacts.expirationWords, in: unread[...], stopsAtFirst: true).contains { !$0.isEmpty }
        let declared = Set(files.flatMap(\.functions).map(\.key))
        for fileIndex in files.indices {
            for handlerIndex in files[fileIndex].handlers.indices {
                let handler = files[fileIndex].handlers[handlerIndex]
                guard !handler.handsTaskTo.isEmpty, !handler.lacksExpirationHandler else { continue }
                let file = files[fileIndex].file
                let found = handler.handsTaskTo.map { name in (helpers[name] ?? []).filter { targets.compileTogether(file, $0.location.file) } }
                if found.allSatisfy({ !$0.isEmpty }) {
                    let all = found.flatMap(\.self)
                    if all.contains(where: \.setsExpiration) { continue }
                    if !all.contains(where: \.isOpen), handler.outlives || all.contains(where: \.outlives) {
                        files[fileIndex].handlers[handlerIndex].lacksExpirationHandler = true
                        let helper = all.first(where: \.outlives) ?? all[0]
                        files[fileIndex].handlers[handlerIndex].helperWithoutExpiration = "\(helper.name) at \(helper.location.file):\(helper.location.line)"
                        continue
                    }
                }
                // A helper handing the task further (to a delegate) leaves the answer to the words of the whole app.
                if handler.outlives, noneSetAnywhere, handler.handsTaskTo.allSatisfy(declared.contains) {
                    files[fileIndex].handlers[handlerIndex].lacksExpirationHandler = true
                }
            }
        }
    }

    /// A background session one file hands to a function of another (`Uploader.send(request, on: session)`) is
    /// that function's `URLSession` parameter: its unsupported calls there are the caller's misuse, each naming
    /// where the session was passed. The function is looked up by name and argument position among the files the
    /// caller's target compiles.
    private mutating func followSessionHandOffs() {
        guard files.contains(where: { !$0.sessionHandOffs.isEmpty }) else { return }
        let calls = Dictionary(grouping: files.flatMap(\.sessionParameterCalls), by: \.function)
        for fileIndex in files.indices {
            for handOff in files[fileIndex].sessionHandOffs {
                for call in calls[handOff.callee] ?? [] where call.position == handOff.position
                    && call.misuse.location.file != handOff.location.file && targets.compileTogether(handOff.location.file, call.misuse.location.file) {
                    var misuse = call.misuse
                    misuse.passedAt = handOff.location
                    files[fileIndex].sessionMisuse.append(misuse)
                }
            }
        }
    }

    /// `Tasks.init` is called as `Tasks(…)`.
    /// Whether the file's code may run in an app: an app target compiles it, or a framework or package an app links
    /// holds it, or no target claims it. A file only a test bundle (or another target no app links) compiles never
    /// runs in the app.
    func mayRunInApp(_ file: String) -> Bool {
        let owners = targets.targets(of: file)
        return owners.isEmpty || owners.contains(where: targets.appOrLinkedNames.contains)
            || targets.linkedPackageFolders.contains { PathText.isInside(file, $0) }
    }

    static func callableName(_ key: String) -> String {
        key.hasSuffix(".init") ? String(key.dropLast(5)) : key
    }

    /// `Config.refreshID` defined in another file of the same target: the value, when exactly one value of that
    /// name exists among the files that target compiles (shared code included). A name written with its types
    /// (`Constants.Values.refreshTaskId`) is looked for first among the constants those types declare.
    private mutating func resolveConstants() {
        let pending = Set(files.flatMap { $0.uses.filter { $0.value == nil }.compactMap(\.pendingConstant) })
        guard !pending.isEmpty else { return }
        var definitions: [String: [(file: String, value: String)]] = [:]
        var typed: [String: [(file: String, path: String, value: String)]] = [:]
        var switched: [String: [(file: String, values: [String])]] = [:]
        for facts in files {
            for (name, values) in facts.constants.switchedMembers where pending.contains(name) {
                switched[name, default: []].append((facts.file, values))
            }
            for (name, value) in facts.constants.values where pending.contains(name) {
                definitions[name, default: []].append((facts.file, value))
            }
            for (path, value) in facts.constants.qualified {
                let name = String(path[path.index(after: path.lastIndex(of: ".")!)...])
                if pending.contains(name) { typed[name, default: []].append((facts.file, path, value)) }
            }
        }
        for fileIndex in files.indices {
            let user = files[fileIndex].file
            // Each name (with its qualifier) is looked up once per file, however often the file uses it: the
            // definitions of a name in many files were filtered again for every use (issue 43, item 5).
            func isVisible(_ file: String) -> Bool { targets.compileTogether(user, file) }
            var resolved: [String: (values: Set<String>, members: [[String]])] = [:]
            func lookUp(_ name: String, qualifier: String?) -> (values: Set<String>, members: [[String]]) {
                let key = (qualifier.map { $0 + "." } ?? "") + name
                if let known = resolved[key] { return known }
                var visible = (definitions[name] ?? []).filter { isVisible($0.file) }
                if let qualifier {
                    let written = qualifier + "." + name
                    let declared = (typed[name] ?? []).filter { ($0.path == written || $0.path.hasSuffix("." + written)) && isVisible($0.file) }
                    if !declared.isEmpty { visible = declared.map { ($0.file, $0.value) } }
                }
                let found = (Set(visible.map(\.value)), (switched[name] ?? []).filter { isVisible($0.file) }.map(\.values))
                resolved[key] = found
                return found
            }
            for useIndex in files[fileIndex].uses.indices where files[fileIndex].uses[useIndex].value == nil {
                guard let name = files[fileIndex].uses[useIndex].pendingConstant else { continue }
                let (values, members) = lookUp(name, qualifier: files[fileIndex].uses[useIndex].pendingQualifier)
                if values.isEmpty, files[fileIndex].uses[useIndex].name != nil, files[fileIndex].uses[useIndex].expression.contains("."),
                   members.count == 1 {
                    // `kind.backgroundTaskIdentifier`, a member one `switch self` gives: one value per case.
                    files[fileIndex].uses[useIndex].caseValues = members[0]
                    continue
                }
                guard values.count == 1 else { continue }
                files[fileIndex].uses[useIndex].value = values.first
                files[fileIndex].uses[useIndex].unresolvedBecause = nil
            }
            if files[fileIndex].uses.contains(where: { !$0.caseValues.isEmpty }) {
                // One call read both as the API and as the app's wrapper of it gives each case once, not twice.
                var seen: Set<TaskIdentifierUse.Occurrence> = []
                files[fileIndex].uses = files[fileIndex].uses.flatMap(\.eachCase).filter { seen.insert($0.occurrence).inserted }
            }
        }
    }

    /// The isolation of `name` where it is declared among the files `target` compiles (shared code included);
    /// unknown when it is declared there never, or more than once.
    func isolation(ofType name: String, forFile file: String) -> SwiftScopes.Isolation {
        let declarations = (typeDeclarations[name] ?? []).filter { targets.compileTogether(file, $0.file) }
        return declarations.count == 1 ? declarations[0].isolation : .unknown
    }
}

extension CodeSymbol {
    /// Whether a Swift file's name holds one of `fileNameMarkers`, compared as bytes: Foundation's
    /// `String.contains` goes through `NSString` on Linux, which showed in a profile of 8,000 file names.
    static func isNamedLikeBackgroundCode(_ name: String) -> Bool {
        name.hasSuffix(".swift") && ByteSearch.contains(anyOf: fileNameMarkerBytes, in: name)
    }

    private static let fileNameMarkerBytes = ByteNeedles(fileNameMarkers.map { Array($0.utf8) })
}
