import BggenFormats

/// The values of a Tuist manifest that `TuistReader` reads besides a target call's own literals: the manifest's
/// top-level constants an argument names (`infoPlist: appInfoPlist`, `destinations: appDestinations`), the keys of
/// an `.extendingDefault(with: […])` or `.dictionary([…])` Info.plist, and the folders of `buildableFolders:`.
enum TuistManifestValues {
    /// `let name = expression` and `let name: Type = expression` at the top level of the manifest, by name: each
    /// expression up to its last bracket's close, ending at the line where no bracket stays open. One pass.
    static func bindings(in tokens: [SourceToken]) -> [String: [SourceToken]] {
        var result: [String: [SourceToken]] = [:]
        var index = 0
        while index < tokens.count {
            guard tokens[index].kind == .identifier, tokens[index].text == "let", index + 2 < tokens.count,
                  tokens[index + 1].kind == .identifier, SwiftScopes.enclosingBrace(before: index, in: tokens) == nil,
                  let equals = tokens[(index + 2)...].prefix(while: { $0.line <= tokens[index].line + 2 && $0.text != "let" })
                      .firstIndex(where: { $0.text == "=" && $0.kind == .punctuation }) else {
                index += 1
                continue
            }
            var end = equals + 1
            var depth = 0
            while end < tokens.count {
                let token = tokens[end]
                if depth == 0, end > equals + 1, token.line > tokens[end - 1].line, token.text != ".", tokens[end - 1].text != "." { break }
                if token.kind == .punctuation { depth = max(0, depth + token.nesting) }
                end += 1
            }
            result[tokens[index + 1].text] = Array(tokens[(equals + 1)..<end])
            index = end
        }
        return result
    }

    /// The argument itself, or the constant it names when it is one plain name the manifest binds.
    static func resolved(_ argument: [SourceToken]?, bindings: [String: [SourceToken]]) -> [SourceToken]? {
        guard let argument, argument.count == 1, argument[0].kind == .identifier, let bound = bindings[argument[0].text] else { return argument }
        return bound
    }

    /// The string and list-of-string values of the dictionary in `.extendingDefault(with: […])` or `.dictionary([…])`:
    /// `"UIBackgroundModes": ["fetch"]`, `.array(["fetch"])` or `.array([.string("fetch")])`, `"Key": "value"`.
    /// Only the dictionary's own keys: a nested dictionary's are skipped with it.
    static func infoProperties(_ tokens: [SourceToken]) -> [String: [String]] {
        guard let open = tokens.firstIndex(where: { $0.text == "[" }) else { return [:] }
        var result: [String: [String]] = [:]
        var index = open + 1
        var depth = 1
        while index < tokens.count, depth > 0 {
            let token = tokens[index]
            if depth == 1, token.kind == .string, index + 1 < tokens.count, tokens[index + 1].text == ":" {
                // The value: up to the `,` or `]` that ends it at this depth.
                var end = index + 2
                var inner = 0
                var strings: [String] = []
                while end < tokens.count {
                    let part = tokens[end]
                    if part.kind == .punctuation {
                        if inner == 0 && (part.text == "," || part.nesting < 0) { break }
                        inner += part.nesting
                    }
                    if part.kind == .string, part.isLiteral { strings.append(part.text) }
                    end += 1
                }
                // `"com.apple.developer.…gpu": true`: a capability switched on.
                if end == index + 3, tokens[index + 2].text == "true" { strings = ["true"] }
                result[token.text] = strings
                index = end
                continue
            }
            if token.kind == .punctuation { depth += token.nesting }
            index += 1
        }
        return result
    }

    /// The folders of `buildableFolders: ["Sources", .folder(path: "Sources"), .folder("App/Sources", exceptions: …)]`:
    /// each element's first string, never the excluded paths of its exceptions.
    static func buildableFolders(_ tokens: [SourceToken]?) -> [String] {
        guard let tokens, let open = tokens.firstIndex(where: { $0.text == "[" }) else { return [] }
        var result: [String] = []
        var depth = 0
        var taken = false
        for token in tokens[open...] {
            if token.kind == .punctuation {
                depth += token.nesting
                if depth == 1 && token.text == "," { taken = false }
                if depth <= 0 { break }
                continue
            }
            if token.kind == .string, token.isLiteral, !taken { result.append(token.text); taken = true }
        }
        return result
    }
}
