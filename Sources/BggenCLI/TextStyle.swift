import BggenCore

/// Colour for a terminal, nothing otherwise (a pipe, a CI log, or `NO_COLOR`).
enum TextStyle {
    case plain
    case color

    func paint(_ text: String, _ action: FileAction) -> String {
        guard self == .color else { return text }
        let code = switch action {
        case .create: "32"
        case .update: "33"
        case .conflict, .delete: "31"
        case .unchanged: "2"
        }
        return "\u{1B}[\(code)m\(text)\u{1B}[0m"
    }

    func bold(_ text: String) -> String {
        self == .color ? "\u{1B}[1m\(text)\u{1B}[0m" : text
    }
}
