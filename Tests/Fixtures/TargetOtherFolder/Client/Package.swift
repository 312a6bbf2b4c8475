// swift-tools-version: 5.9
import PackageDescription

let package = Package(
    name: "Client",
    platforms: [.iOS(.v16)],
    products: [.library(name: "Client", targets: ["Client"])],
    targets: [.target(name: "Client")]
)
