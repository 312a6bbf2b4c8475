/// One folder written into one Swift source as raw string literals, keyed by file name.
struct Embedding {
    /// The folder read, relative to the checkout.
    let folder: String
    /// The Swift file written, relative to the checkout.
    let output: String
    /// The enum the file declares, whose `files` the target reads.
    let enumName: String

    /// BggenCore's templates, and BggenCLI's coding-agent skill (printed by `bggen help --skill`).
    static let all = [
        Embedding(folder: "Templates", output: "Sources/BggenCore/Rendering/EmbeddedTemplates.swift", enumName: "EmbeddedTemplates"),
        Embedding(folder: "skills/bggen", output: "Sources/BggenCLI/EmbeddedSkill.swift", enumName: "EmbeddedSkill"),
    ]

    /// The Swift source for `files` (name and text), sorted by name so the output depends on the contents alone.
    func source(files: [(name: String, text: String)]) -> String {
        var source = "// Generated from \(folder)/ by `swift run TemplateEmbedder`. Do not edit: edit \(folder)/ and run it again.\n\n"
        source += "enum \(enumName) {\n    static let files: [String: String] = [\n"
        for file in files.sorted(by: { $0.name < $1.name }) {
            source += "        \(Self.literal(file.name)): \(Self.literal(file.text)),\n"
        }
        return source + "    ]\n}\n"
    }

    /// A raw string literal whose delimiter is longer than any run of `#` in the text, so the text stays byte-exact.
    static func literal(_ text: String) -> String {
        var longestRun = 0, run = 0
        for character in text {
            run = character == "#" ? run + 1 : 0
            longestRun = max(longestRun, run)
        }
        let hashes = String(repeating: "#", count: longestRun + 1)
        return "\(hashes)\"\"\"\n\(text)\n\"\"\"\(hashes)"
    }
}
