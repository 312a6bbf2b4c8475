// swift-tools-version: 5.10
// Tooling only (`swift run tools`); the app itself is described by project.yml.
import PackageDescription

let package = Package(
    name: "Element Swift",
    platforms: [.macOS(.v15)],
    products: [.executable(name: "tools", targets: ["Tools"])],
    targets: [.executableTarget(name: "Tools", path: "Tools/Sources")]
)
