import BggenFormats
import Foundation

/// The build settings of one target in one configuration, layered the way Xcode layers them.
///
/// Layers run from the most specific (the target's own settings) to the least (the project's xcconfig, then
/// Xcode's defaults). `$(inherited)` takes the value from the layers below, and `$(VAR)` / `${VAR}` / `$VAR` are
/// expanded from the same stack, so `$(ORGANIZATION_IDENTIFIER).NetNewsWire.iOS` resolves when an xcconfig defines
/// the organization, and stays visible as `$(ORGANIZATION_IDENTIFIER)` when nothing does.
struct BuildSettings: Sendable, Equatable {
    /// Highest priority first.
    var layers: [[SettingAssignment]]
    var configuration: String
    /// Values Xcode sets itself and a project cannot override.
    var builtins: [String: String]
    /// Settings other configurations of the same target define. One missing here is empty, as Xcode expands it,
    /// rather than unknown: Home Assistant sets `BUNDLE_ID_SUFFIX = .dev` for Debug only.
    var definedElsewhere = DefinedNames([])

    /// What `$(SRCROOT)` expands to, so a resolved path can be told apart from one that merely starts with "/".
    static let projectDirectoryMarker = "\u{1}SRCROOT"
    /// The SDK the detector resolves conditional settings for: bggen generates iOS code.
    static let sdk = "iphoneos"

    init(layers: [[SettingAssignment]], configuration: String, targetName: String, projectName: String) {
        self.layers = layers + [[SettingAssignment(qualifiedKey: "PRODUCT_NAME", value: "$(TARGET_NAME)")]]
        self.configuration = configuration
        builtins = [
            "TARGET_NAME": targetName,
            "PROJECT_NAME": projectName,
            "PROJECT": projectName,
            "CONFIGURATION": configuration,
            "SRCROOT": Self.projectDirectoryMarker,
            "PROJECT_DIR": Self.projectDirectoryMarker,
            "SOURCE_ROOT": Self.projectDirectoryMarker,
            "PLATFORM_NAME": Self.sdk,
        ]
    }

    /// Lets each configuration know which settings its siblings define (see `definedElsewhere`).
    static func sharingDefinitions(_ configurations: [(name: String, value: BuildSettings)]) -> [(name: String, value: BuildSettings)] {
        let names = DefinedNames(configurations.map(\.value.layers))
        return configurations.map { configuration in
            var settings = configuration.value
            settings.definedElsewhere = names
            return (configuration.name, settings)
        }
    }

    /// Whether any layer sets `key` (for the iOS SDK and this configuration).
    func isSet(_ key: String) -> Bool {
        rawValue(key) != nil
    }

    /// The value before variables are expanded, with `$(inherited)` already filled in.
    func rawValue(_ key: String) -> String? {
        rawValue(key, fromLayer: 0)
    }

    /// The expanded value; variables nothing defines are kept as written and listed.
    func value(_ key: String) -> SettingValue? {
        rawValue(key).map(expanding)
    }

    /// Any text expanded as Xcode expands it with this target's settings: an Info.plist value
    /// (`$(PRODUCT_BUNDLE_IDENTIFIER).refresh`), a path, an identifier read from code. The one expander every
    /// reader and comparison uses; variables nothing defines are kept as written and listed.
    func expanding(_ raw: String) -> SettingValue {
        var unresolved: [String] = []
        var memo = Memo()
        let resolved = Self.prefix(expand(raw, keepUnknown: true, depth: 0, unresolved: &unresolved, memo: &memo))
        var ignored: [String] = []
        let built = unresolved.isEmpty ? resolved : Self.prefix(expand(raw, keepUnknown: false, depth: 0, unresolved: &ignored, memo: &memo))
        return SettingValue(raw: raw, resolved: resolved, unresolvedVariables: Self.unique(unresolved), withoutUnresolved: built)
    }

    /// A path setting such as `INFOPLIST_FILE`, made relative to the root. Undefined variables expand to nothing,
    /// as they do when Xcode builds (NetNewsWire's `$(DEVELOPER_ENTITLEMENTS)`). Nil when unset, empty, or
    /// pointing outside the repository.
    func path(_ key: String, projectDirectory: String) -> (raw: String, path: String, unresolved: [String])? {
        guard var raw = rawValue(key)?.trimmingBlanks(), !raw.isEmpty else { return nil }
        if raw.count >= 2, raw.hasPrefix("\""), raw.hasSuffix("\"") { raw = String(raw.dropFirst().dropLast()) }
        var unresolved: [String] = []
        var memo = Memo()
        var expanded = expand(raw, keepUnknown: false, depth: 0, unresolved: &unresolved, memo: &memo)
        guard !expanded.isEmpty else { return nil }
        if expanded.hasPrefix(Self.projectDirectoryMarker) {
            expanded = String(expanded.dropFirst(Self.projectDirectoryMarker.count)).trimmingPrefix("/")
        } else if expanded.hasPrefix("/") {
            return nil
        }
        let path = PathText.join(projectDirectory, expanded)
        guard !PathText.leavesRoot(path) else { return nil }
        return (raw, path, Self.unique(unresolved))
    }

    private func rawValue(_ key: String, fromLayer index: Int) -> String? {
        if let builtin = builtins[key] { return builtin }
        var layer = index
        while layer < layers.count {
            let next = layer + 1
            if let value = value(of: key, in: layers[layer], below: { rawValue(key, fromLayer: next) }) {
                return value
            }
            layer += 1
        }
        return nil
    }

    /// Within one layer later lines win, and a setting for the iOS SDK (or this configuration) beats the plain one.
    /// A name of another length is passed over without comparing texts: every setting asked for goes through every
    /// layer's names, and comparing them was a tenth of reading duckduckgo-iOS's project.
    private func value(of key: String, in layer: [SettingAssignment], below: () -> String?) -> String? {
        var plain: String?
        var specific: String?
        let length = key.utf8.count
        for assignment in layer where assignment.key.utf8.count == length && assignment.key == key {
            if assignment.conditions.isEmpty {
                plain = Self.substituteInherited(in: assignment.value) { plain ?? below() ?? "" }
            } else if matches(assignment.conditions) {
                specific = Self.substituteInherited(in: assignment.value) { specific ?? plain ?? below() ?? "" }
            }
        }
        return specific ?? plain
    }

    private func matches(_ conditions: [String: String]) -> Bool {
        conditions.allSatisfy { name, pattern in
            switch name {
            case "sdk": Self.glob(pattern, matches: Self.sdk)
            case "config": Self.glob(pattern, matches: configuration)
            case "arch": Self.glob(pattern, matches: "arm64")
            default: false
            }
        }
    }

    static func glob(_ pattern: String, matches text: String) -> Bool {
        let parts = pattern.split(separator: "*", omittingEmptySubsequences: false)
        guard parts.count > 1 else { return pattern == text }
        var rest = Substring(text)
        for (index, part) in parts.enumerated() {
            if index == 0 {
                guard rest.hasPrefix(part) else { return false }
                rest = rest.dropFirst(part.count)
            } else if index == parts.count - 1 {
                return part.isEmpty || rest.hasSuffix(part)
            } else if part.isEmpty {
                continue // `**`: Foundation finds no range of "", yet two variables side by side stand for any text.
            } else if let range = rest.range(of: part) {
                rest = rest[range.upperBound...]
            } else {
                return false
            }
        }
        return true
    }

    /// Looked for by its bytes: `String.contains` is Foundation's `range(of:)` here, 9,000 instructions for each
    /// setting asked for in each layer.
    private static let inherited = Array("inherited".utf8)

    private static func substituteInherited(in value: String, with inherited: () -> String) -> String {
        guard ByteSearch.contains(Self.inherited, in: value) else { return value }
        let lower = inherited()
        // The standard library's `replacing`: Foundation's `replacingOccurrences` goes through `NSString` on Linux,
        // 25,000 instructions a setting.
        return value.replacing("$(inherited)", with: lower)
            .replacing("${inherited}", with: lower)
            .replacing("$inherited", with: lower)
            .trimmingBlanks()
    }

    /// The longest value an expansion yields (see `ExpansionBound`).
    static let maximumLength = ExpansionBound.maximumLength

    /// How a setting that grew past `maximumLength` is listed among the unresolved names, so the warning names it.
    static func cutMarker(_ name: String) -> String { "\(name) \(cutNote)" }
    private static let cutNote = ExpansionBound.cutNote

    /// Each setting's expansion within one `expanding` call, by name and `keepUnknown`: a setting referenced many
    /// times is expanded once, so the work is linear in the settings, not exponential in their nesting.
    private typealias Memo = [String: (value: String, unresolved: [String])]

    /// Expands `$(NAME)`, `${NAME}` and `$NAME`, with nesting (`$(A_$(B))`) and the common `:lower`, `:upper`,
    /// `:rfc1034identifier`, `:c99extidentifier`, `:identifier` and `:default=` operators.
    private func expand(_ text: String, keepUnknown: Bool, depth: Int, unresolved: inout [String], memo: inout Memo) -> String {
        // The byte, not `contains("$")`: that is Foundation's `range(of:)` here, 8,000 instructions a value.
        guard depth < 16, text.utf8.contains(UInt8(ascii: "$")) else { return text }
        var output = ""
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            guard character == "$", let next = text.index(index, offsetBy: 1, limitedBy: text.endIndex), next < text.endIndex else {
                output.append(character)
                index = text.index(after: index)
                continue
            }
            let opener = text[next]
            var expression: String
            var end: String.Index
            if opener == "(" || opener == "{" {
                let closer: Character = opener == "(" ? ")" : "}"
                var level = 0
                var cursor = next
                var found: String.Index?
                while cursor < text.endIndex {
                    if text[cursor] == opener { level += 1 }
                    if text[cursor] == closer {
                        level -= 1
                        if level == 0 { found = cursor; break }
                    }
                    cursor = text.index(after: cursor)
                }
                guard let found else {
                    output.append(character)
                    index = next
                    continue
                }
                expression = expand(String(text[text.index(after: next)..<found]), keepUnknown: keepUnknown, depth: depth + 1,
                                    unresolved: &unresolved, memo: &memo)
                end = text.index(after: found)
            } else if opener.isLetter || opener == "_" {
                var cursor = next
                while cursor < text.endIndex, text[cursor].isLetter || text[cursor].isNumber || text[cursor] == "_" {
                    cursor = text.index(after: cursor)
                }
                expression = String(text[next..<cursor])
                end = cursor
            } else {
                output.append(character)
                index = next
                continue
            }
            let parts = expression.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0])
            let operators = parts.count > 1 ? String(parts[1]) : ""
            if let unknown = Self.unsupportedOperator(in: operators) {
                // `$(PRODUCT_NAME:base)`: an operator bggen does not apply leaves the value unknown, never guessed.
                unresolved.append("\(name):\(unknown)")
                if keepUnknown { output += text[index..<end] }
            } else if let raw = rawValue(name) {
                let key = "\(keepUnknown) \(name)"
                if memo[key] == nil {
                    var inner: [String] = []
                    var value = expand(raw, keepUnknown: keepUnknown, depth: depth + 1, unresolved: &inner, memo: &memo)
                    if value.count > Self.maximumLength {
                        value = Self.prefix(value)
                        if !inner.contains(where: { $0.hasSuffix(Self.cutNote) }) { inner.append(Self.cutMarker(name)) }
                    }
                    memo[key] = (value, inner)
                }
                let (value, inner) = memo[key]!
                unresolved += inner
                output += Self.apply(operators, to: value)
                // One character more than the limit, so the setting being expanded knows it was cut.
                if output.utf8.count > Self.maximumLength { return String(output.prefix(Self.maximumLength + 1)) }
            } else if definedElsewhere.contains(name) {
                output += Self.apply(operators, to: "")
            } else {
                unresolved.append(name)
                if operators.hasPrefix("default=") {
                    output += String(operators.dropFirst("default=".count))
                } else if keepUnknown {
                    output += text[index..<end]
                }
            }
            index = end
        }
        return output
    }

    /// The first `maximumLength` characters.
    private static func prefix(_ text: String) -> String {
        String(text.prefix(maximumLength))
    }

    /// The operators `apply` knows; `default=` takes a value.
    private static let supportedOperators: Set<String> = ["lower", "upper", "rfc1034identifier", "c99extidentifier", "identifier"]

    private static func unsupportedOperator(in operators: String) -> String? {
        operators.split(separator: ":").first { !supportedOperators.contains(String($0)) && !$0.hasPrefix("default=") }.map(String.init)
    }

    private static func apply(_ operators: String, to value: String) -> String {
        var result = value
        for operation in operators.split(separator: ":") {
            switch operation {
            case "lower": result = result.lowercased()
            case "upper": result = result.uppercased()
            case "rfc1034identifier":
                result = String(result.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") ? $0 : "-" })
            case "c99extidentifier", "identifier":
                result = String(result.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") ? $0 : "_" })
                if let first = result.first, first.isNumber { result = "_" + result }
            default:
                if operation.hasPrefix("default="), result.isEmpty { result = String(operation.dropFirst("default=".count)) }
            }
        }
        return result
    }

    private static func unique(_ names: [String]) -> [String] {
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }
}

private extension String {
    func trimmingPrefix(_ prefix: Character) -> String {
        var text = Substring(self)
        while text.first == prefix { text = text.dropFirst() }
        return String(text)
    }
}

/// The names the layers of a target's configurations set, gathered into a set the first time one is asked about:
/// only an expansion that meets a variable no layer of its own configuration sets asks, and gathering every
/// target's names when its project was read hashed every setting of every layer again for each target.
final class DefinedNames: @unchecked Sendable, Equatable {
    /// Each configuration's layers, shared with its `BuildSettings`.
    private let configurations: [[[SettingAssignment]]]
    /// Guards `gathered`: a target's settings may be asked from several threads.
    private let lock = NSLock()
    private var gathered: Set<String>?

    init(_ configurations: [[[SettingAssignment]]]) {
        self.configurations = configurations
    }

    func contains(_ name: String) -> Bool {
        names.contains(name)
    }

    private var names: Set<String> {
        lock.lock()
        defer { lock.unlock() }
        if let gathered { return gathered }
        var names = Set<String>()
        for layers in configurations {
            for layer in layers {
                for assignment in layer { names.insert(assignment.key) }
            }
        }
        gathered = names
        return names
    }

    static func == (lhs: DefinedNames, rhs: DefinedNames) -> Bool {
        lhs === rhs || lhs.names == rhs.names
    }
}
