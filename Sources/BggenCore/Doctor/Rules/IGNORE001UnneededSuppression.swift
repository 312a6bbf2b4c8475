extension DoctorRule {
    public static let unneededSuppression = DoctorRule(
        id: "IGNORE001", severity: .warning,
        summary: "A bggen:ignore or bggen:disable comment that names no rule, or suppresses nothing.",
        finds: "a `bggen:ignore`, `bggen:disable` or `bggen:enable` comment naming no rule or an id that is no rule (`BG07`), and, when every app target is audited, a `bggen:ignore` or `bggen:disable` comment whose rule has no finding there any more (as SwiftLint's `superfluous_disable_command`); and a path in `.bggen.json`'s `doctor.excluded` that matches no file doctor reads, reported at that line of `.bggen.json`",
        why: "A misspelt id suppresses nothing while the comment says it does, and a comment left after its finding was fixed would hide the next one on that line unseen.",
        fix: "Correct the rule id (the rules are listed in `bggen doctor --help`) or the path, or remove the comment or the path.",
        tags: ["suppression"],
        check: nil,
        examples: [
            .triggering("an id that is no rule", ExampleApp().with("App/Notes.swift", "1️⃣// bggen:ignore BG07\nlet note = 1\n"), "1️⃣"),
            .triggering("a comment naming no rule", ExampleApp().with("App/Notes.swift", "let note = 1\n1️⃣// bggen:disable\n"), "1️⃣"),
            .triggering("an ignore left after its finding was fixed", ExampleApp().with("App/Notes.swift", "1️⃣// bggen:ignore BG001\nlet note = 1\n"), "1️⃣"),
            .triggering("a region with nothing in it to suppress",
                        ExampleApp().with("App/Notes.swift", "1️⃣// bggen:disable BG007\nlet note = 1\n// bggen:enable BG007\n"), "1️⃣"),
            .nonTriggering("an enable, which suppresses nothing by design", ExampleApp().with("App/Notes.swift", "// bggen:enable BG007\nlet note = 1\n")),
            .nonTriggering("the word in prose", ExampleApp().with("App/Notes.swift", "// See bggen: the doctor command.\nlet note = 1\n")),
        ])
}
