import ProjectDescription

let project = Project(
    name: "Beacon",
    targets: [
        .target(
            name: "Beacon",
            destinations: .iOS,
            product: .app,
            bundleId: "dev.example.beacon",
            deploymentTargets: .iOS("17.0"),
            infoPlist: .extendingDefault(with: ["UILaunchScreen": [:]]),
            sources: ["Sources/**"],
            dependencies: [.project(target: "BeaconKit", path: "../BeaconKit")]
        ),
    ]
)
