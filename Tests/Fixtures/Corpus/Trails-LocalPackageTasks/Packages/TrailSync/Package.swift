// swift-tools-version: 5.9
import PackageDescription

let package = Package(
    name: "TrailSync",
    platforms: [.iOS(.v16)],
    products: [.library(name: "TrailSync", targets: ["TrailSync"])],
    targets: [.target(name: "TrailSync")]
)
