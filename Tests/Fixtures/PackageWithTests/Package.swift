// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Reader",
    platforms: [.iOS(.v17)],
    products: [.library(name: "ReaderKit", targets: ["ReaderKit"])],
    targets: [
        .target(name: "ReaderKit"),
        .testTarget(name: "ReaderKitTests", dependencies: ["ReaderKit", .product(name: "Fixtures", package: "fixtures")]),
    ]
)
