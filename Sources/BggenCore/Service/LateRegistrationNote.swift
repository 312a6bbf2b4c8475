extension LateRegistration {
    /// What init adds to its note on a task kind it skips because the app registers the identifier already, when
    /// that registration runs after launch finishes: bggen still does not register it a second time (two systems
    /// would be worse), but says, in doctor's words (BG004), why it is broken and where the call goes.
    static func note(for registered: AlreadyRegistered, in project: ExistingProject) -> String {
        guard case .identifierAlreadyRegistered(let site) = registered.error, let code = project.code,
              let use = code.facts.flatMap(\.uses).first(where: { $0.role == .register && $0.location.file == site.file && $0.location.line == site.line }),
              let late = of(use, reach: LaunchReach(code: code))
        else { return "" }
        return " That registration is broken, as bggen doctor reports (BG004): \(late.message) \(late.fix)"
    }
}
