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

    /// The classes `UIApplicationMain` is given: `NSStringFromClass(AppDelegate.self)`, `NSStringFromClass([AppDelegate
    /// class])`, a class name in a string (`@"AppDelegate"`, `"App.AppDelegate"`), and the classes a function of the
    /// same file returns (`NSStringFromClass(delegateClass())`, which an `@main enum` uses to start another
    /// delegate under tests).
    static func launchedDelegates(in tokens: [SourceToken]) -> [String] {
        var result: [String] = []
        // The length first: comparing every token's text with the name cost a call each.
        for index in tokens.indices where tokens[index].text.utf8.count == 17 && tokens[index].text == "UIApplicationMain"
            && TokenPattern.matches(tokens, at: index + 1, ["("]) {
            guard let close = SwiftScopes.closing(index + 1, in: tokens) else { continue }
            var at = index + 2
            while at < close {
                if tokens[at].kind == .string, tokens[at].isLiteral, let name = tokens[at].text.split(separator: ".").last {
                    result.append(String(name))
                } else if tokens[at].text == "NSStringFromClass", TokenPattern.matches(tokens, at: at + 1, ["("]),
                          let end = SwiftScopes.closing(at + 1, in: tokens), end <= close {
                    let argument = tokens[(at + 2)..<end]
                    if let call = argument.indices.last(where: { argument[$0].kind == .identifier && $0 + 1 < end && tokens[$0 + 1].text == "(" }) {
                        result += classes(returnedBy: tokens[call].text, in: tokens)
                    } else if let name = argument.first(where: { $0.kind == .identifier }) {
                        result.append(name.text)
                    }
                    at = end
                }
                at += 1
            }
        }
        return result
    }

    /// The classes `func name` returns as `X.self`, test doubles last-resort only: a function that picks a test
    /// delegate when XCTest is loaded still starts the app's own delegate in the app.
    private static func classes(returnedBy name: String, in tokens: [SourceToken]) -> [String] {
        guard let declaration = tokens.indices.first(where: { tokens[$0].keyword == .func && TokenPattern.matches(tokens, at: $0 + 1, [name]) }),
              let open = tokens[declaration...].firstIndex(where: { $0.is("{") }),
              let close = SwiftScopes.closing(open, in: tokens) else { return [] }
        var names: [String] = []
        for index in (open + 1)..<close where tokens[index].kind == .identifier && TokenPattern.matches(tokens, at: index + 1, [".", "self"])
            && tokens[index].text.startsUppercase && tokens[index].text != "Self" && !names.contains(tokens[index].text) {
            names.append(tokens[index].text)
        }
        let doubles = ["Test", "Mock", "Stub", "Fake"]
        let own = names.filter { name in !doubles.contains { name.contains($0) } }
        return own.isEmpty ? names : own
    }

    /// Token indices inside `#if DEBUG` (or `#if targetEnvironment(simulator)`-free `DEBUG` conditions), by line range.
    private static func debugOnly(_ tokens: [SourceToken]) -> (Int) -> Bool {
        var ranges: [Range<Int>] = []
        var stack: [(start: Int, debug: Bool)] = []
        for index in tokens.indices where index > 0 && tokens[index - 1].hasText("#") {
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
        for index in tokens.indices where index > 0 && tokens[index - 1].hasText("@") && tokens[index].text == "UIApplicationDelegateAdaptor"
            && TokenPattern.matches(tokens, at: index + 1, ["("]) && index + 2 < tokens.count {
            adaptor = (tokens[index + 2].text, tokens[index].line)
        }
        for open in tokens.indices where tokens[open].is("{") {
            let header = SwiftScopes.headerTokens(before: open, in: tokens)
            guard let keyword = header.lastIndex(where: { [Keyword.struct, .class, .enum, .extension].contains($0.keyword) && $0.kind == .identifier }),
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
            } else if header[keyword].text == "class", let superclass = supertypes.first, superclass != "UIResponder",
                      attributes.contains("main") || attributes.contains("UIApplicationMain") {
                // `@main class AppDelegate: BaseAppDelegate`: UIKit starts only an app delegate, whatever its
                // superclass; a base of the app's own is resolved across files (`CodeModel.resolvingOwnBases`).
                result.append(EntryPoint(file: file, kind: .swiftDelegate, line: name.line, typeName: name.text, superclass: superclass))
            }
        }
        return result
    }

    /// The class the file declares as a scene delegate (`class SceneDelegate: UIResponder, UIWindowSceneDelegate`,
    /// `@interface SceneDelegate : UIResponder <UIWindowSceneDelegate>`), with its line, so next steps name the
    /// app's own scene delegate and print it in its language. A subclass of a framework's scene delegate
    /// (`class SceneDelegate: FlutterSceneDelegate`) is one too, with that superclass, whose methods it overrides.
    static func sceneDelegate(in tokens: [SourceToken], language: SourceLexer.Language) -> SceneDelegateDeclaration? {
        let protocols: Set<String> = ["UIWindowSceneDelegate", "UISceneDelegate"]
        for index in tokens.indices where tokens[index].kind == .identifier && index + 1 < tokens.count {
            let line = tokens[index].line
            let declares = language == .swift ? tokens[index].keyword == .class : tokens[index].text == "interface" && index > 0 && tokens[index - 1].text == "@"
            guard declares, tokens[index + 1].kind == .identifier else { continue }
            let header = tokens[(index + 2)...].prefix { $0.line == line && $0.text != "{" }
            let name = tokens[index + 1]
            // The superclass is the first name after the colon, in Swift and Objective-C alike.
            if header.first?.text == ":", let superclass = header.dropFirst().first, EntryPoint.frameworkSceneDelegates.contains(superclass.text) {
                return SceneDelegateDeclaration(name: name.text, line: name.line, superclass: superclass.text)
            }
            if header.contains(where: { protocols.contains($0.text) }) { return SceneDelegateDeclaration(name: name.text, line: name.line) }
        }
        return nil
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
        var superclass: String?
        for index in tokens.indices where index > 0 && tokens[index - 1].text == "@" && !inDebug(index)
            && (tokens[index].text == "interface" || tokens[index].text == "implementation") && index + 1 < tokens.count {
            let line = tokens[index].line
            let rest = tokens[(index + 1)...].prefix { $0.line == line }.map(\.text)
            let framework = rest.count > 2 && rest[1] == ":" && EntryPoint.frameworkDelegates.contains(rest[2])
            if tokens[index].text == "implementation" || rest.contains("UIApplicationDelegate") || framework {
                names.append((tokens[index + 1].text, tokens[index + 1].line))
            }
            // `@interface AppDelegate : FlutterAppDelegate`: the framework's delegate handles what the app does not.
            if framework { superclass = rest[2] }
        }
        let startsApp = tokens.contains { $0.text == "UIApplicationDelegate" } || tokens.contains { $0.text == "didFinishLaunchingWithOptions" }
            || superclass != nil
        guard startsApp else { return [] }
        let delegate = names.first
        return [EntryPoint(file: file, kind: .objectiveCDelegate, line: delegate?.line, typeName: delegate?.name, superclass: superclass)]
    }
}

/// A scene delegate class a file declares: its name and line, and the framework's scene delegate it subclasses.
struct SceneDelegateDeclaration: Sendable, Equatable {
    var name: String
    var line: Int
    var superclass: String?
}
