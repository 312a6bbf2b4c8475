/// Reads the iOS version from a `Package.swift` `platforms:` list: `.iOS(.v16)`, `.iOS(.v17_4)` or `.iOS("16.4")`.
enum PackageManifestReader {
    static func iOSVersion(in text: String) throws(SourceSyntaxError) -> String? {
        let tokens = try SourceLexer.tokens(of: text, language: .swift)
        guard let platforms = tokens.firstIndex(where: { $0.kind == .identifier && $0.text == "platforms" }) else { return nil }
        var index = platforms
        while index + 2 < tokens.count {
            defer { index += 1 }
            guard tokens[index].text == ".", tokens[index + 1].text == "iOS", tokens[index + 2].text == "(" else { continue }
            guard index + 3 < tokens.count else { return nil }
            let argument = tokens[index + 3]
            if argument.kind == .string { return argument.text }
            if argument.text == ".", index + 4 < tokens.count, tokens[index + 4].text.hasPrefix("v") {
                let parts = tokens[index + 4].text.dropFirst().split(separator: "_")
                return parts.count == 1 ? "\(parts[0]).0" : parts.joined(separator: ".")
            }
            return nil
        }
        return nil
    }
}
