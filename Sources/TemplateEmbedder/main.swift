import Foundation

/// Writes every file of a folder into one Swift source as raw string literals, keyed by file name.
/// Raw literals with a delimiter longer than any run of `#` in the text keep the templates byte-exact.
/// The optional third argument names the enum (default `EmbeddedTemplates`; the skill is `EmbeddedSkill`).
let arguments = CommandLine.arguments
guard arguments.count == 3 || arguments.count == 4 else {
    FileHandle.standardError.write(Data("usage: TemplateEmbedder <folder> <output.swift> [enum-name]\n".utf8))
    exit(64)
}
let enumName = arguments.count == 4 ? arguments[3] : "EmbeddedTemplates"
let folder = URL(fileURLWithPath: arguments[1])
let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    .filter { !$0.hasPrefix(".") }
    .sorted()

func literal(_ text: String) -> String {
    var longestRun = 0, run = 0
    for character in text {
        run = character == "#" ? run + 1 : 0
        longestRun = max(longestRun, run)
    }
    let hashes = String(repeating: "#", count: longestRun + 1)
    return "\(hashes)\"\"\"\n\(text)\n\"\"\"\(hashes)"
}

var source = "// Generated from \(folder.lastPathComponent)/ by TemplateEmbedder. Do not edit.\n\n"
source += "enum \(enumName) {\n    static let files: [String: String] = [\n"
for name in names {
    let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    source += "        \(literal(name)): \(literal(text)),\n"
}
source += "    ]\n}\n"
let output = URL(fileURLWithPath: arguments[2])
if (try? String(contentsOf: output, encoding: .utf8)) != source {
    try source.write(to: output, atomically: true, encoding: .utf8)
}
