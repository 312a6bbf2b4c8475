extension DoctorRule {
    public static let editedGenerated = DoctorRule(
        id: "GEN001", severity: .warning,
        summary: "A file bggen generated was edited; the next bggen init refuses to update it.",
        finds: "a file bggen generated that was edited since",
        why: "`bggen init` refuses to update it (or overwrites the change with `--force`), so fixes in newer templates do not reach it.",
        fix: "Move the change into the user-owned work file bggen wrote for it, then re-run `bggen init --force` to restore the generated file.",
        tags: ["generated-code"],
        check: findEditedGenerated,
        examples: [
            .triggering("a generated file with a line added", ExampleApp().with("App/Generated.swift", "1️⃣" + ExampleSources.generated + "// mine\n"), "1️⃣"),
            .nonTriggering("a generated file as bggen wrote it", ExampleApp().with("App/Generated.swift", ExampleSources.generated)),
        ])
}

extension ExampleSources {
    /// A file as bggen writes it, its marker's checksum matching the text.
    static let generated = GeneratedMarker.stamp("import BackgroundTasks\n\nenum Generated {}\n", path: "App/Generated.swift")
}

extension DoctorRule {
    fileprivate static func findEditedGenerated(_ audit: inout RuleAudit) {
        for facts in audit.relevant where facts.provenance == .edited {
            audit.add(.editedGenerated(facts.file, target: audit.target?.name))
        }
    }
}
