// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "bggen",
    products: [
        .executable(name: "bggen", targets: ["bggen"]),
    ],
    targets: [
        .executableTarget(name: "bggen", dependencies: ["BggenCLI"]),
        .target(name: "BggenCLI", dependencies: ["BggenCore"]),
        .target(name: "BggenCore", plugins: ["EmbedTemplates"]),
        // Templates/ is the single source of truth; this tool turns it into Swift string literals
        // at build time so the binary carries its templates and still works when copied alone.
        .executableTarget(name: "TemplateEmbedder"),
        .plugin(
            name: "EmbedTemplates",
            capability: .buildTool(),
            dependencies: ["TemplateEmbedder"],
            path: "Sources/EmbedTemplatesPlugin"
        ),
        .target(name: "BggenTestSupport", dependencies: ["BggenCore"], path: "Tests/BggenTestSupport"),
        .testTarget(name: "BggenCoreTests", dependencies: ["BggenCore", "BggenTestSupport"]),
        .testTarget(name: "BggenCLITests", dependencies: ["bggen", "BggenCLI", "BggenCore", "BggenTestSupport"]),
        .testTarget(
            name: "GeneratedCodeTests",
            dependencies: ["bggen", "BggenCore", "BggenTestSupport"],
            exclude: ["Stubs"]
        ),
    ]
)
