// swift-tools-version:5.9
import PackageDescription

// The app's modules, in a package at the root; its platforms are the app's too.
let package = Package(
    name: "CRIPKit",
    platforms: [.iOS(.v15)],
    products: [.library(name: "CRIPKit", targets: ["CRIPKit"])],
    targets: [.target(name: "CRIPKit", path: "Packages/CRIPKit/Sources/CRIPKit")]
)
