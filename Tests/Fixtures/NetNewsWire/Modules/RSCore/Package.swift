// swift-tools-version:5.9
import PackageDescription

let package = Package(
	name: "RSCore",
	platforms: [.macOS(.v14), .iOS(.v17)],
	products: [.library(name: "RSCore", targets: ["RSCore"])],
	targets: [.target(name: "RSCore")]
)
