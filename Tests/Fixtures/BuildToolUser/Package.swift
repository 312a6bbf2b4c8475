// swift-tools-version:6.0
import PackageDescription

// A user's package that runs bggen doctor on every build of Feature through the build-tool plugin:
// `swift build` prints each finding as path:line:column: note: …, as Xcode's issue navigator shows it.
// It depends on this checkout by path; InstallationTests copies it and points the path at the checkout.
let package = Package(
    name: "BuildToolUser",
    dependencies: [
        .package(name: "bggen", path: "../../.."),
    ],
    targets: [
        .target(name: "Feature", plugins: [.plugin(name: "BggenBuildToolPlugin", package: "bggen")]),
    ]
)
