// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "NetworkingKit",
    platforms: [.iOS(.v18)],
    products: [.library(name: "NetworkingKit", targets: ["NetworkingKit"])],
    targets: [.target(name: "NetworkingKit")]
)
