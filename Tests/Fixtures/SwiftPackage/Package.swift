// swift-tools-version:5.10
import PackageDescription

let package = Package(
    name: "FeedKit",
    platforms: [
        .macOS(.v13),
        .iOS(.v16_4),
    ],
    products: [.library(name: "FeedKit", targets: ["FeedKit"])],
    targets: [.target(name: "FeedKit")]
)
