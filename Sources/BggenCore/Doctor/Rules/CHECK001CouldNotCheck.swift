extension DoctorRule {
    public static let couldNotCheck = DoctorRule(
        id: "CHECK001", severity: .note,
        summary: "Something doctor could not check: an identifier built at run time, a generated Info.plist.",
        finds: "something doctor could not check: an identifier built at run time, an Info.plist Xcode generates, a registration no path from launch reaches",
        why: "A finding there would be missed; doctor says so rather than guess.",
        fix: "Nothing to do when the code is right; a literal or a constant identifier lets doctor check it.",
        tags: ["coverage"],
        examples: [
            .triggering("an identifier built at run time",
                        ExampleApp(permitted: ["com.example.app.refresh"], modes: ["fetch"])
                            .with("App/AppDelegate.swift", ExampleSources.appDelegate(registered: #""com.example.app.\(name)""#, registerMarker: "1️⃣")),
                        "1️⃣"),
            .triggering("a registration no path from launch was found to reach", ExampleSources.late("func start() {", marker: "1️⃣"), "1️⃣"),
            .nonTriggering("literal identifiers reached from launch", ExampleSources.cleanRefresh),
            .nonTriggering("an identifier returned as a literal from a computed property",
                           ExampleApp(permitted: ["com.example.app.refresh"], modes: ["fetch"])
                               .with("App/AppDelegate.swift", ExampleSources.appDelegate(registered: "Names.refresh", submitted: "Names.refresh"))
                               .with("App/Names.swift", "enum Names {\n    static var refresh: String { \"com.example.app.refresh\" }\n}\n")),
        ])
}
