import ProjectDescription

extension Project {
    /// Tuist's own template: every target is built by these helpers, never by a literal `.target(…)` call.
    public static func app(name: String, destinations: Destinations, additionalTargets: [String]) -> Project {
        var targets = makeAppTargets(name: name, destinations: destinations)
        targets += additionalTargets.flatMap { makeFrameworkTargets(name: $0, destinations: destinations) }
        return Project(name: name, organizationName: "kiteapp.org", targets: targets)
    }

    private static func makeAppTargets(name: String, destinations: Destinations) -> [Target] {
        [
            .target(
                name: name,
                destinations: destinations,
                product: .app,
                bundleId: "org.kiteapp.\(name)",
                infoPlist: .extendingDefault(with: ["UILaunchScreen": [:]]),
                sources: ["Targets/\(name)/Sources/**"]
            ),
        ]
    }

    private static func makeFrameworkTargets(name: String, destinations: Destinations) -> [Target] {
        []
    }
}
