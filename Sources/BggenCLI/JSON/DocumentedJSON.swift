import BggenFormats

/// A JSON document (or an object inside one) whose fields are documented where they are declared. Its `CodingKeys`
/// name the keys the encoder writes, and the compiler keeps them in step with the stored properties; `meaning(of:)`
/// says what each holds, in an exhaustive switch, and `schema(of:)` its type, both in exhaustive switches, so a new field does not compile until it is described. The field
/// tables of docs/json-and-sarif.md are made from these (`JSONSchemaDocumentationTests` checks them), so what scripts
/// read there is what bggen writes.
protocol DocumentedJSON: Encodable {
    associatedtype Field: CodingKey & CaseIterable
    static func meaning(of field: Field) -> String
    /// What the field holds, as JSON Schema (`JSONSchema`): `bggen mcp`'s output schemas are made from it.
    static func schema(of field: Field) -> JSONValue
    static var omittable: [Field] { get }
}

extension DocumentedJSON {
    /// The Markdown table of the fields, in the order the type declares them.
    static var fieldTable: String {
        "| Field | Meaning |\n|---|---|\n" + Field.allCases.map { "| `\($0.stringValue)` | \(meaning(of: $0)) |\n" }.joined()
    }
}
