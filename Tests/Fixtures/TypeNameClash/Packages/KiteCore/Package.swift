// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "KiteCore",
    platforms: [.iOS(.v17)],
    products: [.library(name: "KiteCore", targets: ["KiteCore"])],
    targets: [.target(name: "KiteCore")]
)
