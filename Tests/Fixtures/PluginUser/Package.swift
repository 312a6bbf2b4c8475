// swift-tools-version:6.0
import PackageDescription

// A user's package that runs bggen through its command plugin, with nothing installed:
//   swift package --allow-writing-to-package-directory bggen init --yes --output Sources/BackgroundFeature/Generated
// It depends on this checkout by path; InstallationTests copies it and points the path at the checkout.
let package = Package(
    name: "PluginUser",
    platforms: [.iOS(.v17), .macOS(.v14)],
    dependencies: [
        .package(name: "bggen", path: "../../.."),
    ],
    targets: [
        .target(name: "BackgroundFeature"),
    ]
)
