import ProjectDescription

extension DeploymentTargets {
  public static let app: DeploymentTargets = .iOS("17.0")
}

extension Destinations {
  public static let app: Destinations = [.iPhone, .iPad]
}

extension Project {
  /// A framework target of the shared modules, built the same way for every app.
  public static func module(name: String) -> Project {
    Project(name: name, targets: [framework(name: name)])
  }

  public static func framework(name: String) -> Target {
    .target(
      name: name,
      destinations: .app,
      product: .staticFramework,
      bundleId: "app.example.\(name)",
      deploymentTargets: .app,
      buildableFolders: [BuildableFolder(stringLiteral: "Sources/\(name)")]
    )
  }
}
