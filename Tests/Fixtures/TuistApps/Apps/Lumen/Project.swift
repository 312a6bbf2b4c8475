import ProjectDescription
import ProjectDescriptionHelpers

let appInfoPlist: InfoPlist = .extendingDefault(with: [
  "CFBundleDisplayName": "Lumen",
  "BGTaskSchedulerPermittedIdentifiers": .array([
    "app.example.lumen.sync",
  ]),
  "UIBackgroundModes": .array(["audio", "processing"]),
  "UILaunchScreen": .dictionary([:]),
])

let project = Project(
  name: "Lumen",
  targets: [
    .target(
      name: "Lumen",
      destinations: .app,
      product: .app,
      bundleId: "app.example.lumen",
      deploymentTargets: .app,
      infoPlist: appInfoPlist,
      buildableFolders: ["Sources"],
      dependencies: [
        .project(target: "DesignSystem", path: "../../Shared"),
      ]
    ),
  ]
)
