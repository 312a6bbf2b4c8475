// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "bggen",
    // Synchronization's Mutex and Atomic, RangeSet and String(validating:as:) need macOS 15.
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "bggen", targets: ["bggen"]),
        // `swift package bggen init|doctor …` in a package that depends on bggen, with nothing installed.
        .plugin(name: "BggenPlugin", targets: ["BggenCommandPlugin"]),
        // `swift package bggen-doctor …`: doctor alone, which asks for no permission.
        .plugin(name: "BggenDoctorPlugin", targets: ["BggenDoctorPlugin"]),
        // doctor when the target it is applied to builds, in SwiftPM and in Xcode.
        .plugin(name: "BggenBuildToolPlugin", targets: ["BggenBuildToolPlugin"]),
    ],
    targets: [
        .executableTarget(name: "bggen", dependencies: ["BggenCLI", .target(name: "GlibcMalloc", condition: .when(platforms: [.linux]))]),
        // <malloc.h>'s tuning, which the executable sets at launch on Linux (AllocatorTuning).
        .systemLibrary(name: "GlibcMalloc"),
        // Its EmbeddedSkill.swift carries skills/bggen/SKILL.md, what `bggen help --skill` prints (see TemplateEmbedder).
        .target(name: "BggenCLI", dependencies: ["BggenCore", "BggenModel", "BggenFormats"]),
        // The layers, each depending only on those after it here (LayerTests keeps it so): the services over one
        // model of the app, the model (answers, task kinds, identifiers, modes), and the formats below them (the file
        // system seam, YAML, property lists, the Swift lexer, diffs, JSON).
        .target(name: "BggenCore", dependencies: ["BggenModel", "BggenFormats"]),
        .target(name: "BggenModel", dependencies: ["BggenFormats"]),
        .target(name: "BggenFormats"),
        // Templates/ is the single source of truth; `swift run TemplateEmbedder` turns it (and skills/bggen/) into
        // the Swift string literals kept in BggenCore and BggenCLI, so the binary works when copied alone. No build
        // plugin does it: in a tool built as a plugin's dependency, one makes SwiftPM rebuild bggen on every build.
        .executableTarget(name: "TemplateEmbedder"),
        .plugin(
            name: "BggenCommandPlugin",
            capability: .command(
                intent: .custom(verb: "bggen", description: "Generate iOS background work (bggen init) or audit it (bggen doctor)"),
                permissions: [.writeToPackageDirectory(reason: "bggen init writes the generated Swift files, .bggen.json and the Info.plist and entitlements additions (doctor alone needs no permission: swift package bggen-doctor)")]
            ),
            dependencies: ["bggen"],
            path: "Sources/BggenCommandPlugin"
        ),
        .plugin(
            name: "BggenDoctorPlugin",
            capability: .command(intent: .custom(verb: "bggen-doctor", description: "Audit the package's iOS background work (bggen doctor); writes nothing")),
            dependencies: ["bggen"],
            path: "Sources/BggenDoctorPlugin"
        ),
        .plugin(name: "BggenBuildToolPlugin", capability: .buildTool(), dependencies: ["bggen"], path: "Sources/BggenBuildToolPlugin"),
        .target(name: "BggenTestSupport", dependencies: ["BggenCore"], path: "Tests/BggenTestSupport"),
        .testTarget(name: "BggenCoreTests", dependencies: ["BggenCore", "BggenTestSupport"]),
        .testTarget(name: "BggenCLITests", dependencies: ["bggen", "BggenCLI", "BggenCore", "BggenTestSupport"]),
        .testTarget(
            name: "GeneratedCodeTests",
            dependencies: ["bggen", "BggenCore", "BggenTestSupport"],
            exclude: ["Stubs"]
        ),
        // Installs bggen the ways the README gives (make, experimental-install, artifact bundle, command plugin).
        .testTarget(name: "InstallationTests", dependencies: ["BggenTestSupport"]),
    ]
)
