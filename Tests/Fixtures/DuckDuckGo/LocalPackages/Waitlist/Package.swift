// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "Waitlist",
    platforms: [.iOS("15.0")],
    products: [.library(name: "Waitlist", targets: ["Waitlist"])],
    targets: [.target(name: "Waitlist")]
)
