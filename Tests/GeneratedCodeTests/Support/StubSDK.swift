import BggenCore
import BggenTestSupport
import Foundation

/// Stand-ins for the iOS SDK modules that generated code imports, built once per test process, and the compiler
/// invocations that check generated code against them.
///
/// The stubs (Tests/GeneratedCodeTests/Stubs) are Swift sources that mirror Apple's declarations. They are built
/// the way Swift sees ObjC frameworks: Swift 5 mode with minimal checking (so unannotated classes are implicitly
/// non-Sendable) and library evolution (so enums are non-frozen and a switch needs `default`). Generated code is
/// then compiled through SIL (`-emit-module`, or `-c` where it is linked): `-typecheck` stops before the SIL passes
/// that report region-based data races (`sending` diagnostics), so it would miss a whole class of Swift 6 errors.
final class StubSDK: Sendable {
    /// `<Module>.swiftmodule` for every stub, plus the module map of the `os` Clang module the `os` stub overlays.
    let modulesDirectory: URL
    /// One object file per stub module, for linking executables.
    let objectFiles: [URL]
    /// Compiled into every app module: makes `import Foundation` provide URLSession as on Darwin.
    let shimFiles: [URL]
    /// How long building the stubs took.
    let buildDuration: Duration

    private init(modulesDirectory: URL, objectFiles: [URL], shimFiles: [URL], buildDuration: Duration) {
        self.modulesDirectory = modulesDirectory
        self.objectFiles = objectFiles
        self.shimFiles = shimFiles
        self.buildDuration = buildDuration
    }

    /// Which SDK the stubs stand for.
    enum Version: Sendable {
        /// Every SDK up to iOS 27 as an app targeting an earlier iOS sees it.
        case standard
        /// The iOS 27 SDK as an app targeting iOS 27 or later sees it: `submit(_:)` is deprecated, so calling it
        /// warns. Built with `-D BGGEN_IOS27_SDK`.
        case ios27

        /// The SDK that code for `target` is checked against.
        init(for target: DeploymentTarget) {
            self = target >= DeploymentTarget(major: 27, minor: 0) ? .ios27 : .standard
        }

        var flags: [String] {
            self == .ios27 ? ["-D", "BGGEN_IOS27_SDK"] : []
        }
    }

    /// The stub modules, built on first use. Later callers wait (suspended, not blocking a thread) for and share
    /// that build, or its error.
    static func shared(_ version: Version = .standard) async throws -> StubSDK {
        switch version {
        case .standard: try await cached.value
        case .ios27: try await cachedIOS27.value
        }
    }

    private static let cached = Task { try await StubSDK.build(.standard) }
    private static let cachedIOS27 = Task { try await StubSDK.build(.ios27) }

    /// Which waiting compiler gets a freed permit first: the one nearest to a simulator run. Runs mostly sleep, so
    /// the suite's wall time is shortest when they start early and overlap the compilations; a build once begun
    /// goes on to its link before other builds begin, and a compile check that feeds no run waits for the rest.
    enum Priority: Int {
        case checkOnly, startsBuild, continuesBuild, finishesBuild, stubModules
    }

    /// Runs one `swiftc`, holding one of the per-core compiler permits while it runs. Its `TMPDIR` is in the scratch
    /// folder: the Swift driver leaves a `TemporaryDirectory.*` folder in it at every run, about 630 left in /tmp by
    /// each full suite. It runs under `nice -n 10`: the simulator runs start with the first builds (`.startsEarly`)
    /// and overlap compilers on CI's two cores, and their checks time hand-overs of a tenth of a second against bounds
    /// of a quarter (as the timing suites time readers), so the compilers, which only want throughput, yield the CPU
    /// to the test process and the runs whenever both want it.
    static func swiftc(_ arguments: [String], in directory: URL, priority: Priority) async throws -> Subprocess.Outcome {
        try await AsyncSemaphore.compilers.withPermit(priority: priority.rawValue) {
            try await Subprocess.run(["nice", "-n", "10", "swiftc"] + arguments, in: directory, environment: ["TMPDIR": driverTemporary.path])
        }
    }

    private static let driverTemporary: URL = {
        let folder = Scratch.root.appendingPathComponent("swiftc-tmp")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }()

    /// Compiles `swiftFiles` plus the networking shim as a Debug build in Xcode does (one frontend per batch of
    /// files, -Onone) as far as its diagnostics go, writing the module's interface rather than object files
    /// (`output(optimized:module:)`), and reports every diagnostic. A non-zero exit code is a result, not a
    /// thrown error. Pass `["-wmo", "-O"]` in `extraFlags` for a Release-style build; it takes about 3x longer.
    func compile(
        swiftFiles: [URL],
        setup: CompilerSetup,
        moduleName: String = "App",
        extraFlags: [String] = []
    ) async throws -> CompileResult {
        let objectsDirectory = try Scratch.makeDirectory("objects")
        defer { try? FileManager.default.removeItem(at: objectsDirectory) }
        // swiftc warns when batch mode meets whole-module mode, and that warning would count as a diagnostic.
        let isWholeModule = extraFlags.contains { $0 == "-wmo" || $0 == "-whole-module-optimization" }
        let arguments = ["-parse-as-library", "-module-name", moduleName]
            + Self.output(optimized: extraFlags.contains("-O"), module: objectsDirectory.appendingPathComponent("\(moduleName).swiftmodule"))
            + (isWholeModule ? Self.oneFrontend(extraFlags) : ["-enable-batch-mode"])
            + setup.flags
            + commonFlags
            + extraFlags
            + (swiftFiles + shimFiles).map(\.path)
        let outcome = try await Self.swiftc(arguments, in: objectsDirectory, priority: .checkOnly)
        return CompileResult(outcome)
    }

    /// What a compile check writes. A module interface alone: its frontends still run SILGen and every mandatory SIL
    /// pass (definite initialisation, region-based isolation, `sending`), which report all the diagnostics a Debug
    /// build does, and skip code generation, about half of the CPU of `-c` for module `App`. An optimised build still
    /// generates code: the optimiser's passes run as far as the object file.
    static func output(optimized: Bool, module: URL) -> [String] {
        optimized ? ["-c"] : ["-emit-module", "-emit-module-path", module.path]
    }

    /// Builds an executable from `swiftFiles`, linked against the stub modules, and returns its path.
    ///
    /// The entry point is either a `main.swift` or an `@main` type among `swiftFiles`. `extraFlags` reach both
    /// compiling and linking, so `-sanitize=thread` works. With `sanitizedStubs`, the stubs are linked as objects
    /// built with `-sanitize=thread` too, so the sanitizer also sees what generated code does to stub objects
    /// (task, session and simulator state). Throws `StubSDK.Failure` with the compiler output when the build fails.
    /// One frontend for the whole module, still -Onone, as the harness builds are (`SimulatedApp.compilerFlags`):
    /// without it the driver starts a frontend per file, each parsing every file again (a scenario's program of 15
    /// files: 6.3 s of CPU against 3.6 s). Batch mode would do too, but this driver's batch jobs and its link step
    /// disagree on the objects' temporary names when one `swiftc` does both.
    func buildExecutable(
        swiftFiles: [URL], setup: CompilerSetup, extraFlags: [String] = [], sanitizedStubs: Bool = false
    ) async throws -> URL {
        let directory = try Scratch.makeDirectory("executable")
        let executable = directory.appendingPathComponent("App")
        // Before taking a compiler permit: the sanitized stubs take permits of their own.
        let stubObjects = sanitizedStubs ? try await sanitizedObjectFiles() : objectFiles
        let arguments = ["-module-name", "App", "-o", executable.path, "-wmo"]
            + Self.linkerFlags
            + setup.flags
            + commonFlags
            + extraFlags
            + (swiftFiles + shimFiles + stubObjects).map(\.path)
        let outcome = try await Self.swiftc(arguments, in: directory, priority: .startsBuild)
        guard outcome.exitCode == 0 else {
            throw Failure(summary: "building an executable failed (exit code \(outcome.exitCode))", output: outcome.output)
        }
        return executable
    }

    /// Compiles `swiftFiles` plus the networking shim (unless `shim` is false: a module of the test's own) into
    /// module `name` in `directory`: its `.swiftmodule` and one object file, built with `-enable-testing` (as Xcode's
    /// Debug builds do) so a test module's `@testable import` reaches its internal declarations. What swiftc said is
    /// returned, failed or not: it is a compile check too. `priority`: a module compiled on the way to a harness
    /// that an `App` module already waits for (HarnessKit) continues a build rather than starting one; without it, a
    /// module with an object starts a build, and one without (a set-up the simulator does not run) is a compile
    /// check that feeds no run, and waits for the builds that do.
    func compileModule(
        swiftFiles: [URL], named name: String, setup: CompilerSetup, extraFlags: [String], shim: Bool = true,
        object: URL?, priority: Priority? = nil, in directory: URL
    ) async throws -> (module: URL, outcome: Subprocess.Outcome) {
        let module = directory.appendingPathComponent("\(name).swiftmodule")
        let arguments = ["-module-name", name, "-parse-as-library", "-enable-testing"]
            + ["-emit-module", "-emit-module-path", module.path]
            + (object.map { ["-c", "-o", $0.path] } ?? [])
            + Self.oneFrontend(extraFlags)
            + setup.flags
            + commonFlags
            + extraFlags
            + (swiftFiles + (shim ? shimFiles : [])).map(\.path)
        return (module, try await Self.swiftc(arguments, in: directory, priority: priority ?? (object == nil ? .checkOnly : .startsBuild)))
    }

    /// With `-wmo`, swiftc runs a second frontend just to write the `.swiftmodule`, which type-checks the
    /// declarations again: a sixth of an `App` compile's CPU. The frontend that compiles the module can write it too,
    /// byte for byte the same whatever a function body says, so the harness cache keyed by it still holds.
    private static func oneFrontend(_ flags: [String]) -> [String] {
        flags.contains { $0 == "-wmo" || $0 == "-whole-module-optimization" } ? ["-no-emit-module-separately-wmo"] : []
    }

    /// Compiles the files of module `name` that `outputs` names (its primary files) in one frontend, as an
    /// incremental Debug build does: each primary file type-checked, checked through SIL and generated in full, the
    /// rest of `swiftFiles` (the module, in order) and the networking shim read for their declarations. Each primary
    /// gives its object and, where asked for, its part of the module's interface (a partial `.swiftmodule`).
    /// `extraFlags` are the module's driver flags; `-wmo` is the driver's alone and is left out.
    func compileFiles(
        _ swiftFiles: [URL], named name: String, outputs: [URL: (object: URL, partialModule: URL?)], setup: CompilerSetup,
        extraFlags: [String], in directory: URL
    ) async throws -> Subprocess.Outcome {
        let primaries = (swiftFiles + shimFiles).filter { outputs[$0] != nil }
        let modules = primaries.compactMap { file in outputs[file]!.partialModule.map { (file.path, ["swiftmodule": $0.path]) } }
        let map = directory.appendingPathComponent("outputs.json")
        try JSONSerialization.data(withJSONObject: Dictionary(uniqueKeysWithValues: modules)).write(to: map)
        let outputFlags = primaries.flatMap { ["-o", outputs[$0]!.object.path] }
            + (modules.isEmpty ? [] : ["-supplementary-output-file-map", map.path])
        return try await frontend("-c", swiftFiles, primaries: Set(primaries), outputs: outputFlags, named: name, setup: setup,
                                  extraFlags: extraFlags, in: directory)
    }

    /// The partial `.swiftmodule` of `file`, one of module `name`'s `swiftFiles`, compiled as `compileFiles` compiles
    /// it but without its object: the same bytes as the partial module `compileFiles` writes beside the object, for
    /// half the CPU (no code generated), where only the interface is compared.
    func partialModule(
        of file: URL, in swiftFiles: [URL], named name: String, into module: URL, setup: CompilerSetup, extraFlags: [String],
        in directory: URL
    ) async throws -> Subprocess.Outcome {
        try await frontend("-emit-module", swiftFiles, primaries: [file], outputs: ["-o", module.path], named: name, setup: setup,
                           extraFlags: extraFlags, in: directory)
    }

    /// One frontend in `mode` over `swiftFiles` and the networking shim, `primaries` among them.
    private func frontend(
        _ mode: String, _ swiftFiles: [URL], primaries: Set<URL>, outputs: [String], named name: String, setup: CompilerSetup,
        extraFlags: [String], in directory: URL
    ) async throws -> Subprocess.Outcome {
        let arguments = ["-frontend", mode]
            + (swiftFiles + shimFiles).flatMap { primaries.contains($0) ? ["-primary-file", $0.path] : [$0.path] }
            + outputs
            + ["-module-name", name, "-parse-as-library", "-enable-testing"]
            + setup.flags
            + commonFlags
            + extraFlags.filter { $0 != "-wmo" }
        return try await Self.swiftc(arguments, in: directory, priority: .startsBuild)
    }

    /// Compiles `swiftFiles` (one of them the entry point) into an object file of module `name`, which may import
    /// the modules in `importPaths` besides the stubs; without `emitsObject`, into the module's interface alone, a
    /// compile check that nothing links (see `output(optimized:module:)`), which waits for the builds that feed a run.
    func compileObject(
        swiftFiles: [URL], named name: String, importPaths: [URL], setup: CompilerSetup, extraFlags: [String], into object: URL,
        emitsObject: Bool = true
    ) async throws -> Subprocess.Outcome {
        let output = emitsObject
            ? ["-c", "-o", object.path]
            : Self.output(optimized: false, module: object.deletingPathExtension().appendingPathExtension("swiftmodule")) + Self.oneFrontend(extraFlags)
        let arguments = ["-module-name", name] + importPaths.flatMap { ["-I", $0.path] } + output
            + setup.flags
            + commonFlags
            + extraFlags
            + swiftFiles.map(\.path)
        return try await Self.swiftc(arguments, in: object.deletingLastPathComponent(), priority: emitsObject ? .continuesBuild : .checkOnly)
    }

    /// Links `objects` with the stub modules' objects into an executable `executable`. `extraFlags` must repeat a
    /// sanitizer the objects were compiled with.
    func link(
        objects: [URL], into executable: URL, extraFlags: [String] = [], sanitizedStubs: Bool = false
    ) async throws -> Subprocess.Outcome {
        let stubObjects = sanitizedStubs ? try await sanitizedObjectFiles() : objectFiles
        let arguments = ["-o", executable.path] + Self.linkerFlags + extraFlags + (objects + stubObjects).map(\.path)
        return try await Self.swiftc(arguments, in: executable.deletingLastPathComponent(), priority: .finishesBuild)
    }

    /// lld where the toolchain has it (Swift's Linux toolchains ship it): it links a harness in two thirds of
    /// gold's time (0.28 s against 0.42 s, 93 links of each, side by side), and the suite links about 200.
    private static let linkerFlags: [String] = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let hasLLD = path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/ld.lld") }
        return hasLLD ? ["-use-ld=lld"] : []
    }()

    private var commonFlags: [String] {
        ["-I", modulesDirectory.path, "-diagnostic-style=llvm", "-no-color-diagnostics"]
    }

    struct Failure: Error, CustomStringConvertible {
        let summary: String
        let output: String
        var description: String { "\(summary):\n\(output)" }
    }
}

// MARK: - Building the stubs

extension StubSDK {
    /// A stub module: the Swift files in `Stubs/<name>/`.
    private struct StubModule: Sendable {
        let name: String
        var extraFlags: [String] = []
    }

    /// Built stage by stage; modules in one stage only depend on earlier stages, so they build in parallel.
    private static let stages: [[StubModule]] = [
        [StubModule(name: "StubRuntime")],
        [
            StubModule(name: "BackgroundTasks"),
            StubModule(name: "UIKit"),
            // A Swift overlay on the Clang module in Stubs/os/clang, so `import os.log` works as on Darwin.
            StubModule(name: "os", extraFlags: ["-import-underlying-module"]),
            StubModule(name: "SimNetworking"),
        ],
        [StubModule(name: "SwiftUI")],
    ]

    /// Built with the flags that make a Swift module look to its clients like an imported ObjC framework.
    private static let stubFlags = [
        "-parse-as-library", "-swift-version", "5", "-strict-concurrency=minimal", "-enable-library-evolution",
        "-wmo", "-diagnostic-style=llvm", "-no-color-diagnostics",
    ]

    /// Foundation is not built with library evolution; harmless for a stub that is never shipped.
    private static let expectedStubWarning = "was not compiled with library evolution support"

    static let stubsDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("Stubs")

    private static func build(_ version: Version) async throws -> StubSDK {
        let start = ContinuousClock.now
        let modules = try Scratch.makeDirectory("stub-sdk")
        try copyClangModuleMap(into: modules)

        var objectFiles: [URL] = []
        for stage in stages {
            objectFiles += try await inParallel(stage) { try await buildModule($0, version: version, into: modules) }
        }

        let shim = stubsDirectory.appendingPathComponent("AppShim")
        let shimFiles = try swiftFiles(in: shim)
        return StubSDK(
            modulesDirectory: modules,
            objectFiles: objectFiles,
            shimFiles: shimFiles,
            buildDuration: ContinuousClock.now - start
        )
    }

    /// `body` applied to each of `modules` at once (the compiler permits still bound how many compile), in order.
    private static func inParallel(
        _ modules: [StubModule], _ body: @escaping @Sendable (StubModule) async throws -> URL
    ) async throws -> [URL] {
        try await withThrowingTaskGroup(of: (Int, URL).self) { group in
            for (index, module) in modules.enumerated() {
                group.addTask { (index, try await body(module)) }
            }
            var results = [URL?](repeating: nil, count: modules.count)
            for try await (index, url) in group { results[index] = url }
            return results.compactMap { $0 }
        }
    }

    private static func buildModule(_ module: StubModule, version: Version, into modules: URL) async throws -> URL {
        let sources = try swiftFiles(in: stubsDirectory.appendingPathComponent(module.name))
        let object = modules.appendingPathComponent("\(module.name).o")
        let arguments = ["-module-name", module.name]
            + stubFlags
            + module.extraFlags
            + version.flags
            + ["-I", modules.path]
            + ["-emit-module", "-emit-module-path", modules.appendingPathComponent("\(module.name).swiftmodule").path]
            + oneFrontend(stubFlags)
            + ["-c", "-o", object.path]
            + sources.map(\.path)
        let outcome = try await swiftc(arguments, in: modules, priority: .stubModules)
        let unexpected = outcome.output.split(separator: "\n")
            .filter { ($0.contains("error:") || $0.contains("warning:")) && !$0.contains(expectedStubWarning) }
        guard outcome.exitCode == 0, unexpected.isEmpty else {
            throw Failure(summary: "stub module \(module.name) does not build cleanly", output: outcome.output)
        }
        return object
    }

    /// The stub modules' object files built again with `-sanitize=thread`, once per test process; the modules
    /// themselves are shared with the plain build of the standard SDK.
    func sanitizedObjectFiles() async throws -> [URL] {
        try await Self.sanitizedObjects.value
    }

    private static let sanitizedObjects = Task {
        let modules = try await StubSDK.shared().modulesDirectory
        return try await inParallel(stages.flatMap { $0 }) { module in
            let sources = try swiftFiles(in: stubsDirectory.appendingPathComponent(module.name))
            let object = modules.appendingPathComponent("\(module.name)-tsan.o")
            let arguments = ["-module-name", module.name]
                + stubFlags
                + module.extraFlags
                + ["-I", modules.path, "-sanitize=thread", "-c", "-o", object.path]
                + sources.map(\.path)
            let outcome = try await swiftc(arguments, in: modules, priority: .stubModules)
            guard outcome.exitCode == 0 else {
                throw Failure(summary: "stub module \(module.name) does not build with -sanitize=thread", output: outcome.output)
            }
            return object
        }
    }

    private static func copyClangModuleMap(into modules: URL) throws {
        let clang = stubsDirectory.appendingPathComponent("os/clang")
        for name in try FileManager.default.contentsOfDirectory(atPath: clang.path) {
            try FileManager.default.copyItem(
                at: clang.appendingPathComponent(name),
                to: modules.appendingPathComponent(name)
            )
        }
    }

    /// The Swift files in `directory`, sorted.
    static func swiftFiles(in directory: URL) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".swift") }
            .sorted()
            .map { directory.appendingPathComponent($0) }
    }
}
