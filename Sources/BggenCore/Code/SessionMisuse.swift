import BggenFormats

/// A call on a background `URLSession` that background sessions do not support, found by following the
/// session from `URLSessionConfiguration.background(withIdentifier:)` to the variable it is stored in, within
/// one Swift file.
struct SessionMisuse: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        /// A completion handler or an `async` convenience method (URL001).
        case convenience
        /// A data task, an upload from `Data` or a streamed upload (URL002).
        case unsupportedTask
    }

    var kind: Kind
    /// The method as written, e.g. `dataTask(with:)`.
    var call: String
    var location: FindingLocation

    /// `async` methods that exist only as conveniences.
    private static let asyncMethods: Set<String> = ["data", "download", "upload", "bytes"]

    /// Where the background session was passed to the function the call is in, when that function is another
    /// file's (`Uploader.send(request, on: session)`): the hop a reader checks.
    var passedAt: FindingLocation?

    /// What a finding says: the call, and the hop from the session's caller where there is one.
    var message: String {
        let hop = passedAt.map { ", the session passed as a parameter at \($0.file):\($0.line)" } ?? ""
        return "\(call) is called on a background URLSession\(hop)."
    }

    static func all(in tokens: [SourceToken], file: String) -> [SessionMisuse] {
        var sessions = backgroundSessionNames(in: tokens)
        guard !sessions.isEmpty else { return [] }
        sessions.formUnion(parametersGiven(sessions, in: tokens).local)
        return calls(on: sessions, in: tokens.indices, of: tokens, file: file)
    }

    /// A background session handed to a function the file does not declare, at argument `position`: followed into
    /// that function's parameter once every file is read (`CodeModel.followSessionHandOffs`).
    struct HandOff: Sendable, Equatable {
        var callee: String
        var position: Int
        var location: FindingLocation
    }

    /// A call background sessions do not support, made on a function's `URLSession` parameter: misuse when a caller
    /// passes a background session at `position`.
    struct ParameterCall: Sendable, Equatable {
        var function: String
        var position: Int
        var misuse: SessionMisuse
    }

    static func handOffs(in tokens: [SourceToken], file: String) -> [HandOff] {
        let sessions = backgroundSessionNames(in: tokens)
        guard !sessions.isEmpty else { return [] }
        return parametersGiven(sessions, in: tokens).elsewhere.map { call in
            HandOff(callee: call.callee, position: call.position,
                    location: FindingLocation(file: file, line: tokens[call.at].line, column: tokens[call.at].column))
        }
    }

    /// The unsupported calls each function makes on a parameter typed `URLSession`.
    static func parameterCalls(in tokens: [SourceToken], file: String) -> [ParameterCall] {
        guard tokens.contains(where: { $0.kind == .identifier && $0.text == "URLSession" }) else { return [] }
        var scopes = FunctionScopes(tokens: tokens)
        var result: [ParameterCall] = []
        for index in tokens.indices where index > 0 && tokens[index - 1].keyword == .func && tokens[index].kind == .identifier {
            guard let open = tokens[index...].firstIndex(where: { $0.is("{") }),
                  let function = scopes.function(around: open + 1), function.open == open,
                  let close = SwiftScopes.closing(open, in: tokens) else { continue }
            for (position, name) in function.scope.parameters.enumerated() {
                guard let type = function.scope.signature[name]?.type,
                      tokens[type].filter({ $0.kind == .identifier }).map(\.text) == ["URLSession"] else { continue }
                for misuse in calls(on: [name], in: (open + 1)..<close, of: tokens, file: file) {
                    result.append(ParameterCall(function: tokens[index].text, position: position, misuse: misuse))
                }
            }
        }
        return result
    }

    /// The unsupported calls on `sessions` within `range`.
    private static func calls(on sessions: Set<String>, in range: Range<Int>, of tokens: [SourceToken], file: String) -> [SessionMisuse] {
        var result: [SessionMisuse] = []
        for index in range where tokens[index].kind == .identifier && sessions.contains(tokens[index].text)
            && TokenPattern.matches(tokens, at: index + 1, ["."]) && index + 3 < tokens.count && tokens[index + 3].text == "(" {
            let method = tokens[index + 2]
            guard let close = SwiftScopes.closing(index + 3, in: tokens) else { continue }
            let labels = Set(((index + 4)..<close).filter { tokens[$0].kind == .identifier && tokens[$0 + 1].text == ":" && tokens[$0 - 1].text != "." }
                .map { tokens[$0].text })
            let trailingClosure = close + 1 < tokens.count && tokens[close + 1].text == "{"
            let location = FindingLocation(file: file, line: method.line, column: method.column)
            let label = labels.sorted().map { "\($0):" }.joined()
            let call = "\(method.text)(\(label))"
            switch method.text {
            case "dataTask", "downloadTask", "uploadTask":
                if labels.contains("completionHandler") || trailingClosure {
                    result.append(SessionMisuse(kind: .convenience, call: call, location: location))
                } else if method.text == "dataTask" || labels.contains("from") || labels.contains("withStreamedRequest") {
                    result.append(SessionMisuse(kind: .unsupportedTask, call: call, location: location))
                }
            case _ where asyncMethods.contains(method.text):
                result.append(SessionMisuse(kind: .convenience, call: call, location: location))
            default:
                continue
            }
        }
        return result
    }

    /// Names bound once in the file to a session made from a background configuration: `let session =
    /// URLSession(configuration: .background(withIdentifier: …), …)`, through a configuration variable, or
    /// returned from a `lazy var session: URLSession = { … }()`. A name bound twice could be another session.
    private static func backgroundSessionNames(in tokens: [SourceToken]) -> Set<String> {
        var configurations = Set<String>()
        var names: [String] = []
        // The lengths first: comparing every name's text with both cost two calls each.
        for index in tokens.indices where tokens[index].kind == .identifier {
            let length = tokens[index].text.utf8.count
            if length == 10, tokens[index].text == "background", index > 0, tokens[index - 1].text == ".",
               TokenPattern.matches(tokens, at: index + 1, ["(", "withIdentifier"]), let name = boundName(endingBefore: index - 1, in: tokens) {
                configurations.insert(name)
            }
            guard length == 10, tokens[index].text == "URLSession", TokenPattern.matches(tokens, at: index + 1, ["(", "configuration", ":"]) else { continue }
            let argument = TokenPattern.argument(tokens, from: index + 4).map(\.text)
            let isBackground = argument.starts(with: [".", "background"]) || argument.starts(with: ["URLSessionConfiguration", ".", "background"])
                || (argument.count == 1 && configurations.contains(argument[0]))
            guard isBackground else { continue }
            if index > 0, tokens[index - 1].text == "return", let open = SwiftScopes.enclosingBrace(before: index, in: tokens) {
                let header = SwiftScopes.headerTokens(before: open, in: tokens)
                if let variable = header.firstIndex(where: { $0.keyword == .var }), variable + 1 < header.endIndex {
                    names.append(header[variable + 1].text)
                }
            } else if let name = boundName(endingBefore: index, in: tokens) {
                names.append(name)
            }
        }
        // Most files create no background session: the pass over every binding is for those that do.
        guard !names.isEmpty else { return [] }
        let bindings = Dictionary(grouping: tokens.indices.filter { index in
            tokens[index].kind == .identifier && (TokenPattern.matches(tokens, at: index + 1, ["="])
                || (index > 0 && (tokens[index - 1].keyword == .let || tokens[index - 1].keyword == .var)))
        }, by: { tokens[$0].text })
        return Set(names.filter { name in Set(bindings[name] ?? []).count <= 1 })
    }

    /// `name` in `let name = …`, `var name: Type = …` or `name = …`, where `…` starts at token `start`
    /// (possibly after a type name, as in `URLSessionConfiguration.background`).
    private static func boundName(endingBefore start: Int, in tokens: [SourceToken]) -> String? {
        var cursor = start - 1
        if cursor >= 0, tokens[cursor].text == "URLSessionConfiguration" { cursor -= 1 }
        guard cursor >= 1, tokens[cursor].text == "=" else { return nil }
        cursor -= 1
        if cursor >= 2, tokens[cursor - 1].text == ":" { cursor -= 2 }
        return tokens[cursor].kind == .identifier ? tokens[cursor].text : nil
    }

    /// The parameters a background session is passed as: `fetch(session, url)` or `fetch(using: self.session)` with
    /// `func fetch(_ session: URLSession, …)` in the file makes that parameter the session in the function's body.
    /// Functions of the standard library a session is printed or kept with, never the app's: not searched for.
    private static let notFollowed: Set<String> = ["print", "debugPrint", "dump", "assert", "precondition", "withExtendedLifetime"]

    /// Calls to functions the file does not declare are returned as `elsewhere`, by callee and argument position.
    private static func parametersGiven(_ sessions: Set<String>, in tokens: [SourceToken])
        -> (local: Set<String>, elsewhere: [(callee: String, position: Int, at: Int)]) {
        var scopes = FunctionScopes(tokens: tokens)
        var parameters: [String: [String]] = [:]
        for index in tokens.indices where index > 0 && tokens[index - 1].keyword == .func && tokens[index].kind == .identifier {
            guard let open = tokens[index...].firstIndex(where: { $0.is("{") }),
                  let function = scopes.function(around: open + 1), function.open == open else { continue }
            parameters[tokens[index].text] = function.scope.parameters
        }
        var result = Set<String>()
        var elsewhere: [(callee: String, position: Int, at: Int)] = []
        for index in tokens.indices where tokens[index].kind == .identifier && index > 0 && tokens[index - 1].keyword != .func
            && TokenPattern.matches(tokens, at: index + 1, ["("]) {
            guard let close = SwiftScopes.closing(index + 1, in: tokens) else { continue }
            let names = parameters[tokens[index].text]
            var position = 0
            var start = index + 2
            var depth = 0
            for at in (index + 2)...close {
                if tokens[at].kind == .punctuation && (tokens[at].is(",") || at == close) && depth == 0 {
                    // Only a name, `label: name`, `self.name` or `label: self.name` (at most five tokens) can be a session.
                    guard at - start <= 5 else {
                        position += 1
                        start = at + 1
                        continue
                    }
                    var argument = tokens[start..<at].map(\.text)
                    if argument.count > 2, argument[1] == ":" { argument.removeFirst(2) }
                    if argument.count == 3, argument[0] == "self", argument[1] == "." { argument.removeFirst(2) }
                    if argument.count == 1, sessions.contains(argument[0]) {
                        if let names {
                            if position < names.count { result.insert(names[position]) }
                        } else if tokens[index].text.startsLowercase, !notFollowed.contains(tokens[index].text) {
                            elsewhere.append((tokens[index].text, position, index))
                        }
                    }
                    position += 1
                    start = at + 1
                    continue
                }
                depth += tokens[at].nesting
            }
        }
        return (result, elsewhere)
    }
}
