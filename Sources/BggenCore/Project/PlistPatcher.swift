import BggenFormats
import BggenModel
import Foundation

/// Adds what bggen needs to an existing Info.plist or entitlements file the way a careful colleague would by hand.
///
/// The file is edited as text: new lines are inserted and nothing else moves, so key order, comments, the file's
/// own indentation (tabs or spaces), `$(VAR)` / `${VAR}` values and CRLF line endings survive, and a diff of the
/// change shows only added lines. The only exception is an empty `<array/>` or `<dict/>`, which has to be opened
/// up to receive values. Existing values are never replaced or removed.
public struct PlistPatcher: Sendable {
    /// One change to the top-level dictionary.
    public enum Edit: Sendable, Equatable {
        /// Appends each value missing from the string array at `key`, creating the key at the end of the file's
        /// dictionary when it is absent (e.g. `BGTaskSchedulerPermittedIdentifiers`, `UIBackgroundModes`).
        case addStrings(key: String, values: [String])
        /// Adds `key` with a string value only when the key is absent (e.g. `aps-environment` = `development`);
        /// an existing value, whatever it is, is kept.
        case addString(key: String, value: String)
        /// Adds `key` = `<true/>` only when the key is absent (a capability such as Background GPU Access);
        /// an existing value, whatever it is, is kept.
        case addTrue(key: String)
    }

    /// Whether a binary property list may be turned into XML before patching. Off by default, because that
    /// rewrites the whole file and the user should agree to it.
    public let allowsBinaryConversion: Bool

    public init(allowsBinaryConversion: Bool = false) {
        self.allowsBinaryConversion = allowsBinaryConversion
    }

    /// Patches the file's bytes; `path` only names the file in errors.
    public func patch(_ data: Data, path: String, edits: [Edit]) throws(PlistPatchError) -> PlistPatchResult {
        var converted = false
        var data = data
        if data.starts(with: Array("bplist".utf8)) {
            guard allowsBinaryConversion else { throw .binaryPropertyList(path: path) }
            data = try Self.xmlData(fromBinary: data, path: path)
            converted = true
        }
        guard let text = String(data: data, encoding: .utf8) else { throw .notUTF8(path: path) }
        return try patch(text: text, path: path, edits: edits, converted: converted)
    }

    /// Patches XML text; `path` only names the file in errors.
    public func patch(_ text: String, path: String, edits: [Edit]) throws(PlistPatchError) -> PlistPatchResult {
        try patch(Data(text.utf8), path: path, edits: edits)
    }

    private func patch(text given: String, path: String, edits: [Edit], converted: Bool) throws(PlistPatchError) -> PlistPatchResult {
        // A preprocessed Info.plist is patched without its directive lines, which are put back afterwards.
        let original = PreprocessedPlist.withoutDirectives(given)
        let first = try Self.document(Array(original.utf8), path: path)
        try Self.requireFoundationAccepts(original, path: path)
        var warnings = Self.backgroundModeWarnings(in: first)
        var additions: [PlistAddition] = []
        var bytes = first.bytes
        for edit in edits {
            let document = try Self.document(bytes, path: path)
            let step = try Self.apply(edit, to: document, path: path)
            bytes = step.bytes
            additions += step.additions
            for warning in step.warnings where !warnings.contains(warning) {
                warnings.append(warning)
            }
        }
        var text = String(decoding: bytes, as: UTF8.self)
        if !additions.isEmpty || converted {
            try Self.verify(text, path: path, edits: edits)
        }
        if original != given && !additions.isEmpty {
            guard let restored = PreprocessedPlist.restoringDirectives(original: given, patched: text) else {
                return PlistPatchResult(text: given, additions: [], warnings: warnings + [.preprocessedNotPatched(additions)],
                                        convertedFromBinary: false)
            }
            text = restored
        }
        return PlistPatchResult(text: additions.isEmpty ? given : text, additions: additions, warnings: warnings,
                                convertedFromBinary: converted)
    }

    // MARK: - Edits

    private struct Step {
        var bytes: [UInt8]
        var additions: [PlistAddition] = []
        var warnings: [PlistWarning] = []
    }

    private static func apply(_ edit: Edit, to document: XMLPlistDocument, path: String) throws(PlistPatchError) -> Step {
        let layout = Layout(document)
        switch edit {
        case .addStrings(let key, _), .addString(let key, _), .addTrue(let key):
            try requireSingle(key, in: document, path: path)
        }
        switch edit {
        case .addStrings(let key, let values):
            var wanted: [String] = []
            for value in values where !wanted.contains(value) { wanted.append(value) }
            guard let pair = Self.pair(key, in: document) else {
                var step = Step(bytes: document.bytes)
                guard !wanted.isEmpty else { return step }
                let indent = layout.childIndent
                let lines = ["\(indent)<key>\(escaped(key))</key>", "\(indent)<array>"]
                    + wanted.map { "\(indent)\(layout.unit)<string>\(escaped($0))</string>" }
                    + ["\(indent)</array>"]
                step.bytes = insertAtEndOfRoot(lines, document: document, layout: layout)
                step.additions = wanted.map { PlistAddition(key: key, value: $0) }
                return step
            }
            let array = pair.value
            guard array.name == "array" else {
                throw .unexpectedValueType(path: path, key: key, line: array.line, expected: "an array of strings",
                                           found: "<\(array.name)>")
            }
            let existing = array.children.filter { $0.name == "string" }.map(\.text)
            let missing = wanted.filter { !existing.contains($0) }
            var step = Step(bytes: document.bytes)
            step.warnings = wanted.filter(existing.contains).map { .alreadyPresent(key: key, value: $0) }
            guard !missing.isEmpty else { return step }
            step.additions = missing.map { PlistAddition(key: key, value: $0) }
            let items = missing.map { "<string>\(escaped($0))</string>" }
            let nl = layout.newline
            if array.isSelfClosing {
                let indent = document.indentation(before: array.start) ?? document.indentation(before: pair.key.start) ?? layout.childIndent
                let replacement = "<array>" + nl + items.map { indent + layout.unit + $0 + nl }.joined() + indent + "</array>"
                step.bytes.replaceSubrange(array.start..<array.end, with: Array(replacement.utf8))
            } else if let closingIndent = document.indentation(before: array.closingStart) {
                let itemIndent = array.children.last.flatMap { document.indentation(before: $0.start) } ?? closingIndent + layout.unit
                let insertion = items.map { itemIndent + $0 + nl }.joined()
                step.bytes.insert(contentsOf: Array(insertion.utf8), at: document.lineStart(at: array.closingStart))
            } else {
                // A one-line array such as `<array><string>a</string></array>` stays on one line.
                step.bytes.insert(contentsOf: Array(items.joined().utf8), at: array.closingStart)
            }
            return step

        case .addString(let key, let value):
            var step = Step(bytes: document.bytes)
            if let pair = Self.pair(key, in: document) {
                let existing = pair.value.name == "string" ? pair.value.text : "<\(pair.value.name)>"
                step.warnings = [existing == value
                    ? .alreadyPresent(key: key, value: value)
                    : .existingValueKept(key: key, existing: existing, proposed: value)]
                return step
            }
            let indent = layout.childIndent
            let lines = ["\(indent)<key>\(escaped(key))</key>", "\(indent)<string>\(escaped(value))</string>"]
            step.bytes = insertAtEndOfRoot(lines, document: document, layout: layout)
            step.additions = [PlistAddition(key: key, value: value)]
            return step

        case .addTrue(let key):
            var step = Step(bytes: document.bytes)
            if let pair = Self.pair(key, in: document) {
                step.warnings = [pair.value.name == "true"
                    ? .alreadyPresent(key: key, value: "true")
                    : .existingValueKept(key: key, existing: "<\(pair.value.name)>", proposed: "true")]
                return step
            }
            let indent = layout.childIndent
            step.bytes = insertAtEndOfRoot(["\(indent)<key>\(escaped(key))</key>", "\(indent)<true/>"], document: document, layout: layout)
            step.additions = [PlistAddition(key: key, value: "true")]
            return step
        }
    }

    /// New keys go last in the top-level dictionary, right before its closing tag.
    private static func insertAtEndOfRoot(_ lines: [String], document: XMLPlistDocument, layout: Layout) -> [UInt8] {
        var bytes = document.bytes
        let root = document.root
        let nl = layout.newline
        let block = lines.map { $0 + nl }.joined()
        if root.isSelfClosing {
            let indent = document.indentation(before: root.start) ?? ""
            bytes.replaceSubrange(root.start..<root.end, with: Array(("<dict>" + nl + block + indent + "</dict>").utf8))
        } else if document.indentation(before: root.closingStart) != nil {
            bytes.insert(contentsOf: Array(block.utf8), at: document.lineStart(at: root.closingStart))
        } else {
            let indent = document.indentation(before: root.start) ?? ""
            bytes.insert(contentsOf: Array((nl + block + indent).utf8), at: root.closingStart)
        }
        return bytes
    }

    private static func pair(_ key: String, in document: XMLPlistDocument) -> (key: XMLPlistDocument.Element, value: XMLPlistDocument.Element)? {
        XMLPlistDocument.pairs(of: document.root).first { $0.key.text == key }
    }

    /// A key bggen edits that appears twice: Xcode keeps only the last, so an addition to either could be lost.
    /// Duplicates elsewhere are left alone, as Xcode leaves them.
    private static func requireSingle(_ key: String, in document: XMLPlistDocument, path: String) throws(PlistPatchError) {
        let keys = XMLPlistDocument.pairs(of: document.root).map(\.key).filter { $0.text == key }
        guard keys.count > 1 else { return }
        throw .malformed(path: path, line: keys[1].line,
                         reason: "\(key) appears twice at the top level (first on line \(keys[0].line)), and only the last counts; merge them into one")
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;")
            .replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }

    // MARK: - Reading and checking

    private static func document(_ bytes: [UInt8], path: String) throws(PlistPatchError) -> XMLPlistDocument {
        let document: XMLPlistDocument
        do {
            document = try XMLPlistDocument(bytes: bytes)
        } catch {
            throw .malformed(path: path, line: error.line, reason: error.reason)
        }
        guard document.root.name == "dict" else {
            throw .rootIsNotDictionary(path: path, found: document.root.name == "array" ? "an array" : "a <\(document.root.name)>")
        }
        return document
    }

    /// The scanner checks structure; Foundation also checks values (a bad `<integer>` or `<date>`), and a file it
    /// refuses must be reported as the user's mistake before bggen touches it.
    private static func requireFoundationAccepts(_ text: String, path: String) throws(PlistPatchError) {
        do {
            _ = try PropertyListSerialization.propertyList(from: Data(text.utf8), options: [], format: nil)
        } catch {
            throw .malformed(path: path, line: line(of: error) ?? 1, reason: "Foundation cannot read it")
        }
    }

    /// The line Core Foundation's property-list parser names in the error's debug description ("Integer overflow
    /// in <integer> on line 5"), the same CF text on Apple's Foundation and corelibs. Not `"\(error)"`: NSError's
    /// description differs between the two and also holds the old-style parser's own error ("at line 1").
    static func line(of error: any Error) -> Int? {
        guard let debug = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String,
              let range = debug.range(of: #"line (\d+)"#, options: .regularExpression) else { return nil }
        return Int(debug[range].dropFirst(5))
    }

    private static func verify(_ text: String, path: String, edits: [Edit]) throws(PlistPatchError) {
        let object: Any
        do {
            object = try PropertyListSerialization.propertyList(from: Data(text.utf8), options: [], format: nil)
        } catch {
            throw .invalidResult(path: path, reason: "Foundation cannot read line \(line(of: error) ?? 1)")
        }
        guard let dictionary = object as? [String: Any] else {
            throw .invalidResult(path: path, reason: "the top level is no longer a dictionary")
        }
        for edit in edits {
            switch edit {
            case .addStrings(let key, let values):
                let present = dictionary[key] as? [Any] ?? []
                let strings = present.compactMap { $0 as? String }
                if let lost = values.first(where: { !strings.contains($0) }) {
                    throw .invalidResult(path: path, reason: "\(key) does not contain '\(lost)'")
                }
            case .addString(let key, _), .addTrue(let key):
                if dictionary[key] == nil {
                    throw .invalidResult(path: path, reason: "\(key) is missing")
                }
            }
        }
    }

    private static func xmlData(fromBinary data: Data, path: String) throws(PlistPatchError) -> Data {
        do {
            let object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
            return try PropertyListSerialization.data(fromPropertyList: object, format: .xml, options: 0)
        } catch {
            throw .malformed(path: path, line: 1, reason: "the binary property list cannot be read")
        }
    }

    private static func backgroundModeWarnings(in document: XMLPlistDocument) -> [PlistWarning] {
        guard let modes = pair(BackgroundModes.key, in: document)?.value, modes.name == "array" else { return [] }
        return modes.children.filter { $0.name == "string" }.map(\.text).compactMap { mode in
            if mode.contains(".") { return .identifierInBackgroundModes(mode) }
            if !BackgroundModes.valid.contains(mode) { return .unknownBackgroundMode(mode) }
            return nil
        }
    }
}

/// How the file already lays itself out, so inserted lines look as if they had always been there.
private struct Layout {
    let newline: String
    /// One level of indentation: a tab, or the run of spaces the file uses.
    let unit: String
    /// The indentation of the top-level dictionary's keys.
    let childIndent: String

    init(_ document: XMLPlistDocument) {
        let crlf = zip(document.bytes, document.bytes.dropFirst()).contains { $0 == (0x0D, 0x0A) }
        newline = crlf ? "\r\n" : "\n"
        var found: String?
        func search(_ element: XMLPlistDocument.Element, indent: String?) {
            for child in element.children {
                guard found == nil else { return }
                let childIndent = document.indentation(before: child.start)
                if let indent, let childIndent, childIndent.count > indent.count, childIndent.hasPrefix(indent) {
                    found = String(childIndent.dropFirst(indent.count))
                    return
                }
                search(child, indent: childIndent)
            }
        }
        search(document.root, indent: document.indentation(before: document.root.start))
        unit = found ?? "\t"
        let rootIndent = document.indentation(before: document.root.start) ?? ""
        childIndent = document.root.children.first.flatMap { document.indentation(before: $0.start) } ?? rootIndent + unit
    }
}
