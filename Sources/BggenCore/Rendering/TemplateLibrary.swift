import Synchronization

/// The templates, each parsed the first time it is rendered and kept: a run renders the few its configuration
/// needs, and parsing all of them at every start was about a tenth of the CPU the CLI tests spent in the `bggen`
/// processes they start. `embedded` is built from `Templates/` at compile time, so the binary needs no files beside
/// it.
public struct TemplateLibrary: Sendable {
    /// Name (the file name without `.tmpl`) → source.
    private let sources: [String: String]
    private let parsed = Parsed()

    private final class Parsed: Sendable {
        let templates = Mutex<[String: Template]>([:])
    }

    /// Every `<name>.tmpl` of `sources`; a template that does not parse is reported, with its line, when it is
    /// first rendered (`TemplateEngineTests` parses every embedded one).
    public init(sources: [String: String]) {
        var named: [String: String] = [:]
        for (file, source) in sources where file.hasSuffix(".tmpl") {
            named[String(file.dropLast(".tmpl".count))] = source
        }
        self.sources = named
    }

    public static let embedded = TemplateLibrary(sources: EmbeddedTemplates.files)

    func render(_ name: String, _ context: [String: TemplateValue]) throws(TemplateError) -> String {
        try template(named: name).render(context)
    }

    private func template(named name: String) throws(TemplateError) -> Template {
        if let known = parsed.templates.withLock({ $0[name] }) { return known }
        guard let source = sources[name] else {
            throw TemplateError(template: name, line: 0, message: "no template named \(name).tmpl")
        }
        let template = try Template(name: "\(name).tmpl", source: source)
        parsed.templates.withLock { $0[name] = template }
        return template
    }
}
