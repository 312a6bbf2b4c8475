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

    static func all(in tokens: [SourceToken], file: String) -> [SessionMisuse] {
        var sessions = backgroundSessionNames(in: tokens)
        guard !sessions.isEmpty else { return [] }
        sessions.formUnion(parametersGiven(sessions, in: tokens))
        var result: [SessionMisuse] = []
        for index in tokens.indices where tokens[index].kind == .identifier && sessions.contains(tokens[index].text)
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
        for index in tokens.indices where tokens[index].kind == .identifier {
            if tokens[index].text == "background", index > 0, tokens[index - 1].text == ".",
               TokenPattern.matches(tokens, at: index + 1, ["(", "withIdentifier"]), let name = boundName(endingBefore: index - 1, in: tokens) {
                configurations.insert(name)
            }
            guard tokens[index].text == "URLSession", TokenPattern.matches(tokens, at: index + 1, ["(", "configuration", ":"]) else { continue }
            let argument = TokenPattern.argument(tokens, from: index + 4).map(\.text)
            let isBackground = argument.starts(with: [".", "background"]) || argument.starts(with: ["URLSessionConfiguration", ".", "background"])
                || (argument.count == 1 && configurations.contains(argument[0]))
            guard isBackground else { continue }
            if index > 0, tokens[index - 1].text == "return", let open = SwiftScopes.enclosingBrace(before: index, in: tokens) {
                let header = SwiftScopes.headerTokens(before: open, in: tokens)
                if let variable = header.firstIndex(where: { $0.text == "var" }), variable + 1 < header.endIndex {
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
                || (index > 0 && ["let", "var"].contains(tokens[index - 1].text)))
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
    private static func parametersGiven(_ sessions: Set<String>, in tokens: [SourceToken]) -> Set<String> {
        var scopes = FunctionScopes(tokens: tokens)
        var parameters: [String: [String]] = [:]
        for index in tokens.indices where index > 0 && tokens[index - 1].text == "func" && tokens[index].kind == .identifier {
            guard let open = tokens[index...].firstIndex(where: { $0.text == "{" && $0.kind == .punctuation }),
                  let function = scopes.function(around: open + 1), function.open == open else { continue }
            parameters[tokens[index].text] = function.scope.parameters
        }
        var result = Set<String>()
        for index in tokens.indices where tokens[index].kind == .identifier && index > 0 && tokens[index - 1].text != "func"
            && TokenPattern.matches(tokens, at: index + 1, ["("]) {
            guard let names = parameters[tokens[index].text], let close = SwiftScopes.closing(index + 1, in: tokens) else { continue }
            var position = 0
            var start = index + 2
            var depth = 0
            for at in (index + 2)...close {
                let token = tokens[at]
                if token.kind == .punctuation && (token.text == "," || at == close) && depth == 0 {
                    var argument = tokens[start..<at].map(\.text)
                    if argument.count > 2, argument[1] == ":" { argument.removeFirst(2) }
                    if argument.count == 3, argument[0] == "self", argument[1] == "." { argument.removeFirst(2) }
                    if argument.count == 1, sessions.contains(argument[0]), position < names.count { result.insert(names[position]) }
                    position += 1
                    start = at + 1
                    continue
                }
                depth += token.nesting
            }
        }
        return result
    }
}
