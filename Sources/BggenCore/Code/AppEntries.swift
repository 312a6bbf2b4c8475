import BggenFormats

/// What starts the app, read from tokens: a SwiftUI `@main App` (with its `@UIApplicationDelegateAdaptor`), a Swift
/// app delegate (a class conforming to `UIApplicationDelegate`, subclassing a framework's delegate such as
/// `FlutterAppDelegate`, or declaring `application(_:didFinishLaunchingWithOptions:)` as a subclass of a delegate
/// in a linked framework does), an Objective-C one, and the class
/// `UIApplicationMain` is given. A delegate declared only inside `#if DEBUG` is a test helper and starts nothing.
enum AppEntries {
    static func entries(in tokens: [SourceToken], file: String, language: SourceLexer.Language) -> [EntryPoint] {
        language == .swift ? swiftEntries(in: tokens, file: file) : objectiveCEntries(in: tokens, file: file)
    }

    /// `UIApplicationMain(…, NSStringFromClass(AppDelegate.self))` or `NSStringFromClass([AppDelegate class])`.
    static func launchedDelegates(in tokens: [SourceToken]) -> [String] {
        var result: [String] = []
        for index in tokens.indices where tokens[index].text == "UIApplicationMain" && TokenPattern.matches(tokens, at: index + 1, ["("]) {
            guard let close = SwiftScopes.closing(index + 1, in: tokens) else { continue }
            for at in (index + 2)..<close where tokens[at].text == "NSStringFromClass" && at + 3 < close {
                let name = tokens[at + 2].text == "[" ? tokens[at + 3].text : tokens[at + 2].text
                if tokens[at + 2].kind == .identifier || tokens[at + 2].text == "[" { result.append(name) }
            }
        }
        return result
    }

    /// Token indices inside `#if DEBUG` (or `#if targetEnvironment(simulator)`-free `DEBUG` conditions), by line range.
    private static func debugOnly(_ tokens: [SourceToken]) -> (Int) -> Bool {
        var ranges: [Range<Int>] = []
        var stack: [(start: Int, debug: Bool)] = []
        for index in tokens.indices where index > 0 && tokens[index - 1].text == "#" {
            switch tokens[index].text {
            case "if", "ifdef":
                let line = tokens[index].line
                let condition = tokens[(index + 1)...].prefix { $0.line == line }.map(\.text)
                stack.append((index, condition.contains("DEBUG") && !condition.contains("!")))
            case "else", "elseif":
                if let last = stack.popLast() {
                    if last.debug { ranges.append(last.start..<index) }
                    stack.append((index, false))
                }
            case "endif":
                if let last = stack.popLast(), last.debug { ranges.append(last.start..<index) }
            default:
                break
            }
        }
        return { index in ranges.contains { $0.contains(index) } }
    }

    private static func swiftEntries(in tokens: [SourceToken], file: String) -> [EntryPoint] {
        let inDebug = debugOnly(tokens)
        var result: [EntryPoint] = []
        var adaptor: (name: String, line: Int)?
        for index in tokens.indices where tokens[index].text == "UIApplicationDelegateAdaptor" && index > 0 && tokens[index - 1].text == "@"
            && TokenPattern.matches(tokens, at: index + 1, ["("]) && index + 2 < tokens.count {
            adaptor = (tokens[index + 2].text, tokens[index].line)
        }
        for open in tokens.indices where tokens[open].text == "{" && tokens[open].kind == .punctuation {
            let header = SwiftScopes.headerTokens(before: open, in: tokens)
            guard let keyword = header.lastIndex(where: { ["struct", "class", "enum", "extension"].contains($0.text) && $0.kind == .identifier }),
                  keyword + 1 < header.endIndex, !inDebug(keyword) else { continue }
            let name = header[keyword + 1]
            let supertypes = header[keyword...].drop { $0.text != ":" }.filter { $0.kind == .identifier }.map(\.text)
            let attributes = header[..<keyword].indices.filter { $0 > header.startIndex && header[$0 - 1].text == "@" }.map { header[$0].text }
            if header[keyword].text == "struct", supertypes.contains("App"), attributes.contains("main") {
                result.append(EntryPoint(file: file, kind: .swiftUIApp, line: name.line, typeName: name.text,
                                         adaptedDelegate: adaptor?.name, adaptorLine: adaptor?.line))
            } else if supertypes.contains("UIApplicationDelegate") {
                let superclass = supertypes.first.flatMap { EntryPoint.frameworkDelegates.contains($0) ? $0 : nil }
                result.append(EntryPoint(file: file, kind: .swiftDelegate, line: name.line, typeName: name.text, superclass: superclass))
            } else if header[keyword].text == "class", let superclass = supertypes.first,
                      EntryPoint.frameworkDelegates.contains(superclass) || declaresLaunch(tokens, body: open) {
                // UIResponder or NSObject with a launch method conforms in an extension elsewhere: no superclass to call.
                let own = ["UIResponder", "NSObject"].contains(superclass) ? nil : superclass
                result.append(EntryPoint(file: file, kind: .swiftDelegate, line: name.line, typeName: name.text, superclass: own))
            }
        }
        return result
    }

    /// Whether the type whose body opens at `open` declares `func application(_:didFinishLaunchingWithOptions:)`
    /// at its own level (not in a nested type).
    private static func declaresLaunch(_ tokens: [SourceToken], body open: Int) -> Bool {
        guard let close = SwiftScopes.closing(open, in: tokens) else { return false }
        var depth = 0
        for index in (open + 1)..<close {
            switch tokens[index].text {
            case "{": depth += 1
            case "}": depth -= 1
            case "func" where depth == 0 && TokenPattern.matches(tokens, at: index + 1, ["application", "("]):
                guard let parameters = SwiftScopes.closing(index + 2, in: tokens) else { continue }
                if tokens[(index + 3)..<parameters].contains(where: { $0.text == "didFinishLaunchingWithOptions" }) { return true }
            default: continue
            }
        }
        return false
    }

    private static func objectiveCEntries(in tokens: [SourceToken], file: String) -> [EntryPoint] {
        let inDebug = debugOnly(tokens)
        var names: [(name: String, line: Int)] = []
        for index in tokens.indices where index > 0 && tokens[index - 1].text == "@" && !inDebug(index)
            && (tokens[index].text == "interface" || tokens[index].text == "implementation") && index + 1 < tokens.count {
            let line = tokens[index].line
            let rest = tokens[(index + 1)...].prefix { $0.line == line }.map(\.text)
            if tokens[index].text == "implementation" || rest.contains("UIApplicationDelegate") {
                names.append((tokens[index + 1].text, tokens[index + 1].line))
            }
        }
        let startsApp = tokens.contains { $0.text == "UIApplicationDelegate" } || tokens.contains { $0.text == "didFinishLaunchingWithOptions" }
        guard startsApp else { return [] }
        let delegate = names.first
        return [EntryPoint(file: file, kind: .objectiveCDelegate, line: delegate?.line, typeName: delegate?.name)]
    }
}
