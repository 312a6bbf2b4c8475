import BggenCore
import BggenFormats

/// The `doctor --format json` document, schema version 1 (docs/json-and-sarif.md).
struct DoctorJSON: DocumentedJSON {
    struct Finding: DocumentedJSON {
        let rule: String
        let severity: String
        let file: String
        /// 0 when the place in the file is unknown.
        let line: Int
        let column: Int
        let target: String?
        let message: String
        let why: String
        let fix: String
        let fixable: Bool

        enum CodingKeys: String, CodingKey, CaseIterable {
            case rule, severity, file, line, column, target, message, why, fix, fixable
        }

        static func meaning(of field: CodingKeys) -> String {
            switch field {
            case .rule: "the rule's identifier, such as `BG001` ([the rules](doctor.md#rules))"
            case .severity: "`error`, `warning` or `note`"
            case .file: "relative to `root`"
            case .line: "1-based; 0 when unknown"
            case .column: "1-based; 0 when unknown"
            case .target: "the app target it concerns, or null"
            case .message: "what is wrong"
            case .why: "what happens on a device because of it"
            case .fix: "how to fix it"
            case .fixable: "whether `--fix` makes the change"
            }
        }

        static func schema(of field: CodingKeys) -> JSONValue {
            switch field {
            case .rule, .file, .message, .why, .fix: JSONSchema.string
            case .target: .object(["type": .array([.string("string"), .string("null")])])
            case .severity: JSONSchema.oneOf(Severity.allCases.map(\.rawValue))
            case .line, .column: JSONSchema.integer
            case .fixable: JSONSchema.boolean
            }
        }

        static var omittable: [CodingKeys] { [.target] }
    }
    struct Summary: DocumentedJSON {
        let errors: Int
        let warnings: Int
        let notes: Int
        let suppressed: Int

        enum CodingKeys: String, CodingKey, CaseIterable {
            case errors, warnings, notes, suppressed
        }

        static func meaning(of field: CodingKeys) -> String {
            switch field {
            case .errors: "how many findings are errors"
            case .warnings: "how many are warnings"
            case .notes: "how many are notes"
            case .suppressed: "findings dropped by `bggen:ignore` comments or `.bggen.json`"
            }
        }

        static func schema(of field: CodingKeys) -> JSONValue { JSONSchema.integer }
    }

    let schemaVersion: Int
    let tool: String
    let version: String
    let root: String
    let targets: [String]
    let findings: [Finding]
    let summary: Summary
    /// What the audit could not see, such as a folder holding only bggen's output.
    let notes: [String]

    enum CodingKeys: String, CodingKey, CaseIterable {
        case schemaVersion, tool, version, root, targets, findings, summary, notes
    }

    static func meaning(of field: CodingKeys) -> String {
        switch field {
        case .schemaVersion: "`1`; raised when a field changes meaning or goes away"
        case .tool: "`\"bggen\"`"
        case .version: "bggen's version"
        case .root: "the folder audited"
        case .targets: "the app targets checked"
        case .findings: "each finding (below)"
        case .summary: "the counts (below)"
        case .notes: "what the audit could not see, such as a folder holding only bggen's output"
        }
    }

    static func schema(of field: CodingKeys) -> JSONValue {
        switch field {
        case .schemaVersion: JSONSchema.integer
        case .tool, .version, .root: JSONSchema.string
        case .targets, .notes: JSONSchema.strings
        case .findings: JSONSchema.array(Finding.schema)
        case .summary: Summary.schema
        }
    }
}
