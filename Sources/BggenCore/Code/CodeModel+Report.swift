import BggenFormats
import BggenModel

/// What `init` reads from the model: the code that covers each task kind, the identifiers the app registers, what
/// starts the app, and what could not be resolved. Derived from the same facts doctor audits, so the two agree.
extension CodeModel {
    /// Each symbol of the table the app's code names, and files named like background code.
    var existingCode: [CodeFinding] {
        var result: [CodeFinding] = []
        for facts in self.facts {
            let owners = targets.targets(of: facts.file)
            let taskKinds = Set(facts.mentions.flatMap { CodeSymbol.table[$0.symbol]?.covers ?? [] })
                .intersection([.refresh, .processing, .continuedProcessing])
            for mention in facts.mentions {
                let kinds = mention.symbol == "BGTaskScheduler" ? taskKinds.sorted()
                    : CodeSymbol.sessionSymbols.contains(mention.symbol) ? facts.transferKinds
                    : CodeSymbol.table[mention.symbol]?.covers ?? []
                result.append(CodeFinding(file: facts.file, line: mention.line, symbol: mention.symbol, kinds: kinds, targets: owners,
                                          isBggenOutput: facts.isBggenOutput))
            }
            let name = PathText.name(of: facts.file)
            if CodeSymbol.isNamedLikeBackgroundCode(name) {
                let kinds = name.contains("BackgroundDownload") ? [TaskKind.downloads]
                    : Array(Set(facts.mentions.flatMap { CodeSymbol.table[$0.symbol]?.covers ?? [] })).sorted()
                result.append(CodeFinding(file: facts.file, line: nil, symbol: "file name", kinds: kinds, targets: owners,
                                          isBggenOutput: facts.isBggenOutput))
            }
        }
        return result.sorted()
    }

    /// Task and background-session identifiers the app's own code registers (bggen's earlier output aside), each
    /// classified by the request submitted for the same identifier or through the same constant.
    var registeredIdentifiers: [RegisteredIdentifier] {
        let uses = facts.filter { !$0.isBggenOutput }.flatMap(\.uses)
        let requests = facts.flatMap(\.uses).filter { if case .request = $0.role { true } else { false } }
        let byValue = Dictionary(grouping: requests.filter { $0.value != nil }, by: { $0.value! })
        let byName = Dictionary(grouping: requests.filter { $0.value == nil && $0.name != nil }, by: { $0.name! })
        var result: [RegisteredIdentifier] = []
        for use in uses where use.isRegistration || use.role == .session {
            guard let value = use.value else { continue }
            let constant = use.expression.hasPrefix("\"") ? nil : use.name
            var registered = RegisteredIdentifier(identifier: value, kind: use.role == .session ? .urlSession : .task,
                                                  file: use.location.file, line: use.location.line, constant: constant)
            if registered.kind == .task {
                let matching = (byValue[value] ?? []) + (constant.flatMap { byName[$0] } ?? [])
                if let request = matching.first, case .request(let kind) = request.role,
                   matching.allSatisfy({ $0.role == request.role }), kind != .continuedProcessing,
                   let requestClass = TaskSpec.of(kind).requestClass {
                    registered.taskKind = kind
                    registered.request = "\(requestClass) at \(request.location.file):\(request.location.line)"
                }
            }
            result.append(registered)
        }
        return result.sorted()
    }

    /// Registrations whose identifier the model could not resolve, for `init`'s warnings.
    var unresolvedRegistrations: [ProjectWarning] {
        facts.filter { !$0.isBggenOutput }.flatMap(\.uses).filter { $0.isRegistration && $0.value == nil }.map {
            .unresolvedIdentifier(file: $0.location.file, line: $0.location.line, expression: $0.expression)
        }
    }

    /// What starts each app: the delegate `UIApplicationMain` is given (or the `@main` one), a SwiftUI `App`; a
    /// delegate no launch names where one is named, one in a test folder, or one in a file its project leaves out of
    /// every sources phase (`TargetFiles.isLeftOut`), does not decide the style.
    var entryPoints: [EntryPoint] {
        let launched = facts.flatMap { facts in facts.launchedDelegates.map { (name: $0, owners: targets.targets(of: facts.file)) } }
        var result: [EntryPoint] = []
        for facts in self.facts where !Self.isTestHelper(facts.file) && !targets.isLeftOut(facts.file) {
            let owners = targets.targets(of: facts.file)
            for entry in facts.entryPoints {
                if entry.kind != .swiftUIApp, let name = entry.typeName {
                    let relevant = launched.filter { $0.owners.isEmpty || owners.isEmpty || !Set($0.owners).isDisjoint(with: owners) }
                    if !relevant.isEmpty, !relevant.contains(where: { $0.name == name }) { continue }
                }
                result.append(entry.with(targets: owners))
            }
        }
        return Self.resolvingOwnBases(result).sorted()
    }

    /// `class AppDelegate: BaseAppDelegate`, where `BaseAppDelegate` is itself one of the app's delegates: the
    /// subclass starts the app, so the base is no entry point. A base whose chain reaches another delegate class
    /// (`FlutterAppDelegate`, a linked framework's) implements every method the steps print, so the subclass keeps
    /// it as the superclass to override and call; a base adopting `UIApplicationDelegate` itself implements only
    /// what its body does, so the subclass gets no `override` and the steps name the base (`EntryPoint.ownBase`).
    static func resolvingOwnBases(_ entries: [EntryPoint]) -> [EntryPoint] {
        var delegates: [String: EntryPoint] = [:]
        for entry in entries where entry.kind == .swiftDelegate {
            if let name = entry.typeName, delegates[name] == nil { delegates[name] = entry }
        }
        let bases = Set(entries.compactMap { $0.kind == .swiftDelegate ? $0.superclass : nil }.filter { delegates[$0] != nil })
        guard !bases.isEmpty else { return entries }
        return entries.compactMap { entry in
            guard entry.kind == .swiftDelegate else { return entry }
            if let name = entry.typeName, bases.contains(name) { return nil }
            guard let superclass = entry.superclass, var root = delegates[superclass] else { return entry }
            var seen: Set<String> = [superclass]
            while let next = root.superclass, let further = delegates[next], seen.insert(next).inserted { root = further }
            if root.superclass != nil { return entry }
            let base = delegates[superclass]!
            return entry.subclassing(ownBase: "\(superclass) (\(base.file)\(base.line.map { ":\($0)" } ?? ""))")
        }
    }

    var sceneDelegates: [EntryPoint] {
        facts.filter(\.declaresSceneDelegate).map {
            EntryPoint(file: $0.file, kind: .sceneDelegate, targets: targets.targets(of: $0.file), line: $0.sceneDelegate?.line,
                       typeName: $0.sceneDelegate?.name, superclass: $0.sceneDelegate?.superclass)
        }.sorted()
    }

    var warnings: [ProjectWarning] {
        unreadableSources.map { ProjectWarning.unreadableSource(file: $0.file, reason: $0.reason) } + unresolvedRegistrations
            + cutConstants.map { ProjectWarning.cutConstant(file: $0.file, line: $0.line, name: $0.name) }
    }

    /// The string constants that grew too long to build and that an identifier the model could not resolve may be
    /// made from, each with its file and line: one in a file holding such an identifier, or one such an identifier
    /// names. A long constant no unknown identifier can come from (a script or a page of text in a file read for
    /// another file's sake: home-assistant-iOS's `readSelectionJS` once bggen's output was added) says nothing
    /// about background work.
    var cutConstants: [(file: String, line: Int, name: String)] {
        var filesWithUnknown = Set<String>()
        var namesInUnknown = Set<String>()
        for facts in files {
            for use in facts.uses where use.value == nil && !use.inBggenOutput {
                filesWithUnknown.insert(facts.file)
                namesInUnknown.formUnion(use.expression.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init))
            }
        }
        return files.flatMap { facts in
            facts.constants.cut.filter { filesWithUnknown.contains(facts.file) || namesInUnknown.contains($0.name) }
                .map { (facts.file, $0.line, $0.name) }
        }
    }

    /// A file under a `…Tests` folder: test helpers may declare delegates that start nothing.
    static func isTestHelper(_ file: String) -> Bool {
        file.split(separator: "/").dropLast().contains { $0.hasSuffix("Tests") || $0.hasSuffix("TestSupport") }
    }
}
