import ProjectDescription

let project = Project(
    name: "BeaconKit",
    targets: [
        .target(
            name: "BeaconKit",
            destinations: .iOS,
            product: .framework,
            bundleId: "dev.example.beaconkit",
            sources: ["Sources/**"]
        ),
    ]
)
