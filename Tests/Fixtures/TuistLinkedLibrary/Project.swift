import ProjectDescription

let project = Project(
    name: "Tone",
    targets: [
        .target(
            name: "Tone",
            destinations: [.iPhone],
            product: .app,
            bundleId: "app.example.tone",
            deploymentTargets: .iOS("26.0"),
            infoPlist: .extendingDefault(with: [
                "UIBackgroundModes": .array(["audio", "processing"]),
                "BGTaskSchedulerPermittedIdentifiers": .array(["app.example.tone.transcription.*"]),
            ]),
            buildableFolders: ["Tone"],
            dependencies: [
                .target(name: "AppService"),
                .target(name: "LiveActivity"),
            ]
        ),
        .target(
            name: "AppService",
            destinations: [.iPhone],
            product: .staticLibrary,
            bundleId: "app.example.tone.AppService",
            buildableFolders: ["Sources/AppService"],
            dependencies: [.target(name: "Transcription")]
        ),
        .target(
            name: "Transcription",
            destinations: [.iPhone],
            product: .staticFramework,
            bundleId: "app.example.tone.Transcription",
            buildableFolders: ["Sources/Transcription"]
        ),
        .target(
            name: "LiveActivity",
            destinations: [.iPhone],
            product: .appExtension,
            bundleId: "app.example.tone.LiveActivity",
            buildableFolders: ["Sources/LiveActivity"]
        ),
        .target(
            name: "Clock",
            destinations: [.iPhone],
            product: .app,
            bundleId: "app.example.clock",
            deploymentTargets: .iOS("26.0"),
            infoPlist: .extendingDefault(with: [
                "UIBackgroundModes": .array(["processing"]),
                "BGTaskSchedulerPermittedIdentifiers": .array(["app.example.clock.cleanup"]),
            ]),
            buildableFolders: ["Clock"],
            dependencies: [.target(name: "ClockWidget")]
        ),
        .target(
            name: "ClockWidget",
            destinations: [.iPhone],
            product: .appExtension,
            bundleId: "app.example.clock.ClockWidget",
            buildableFolders: ["Sources/ClockWidget"]
        ),
    ]
)
