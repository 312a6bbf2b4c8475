/// The templates, parsed once. `embedded` is built from `Templates/` at compile time, so the binary needs no
/// files beside it.
public struct TemplateLibrary: Sendable {
    private let templates: [String: Template]

    /// Parses every `<name>.tmpl` source; the key drops the `.tmpl` suffix.
    public init(sources: [String: String]) throws(TemplateError) {
        var templates: [String: Template] = [:]
        for (file, source) in sources where file.hasSuffix(".tmpl") {
            let name = String(file.dropLast(".tmpl".count))
            templates[name] = try Template(name: file, source: source)
        }
        self.templates = templates
    }

    /// A broken embedded template is a bug in bggen itself, caught by the test suite before any release.
    public static let embedded: TemplateLibrary = {
        do {
            return try TemplateLibrary(sources: EmbeddedTemplates.files)
        } catch {
            fatalError("bggen's embedded templates do not parse: \(error)")
        }
    }()

    func render(_ name: String, _ context: [String: TemplateValue]) throws(TemplateError) -> String {
        guard let template = templates[name] else {
            throw TemplateError(template: name, line: 0, message: "no template named \(name).tmpl")
        }
        return try template.render(context)
    }
}
