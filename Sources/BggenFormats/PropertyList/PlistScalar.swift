import Foundation

/// The text forms property-list scalars must take, checked here so a bad value is reported on its own line;
/// Foundation refuses the same values but says only that the file cannot be read.
enum PlistScalar {
    static func isValid(_ text: String, as element: String) -> Bool {
        let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
        switch element {
        case "integer":
            let digits = value.first == "-" || value.first == "+" ? value.dropFirst() : Substring(value)
            if digits.hasPrefix("0x") || digits.hasPrefix("0X") {
                return digits.count > 2 && digits.dropFirst(2).allSatisfy(\.isHexDigit)
            }
            return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
        case "real":
            return Double(value) != nil || ["nan", "inf", "-inf", "+inf", "infinity", "-infinity"].contains(value.lowercased())
        case "date":
            return value.wholeMatch(of: #/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z/#) != nil
        case "data":
            let compact = value.filter { !$0.isWhitespace }
            return compact.count % 4 == 0 && Data(base64Encoded: compact) != nil
        default:
            return true
        }
    }
}
