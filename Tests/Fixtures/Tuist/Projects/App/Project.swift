import ProjectDescription
import ProjectDescriptionHelpers

let appDependencies: [TargetDependency] = [.project(target: "hCore", path: .relativeToRoot("Projects/hCore"))]

let project = Project(
    name: "Ugglan",
    settings: .settings(base: ["SWIFT_VERSION": "6.0", "ENABLE_USER_SCRIPT_SANDBOXING": "NO"]),
    targets: [
        .target(
            name: "Ugglan",
            destinations: [.iPhone, .iPad],
            product: .app,
            bundleId: "com.hedvigForsakring.test.app",
            deploymentTargets: .iOS("16.0"),
            infoPlist: .file(path: "Config/Test/Info.plist"),
            sources: ["Sources/**"],
            resources: ["Resources/**"],
            entitlements: "Config/Test/Ugglan.entitlements",
            dependencies: appDependencies + [.target(name: "NotificationService")]
        ),
        .target(
            name: "Hedvig",
            destinations: [.iPhone, .iPad],
            product: .app,
            bundleId: "com.hedvig.app",
            deploymentTargets: .iOS("16.0"),
            infoPlist: "Config/Production/Info.plist",
            sources: ["Sources/**"],
            entitlements: .file(path: "Config/Production/Hedvig.entitlements"),
            dependencies: appDependencies + [.target(name: "NotificationServiceProd")]
        ),
        .target(
            name: "NotificationService",
            destinations: [.iPhone, .iPad],
            product: .appExtension,
            bundleId: "com.hedvigForsakring.test.app.NotificationService",
            deploymentTargets: .iOS("16.0"),
            infoPlist: .file(path: "../../Projects/NotificationService/Info.plist"),
            sources: ["../NotificationService/Sources/**"],
            entitlements: "Config/Dev/NotificationService.entitlements"
        ),
        .target(
            name: "NotificationServiceProd",
            destinations: [.iPhone, .iPad],
            product: .appExtension,
            bundleId: "com.hedvig.app.NotificationService",
            deploymentTargets: .iOS("16.0"),
            infoPlist: .file(path: "../../Projects/NotificationService/Info.plist"),
            sources: ["../NotificationService/Sources/**"],
            entitlements: "Config/Prod/NotificationService.entitlements"
        ),
        .target(
            name: "AppTests",
            destinations: [.iPhone],
            product: .unitTests,
            bundleId: "com.hedvig.AppTests",
            infoPlist: .default,
            sources: ["Tests/**"],
            dependencies: [.target(name: "Ugglan")]
        ),
    ]
)
