import ProjectDescription
import ProjectDescriptionHelpers

/// iPhone only, and on Apple silicon Macs.
let chimeDestinations: Destinations = [.iPhone, .macWithiPadDesign]

let project = Project(
  name: "Chime",
  targets: [
    .target(
      name: "Chime",
      destinations: chimeDestinations,
      product: .app,
      bundleId: "app.example.chime",
      deploymentTargets: .iOS("17.0"),
      infoPlist: .extendingDefault(with: ["UIBackgroundModes": ["fetch", "remote-notification"]]),
      buildableFolders: [.folder(path: "Sources")],
      entitlements: .dictionary(["aps-environment": "development"])
    ),
  ]
)
