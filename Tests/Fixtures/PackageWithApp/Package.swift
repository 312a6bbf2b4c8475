// swift-tools-version:5.9
import PackageDescription

// The repository's root package holds the app's modules; the app itself is the project in App/.
let package = Package(
    name: "KiteKit",
    platforms: [.iOS(.v17)],
    products: [.library(name: "KiteKit", targets: ["KiteKit"])],
    targets: [.target(name: "KiteKit")]
)
