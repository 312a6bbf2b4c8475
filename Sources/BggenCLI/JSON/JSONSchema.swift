import BggenFormats

/// JSON Schema fragments for the documents bggen writes. `bggen mcp` declares each tool's result with them
/// (`outputSchema`), built from the same `DocumentedJSON` types the documents are encoded from, so a schema names
/// the fields the encoder writes and describes each as docs/json-and-sarif.md does.
enum JSONSchema {
    static let string = typed("string")
    static let integer = typed("integer")
    static let boolean = typed("boolean")
    /// An object whose keys vary (the answers, the identifiers).
    static let object = typed("object")
    static let strings = array(string)

    static func typed(_ type: String) -> JSONValue {
        .object(["type": .string(type)])
    }

    /// A string that is one of `words`.
    static func oneOf(_ words: [String]) -> JSONValue {
        .object(["type": .string("string"), "enum": .array(words.map(JSONValue.string))])
    }

    static func array(_ items: JSONValue) -> JSONValue {
        .object(["type": .string("array"), "items": items])
    }

    /// An object with these properties, of which `required` are always written. Other keys are allowed, so a
    /// field added in a later schema version does not break a client that validates.
    static func object(_ properties: [String: JSONValue], required: [String] = []) -> JSONValue {
        var schema: [String: JSONValue] = ["type": .string("object"), "properties": .object(properties)]
        if !required.isEmpty { schema["required"] = .array(required.sorted().map(JSONValue.string)) }
        return .object(schema)
    }

    static func described(_ schema: JSONValue, _ description: String) -> JSONValue {
        var schema = schema
        schema[key: "description"] = .string(description)
        return schema
    }
}

extension DocumentedJSON {
    /// The fields the encoder leaves out when they have no value (optionals); every other field is always written.
    static var omittable: [Field] { [] }

    /// The object's schema: each field's type from `schema(of:)`, described by `meaning(of:)`.
    static var schema: JSONValue {
        let properties = Dictionary(uniqueKeysWithValues: Field.allCases.map { field in
            (field.stringValue, JSONSchema.described(schema(of: field), meaning(of: field)))
        })
        let omitted = Set(omittable.map(\.stringValue))
        return JSONSchema.object(properties, required: Field.allCases.map(\.stringValue).filter { !omitted.contains($0) })
    }
}
