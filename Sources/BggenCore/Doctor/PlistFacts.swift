import BggenFormats
import BggenModel

/// The values of an Info.plist or entitlements file that doctor checks, each with the place it is written.
struct PlistFacts: Sendable {
    struct Value: Sendable, Equatable {
        var text: String
        var location: FindingLocation
    }

    var path: String
    /// `BGTaskSchedulerPermittedIdentifiers`; nil when the key is absent.
    var permittedIdentifiers: [Value]?
    /// `UIBackgroundModes`; nil when the key is absent.
    var backgroundModes: [Value]?
    /// Top-level keys and where they are, for entitlements (`aps-environment`).
    var keys: [String: FindingLocation] = [:]
    /// Top-level keys whose value is `<true/>`, for capabilities such as Background GPU Access.
    var trueKeys: Set<String> = []
    /// Where the top-level dictionary starts, for findings about a key that is missing.
    var rootLocation: FindingLocation

    /// Reads XML text; a binary plist or a malformed file is a `PlistPatchError` naming the file and line.
    init(text: String, path: String) throws(PlistPatchError) {
        self.path = path
        let document: XMLPlistDocument
        do {
            document = try XMLPlistDocument(bytes: Array(text.utf8))
        } catch {
            throw .malformed(path: path, line: error.line, reason: error.reason)
        }
        guard document.root.name == "dict" else {
            throw .rootIsNotDictionary(path: path, found: "a <\(document.root.name)>")
        }
        func location(_ element: XMLPlistDocument.Element) -> FindingLocation {
            FindingLocation(file: path, line: element.line, column: element.start - document.lineStart(at: element.start) + 1)
        }
        rootLocation = location(document.root)
        for (key, value) in XMLPlistDocument.pairs(of: document.root) {
            keys[key.text] = location(key)
            if value.name == "true" { trueKeys.insert(key.text) }
            let strings = value.children.filter { $0.name == "string" }.map { Value(text: $0.text, location: location($0)) }
            switch key.text {
            case BackgroundModes.permittedIdentifiersKey: permittedIdentifiers = strings
            case BackgroundModes.key: backgroundModes = strings
            default: break
            }
        }
    }

    /// The keys a spec gives an Info.plist the generator writes (`info.properties`, `.extendingDefault(with:)`): the two
    /// background keys placed at the first line of `text` (the spec) naming them, the others at the spec itself.
    /// `properties` as a generator's spec gives them, each key placed at its first mention from line `from` on.
    init(spec: String, properties: [String: [String]], text: String, from firstLine: Int) {
        path = spec
        rootLocation = FindingLocation(file: spec)
        var places: [String: FindingLocation] = [:]
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where number + 1 >= firstLine {
            for key in [BackgroundModes.permittedIdentifiersKey, BackgroundModes.key] where places[key] == nil {
                // `UIBackgroundModes:` (YAML) or `"UIBackgroundModes": [` (Swift), anywhere on the line.
                guard let found = line.range(of: key) else { continue }
                let quoted = found.lowerBound > line.startIndex && line[line.index(before: found.lowerBound)] == "\""
                guard line[found.upperBound...].drop(while: { $0 == "\"" || $0 == " " }).hasPrefix(":") else { continue }
                let start = quoted ? line.index(before: found.lowerBound) : found.lowerBound
                places[key] = FindingLocation(file: spec, line: number + 1, column: line.utf8.distance(from: line.startIndex, to: start) + 1)
            }
        }
        func place(_ key: String) -> FindingLocation { places[key] ?? FindingLocation(file: spec) }
        permittedIdentifiers = properties[BackgroundModes.permittedIdentifiersKey].map { $0.map { Value(text: $0, location: place(BackgroundModes.permittedIdentifiersKey)) } }
        backgroundModes = properties[BackgroundModes.key].map { $0.map { Value(text: $0, location: place(BackgroundModes.key)) } }
        for (key, values) in properties {
            keys[key] = place(key)
            if values == ["true"] { trueKeys.insert(key) }
        }
    }

    /// The entries of `BGTaskSchedulerPermittedIdentifiers` expanded once with `target`'s settings, to ask of each
    /// identifier the code uses (see `PermittedIdentifiers`).
    func permitted(in target: AppTarget) -> PermittedIdentifiers {
        PermittedIdentifiers(entries: (permittedIdentifiers ?? []).map(\.text), target: target)
    }

    /// What each entry of `BGTaskSchedulerPermittedIdentifiers` can be after expansion with `target`'s settings;
    /// nil for an entry that leaves a variable unresolved in some configuration.
    func expandedEntries(in target: AppTarget) -> [(entry: Value, values: Set<String>?)] {
        (permittedIdentifiers ?? []).map { entry in
            let expansions = target.expansions(of: entry.text)
            return (entry, expansions.allSatisfy(\.isFullyResolved) ? Set(expansions.map(\.resolved)) : nil)
        }
    }

    var modes: Set<String> { Set((backgroundModes ?? []).map(\.text)) }
}
