import Foundation

/// A JSON document as its kinds: `true` stays a boolean and `1` a number, decided by the decoder rather than by
/// bridging through NSNumber, so a file that says `"network": 1` is an error, not a yes. Public for `bggen mcp`,
/// whose JSON-RPC messages are read and written as these values.
public enum JSONValue: Codable, Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let items = try? container.decode([JSONValue].self) {
            self = .array(items)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let flag): try container.encode(flag)
        case .number(let number): try container.encode(number)
        case .string(let text): try container.encode(text)
        case .array(let items): try container.encode(items)
        case .object(let fields): try container.encode(fields)
        }
    }

    public var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    public var array: [JSONValue]? {
        if case .array(let items) = self { return items }
        return nil
    }

    /// On one line, with sorted keys and a space after each `:` and `,`: `{"disabled": ["BG002"]}`.
    public var inline: String {
        switch self {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let number): return number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
        case .string(let text):
            // A String always encodes (sorting keys changes nothing in a string).
            return String(decoding: try! JSONOutput.encoder(.oneLine).encode(text), as: UTF8.self)
        case .array(let items): return "[" + items.map(\.inline).joined(separator: ", ") + "]"
        case .object(let fields):
            return "{" + fields.keys.sorted().map { "\(JSONValue.string($0).inline): \(fields[$0]!.inline)" }.joined(separator: ", ") + "}"
        }
    }
}
