/// The type names a source file declares at its top level. They share one namespace with every other file of the
/// module (and, through a bridging header, with its Objective-C classes), so a second declaration of the same
/// name is an "invalid redeclaration" that breaks the whole target.
package enum TopLevelNames {
    private static let swiftKeywords: Set<String> = ["class", "struct", "enum", "actor", "protocol", "typealias"]

    /// Swift `class|struct|enum|actor|protocol|typealias Name` outside every brace, and Objective-C
    /// `@interface Name` / `@protocol Name`. A forward `@class Name;` only refers to a type, so it is not counted.
    package static func declarations(in tokens: [SourceToken]) -> [(name: String, line: Int)] {
        var result: [(name: String, line: Int)] = []
        var depth = 0
        for (index, token) in tokens.enumerated() {
            if token.kind == .punctuation {
                if token.text == "{" { depth += 1 }
                if token.text == "}" { depth = max(0, depth - 1) }
                continue
            }
            guard depth == 0, token.kind == .identifier, index + 1 < tokens.count, tokens[index + 1].kind == .identifier else {
                continue
            }
            let afterAt = index > 0 && tokens[index - 1].text == "@"
            let isSwift = swiftKeywords.contains(token.text) && !afterAt
            let isObjectiveC = afterAt && (token.text == "interface" || token.text == "protocol")
            if isSwift || isObjectiveC {
                result.append((tokens[index + 1].text, tokens[index + 1].line))
            }
        }
        return result
    }

    /// The names declared in Swift `text`: bggen's own output, which never nests interpolations anywhere near
    /// the lexer's limit.
    package static func declared(inSwift text: String) -> [String] {
        declarations(in: (try? SourceLexer.tokens(of: text, language: .swift)) ?? []).map(\.name)
    }
}
