import BggenFormats

/// A property or global whose type its declaration writes (`var sensors: SensorContainer`, `var Current =
/// Environment()`), by the type or extension declaring it (nil at file scope), or a function at file scope or a
/// type's static one with the type it returns (`func makeManager() -> Manager`, named `makeManager()`; `static func
/// make() -> Self` returns its type). `PropertyTable` joins every file's, so a receiver written through another
/// file's property (`Current.sensors.register()`) or bound to what another file's function returns (`let manager =
/// makeManager()`, `Factory.make()`) gets its type.
struct PropertyType: Sendable, Hashable {
    var owner: String?
    var name: String
    var type: String

    /// The file's declarations outside functions and closures, in one pass: `name: Type` (not `Module.Type`), or
    /// `name = Type(…)` and `name = Type.shared` (one of `ReceiverTypes.singletonNames`). Each scope's owner is
    /// read once (`owners`), so thousands of properties of one type read its header once.
    static func all(in tokens: [SourceToken]) -> [PropertyType] {
        var result: [PropertyType] = []
        var owners: [Int: String?] = [:]
        for index in tokens.indices where tokens[index].kind == .identifier && (tokens[index].keyword == .var || tokens[index].keyword == .let)
            && index + 3 < tokens.count && tokens[index + 1].kind == .identifier {
            let sign = tokens[index + 2], type = tokens[index + 3]
            guard sign.kind == .punctuation, type.kind == .identifier, type.text.startsUppercase else { continue }
            let after = index + 4 < tokens.count ? tokens[index + 4].text : ""
            switch sign.text {
            case ":" where after != ".": break
            case "=" where after == "(" || after == "." && index + 5 < tokens.count && ReceiverTypes.singletonNames.contains(tokens[index + 5].text): break
            default: continue
            }
            guard let owner = owner(of: index, in: tokens, known: &owners) else { continue }
            result.append(PropertyType(owner: owner, name: tokens[index + 1].text, type: type.text))
        }
        for index in tokens.indices where tokens[index].kind == .identifier && tokens[index].keyword == .func {
            guard let function = returnType(ofFunctionAt: index, in: tokens), let owner = owner(of: index, in: tokens, known: &owners),
                  owner == nil || index > 0 && ["static", "class"].contains(tokens[index - 1].text) else { continue }
            guard let type = function.type == "Self" ? owner : function.type else { continue }
            result.append(PropertyType(owner: owner, name: function.name + "()", type: type))
        }
        return result
    }

    /// `func makeManager(…) async throws -> Manager {`: the function's name and the type it returns, when that is
    /// a plain name (or its optional); nil for a generic function, an operator, or `some`/tuple/closure types.
    private static func returnType(ofFunctionAt index: Int, in tokens: [SourceToken]) -> (name: String, type: String)? {
        guard index + 2 < tokens.count, tokens[index + 1].kind == .identifier, tokens[index + 2].text == "(",
              var cursor = SwiftScopes.closing(index + 2, in: tokens).map({ $0 + 1 }) else { return nil }
        while cursor < tokens.count, ["async", "throws", "rethrows"].contains(tokens[cursor].text) { cursor += 1 }
        if cursor < tokens.count, tokens[cursor].text == "->" {
            cursor += 1
        } else if cursor + 1 < tokens.count, tokens[cursor].text == "-", tokens[cursor + 1].text == ">" {
            cursor += 2
        } else {
            return nil
        }
        guard cursor + 1 < tokens.count, tokens[cursor].kind == .identifier, tokens[cursor].text.startsUppercase else { return nil }
        var after = cursor + 1
        while after < tokens.count, ["?", "!"].contains(tokens[after].text) { after += 1 }
        guard after < tokens.count, tokens[after].text == "{" || tokens[after].text == "where" else { return nil }
        return (tokens[index + 1].text, tokens[cursor].text)
    }

    /// The type or extension whose body holds the declaration at `index`: `.some(nil)` at file scope, nil inside a
    /// function, a closure or an accessor (a local name).
    private static func owner(of index: Int, in tokens: [SourceToken], known: inout [Int: String?]) -> String?? {
        guard let open = SwiftScopes.enclosingBrace(before: index, in: tokens) else { return .some(nil) }
        if let found = known[open] { return found.map { .some($0) } }
        let header = SwiftScopes.headerTokens(before: open, in: tokens)
        var owner: String?
        if let keyword = header.lastIndex(where: { $0.kind == .identifier && $0.keyword.declaresTypeOrProtocol }),
           keyword + 1 < header.endIndex, header[keyword + 1].kind == .identifier, ![Keyword.func, .var, .let].contains(header[keyword + 1].keyword) {
            owner = header[keyword + 1].text
        }
        known[open] = .some(owner)
        return owner.map { .some($0) }
    }
}

/// Every file's `PropertyType`s, read together: the type a receiver chain ends in, hop by hop. A name declared
/// with two types (two globals, or a property of two extensions) types nothing. A property a type does not
/// declare is looked for in what it inherits or conforms to (`supertypes`), nearest first: `class Feature: Base`
/// has `Base`'s `let sensors: Sensors`, and a protocol's extension declares properties for every conforming type.
struct PropertyTable: Sendable {
    private var globals: [String: Set<String>] = [:]
    private var members: [String: [String: Set<String>]] = [:]
    private let supertypes: [String: Set<String>]
    /// Each inherited property's types once looked up, by type and name: thousands of calls through one subclass
    /// walk its ancestry once.
    private var inherited: [String: [String: Set<String>]] = [:]

    init(_ declarations: some Sequence<PropertyType>, supertypes: [String: Set<String>] = [:]) {
        self.supertypes = supertypes
        for declaration in declarations {
            if let owner = declaration.owner {
                members[owner, default: [:]][declaration.name, default: []].insert(declaration.type)
            } else {
                globals[declaration.name, default: []].insert(declaration.type)
            }
        }
    }

    var isEmpty: Bool { globals.isEmpty && members.isEmpty }

    /// The type of the value `chain` names: its root is a global or, failing that, a type (`Environment.shared`),
    /// unless the file that wrote it already knew the root's type; each later name is a property of the type so far.
    /// Nil when some hop is not declared, or declared with more than one type. A type's static function no file read
    /// declares (`State.loading(progress)`, an enum case with a payload, or an SDK's factory) is taken to give the
    /// type itself, as the file's own reading of `Type.member(…)` did before static functions were read.
    mutating func type(of chain: ReceiverChain) -> String? {
        var type: String
        if chain.rootIsType {
            type = chain.root
        } else if chain.rootIsCall {
            guard let returned = globals[chain.root + "()"], returned.count == 1, let only = returned.first else { return nil }
            type = only
        } else if let global = globals[chain.root] {
            guard global.count == 1, let only = global.first else { return nil }
            type = only
        } else if chain.root.startsUppercase {
            type = chain.root
        } else {
            return nil
        }
        for name in chain.members {
            if name.hasSuffix("()"), members[type]?[name] == nil, inheritedTypes(of: name, in: type) == nil { continue }
            guard let next = members[type]?[name] ?? inheritedTypes(of: name, in: type), next.count == 1, let only = next.first else { return nil }
            type = only
        }
        return type
    }

    /// The types of the property `name` that `type` inherits: those the nearest ancestors declaring it give, level by
    /// level (a cycle of declarations ends where it meets a type already walked); nil when none does.
    private mutating func inheritedTypes(of name: String, in type: String) -> Set<String>? {
        guard supertypes[type] != nil else { return nil }
        if let known = inherited[type]?[name] { return known.isEmpty ? nil : known }
        var seen: Set<String> = [type]
        var level = supertypes[type] ?? []
        var found = Set<String>()
        while found.isEmpty, !level.isEmpty {
            var next = Set<String>()
            for ancestor in level where seen.insert(ancestor).inserted {
                if let declared = members[ancestor]?[name] { found.formUnion(declared) } else { next.formUnion(supertypes[ancestor] ?? []) }
            }
            level = next
        }
        inherited[type, default: [:]][name] = found
        return found.isEmpty ? nil : found
    }
}

/// A call's receiver as the file writes it, when the file alone does not type it: `Current.sensors` is the global
/// `Current`, then its property `sensors`; `env.sensors`, with `let env: Environment` in the file, is the type
/// `Environment`, then `sensors`.
struct ReceiverChain: Sendable, Hashable {
    var root: String
    /// The file declared the root's type, and `root` is that type.
    var rootIsType: Bool
    /// The file bound the root's name to what a function returns (`let manager = makeManager()`), and `root` is the
    /// function's name: the value has the type its declaration returns (`func makeManager() -> Manager`).
    var rootIsCall = false
    /// A member `make()` is the type's static function `make` (`Factory.make()`), which returns the next type.
    var members: [String]

    /// The names other files must declare for the chain to be typed: its properties and functions, and its root
    /// unless it is a type.
    var names: [String] { (rootIsType ? members : [root] + members).map { $0.hasSuffix("()") ? String($0.dropLast(2)) : $0 } }
}
