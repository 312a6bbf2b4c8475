import BggenTestSupport
import Foundation

/// One compilation of generated code with the simulator harness: the executable the simulation runs, and the
/// diagnostics the compile check reads, from the same swiftc run.
struct HarnessBuild: Sendable {
    /// Everything that goes into the build, by content: equal keys give the same executable.
    struct Key: Hashable, Sendable {
        let swiftFiles: [String: String]
        let setup: CompilerSetup
        let flags: [String]
        let sanitize: Bool
        let sdk: StubSDK.Version
    }

    let result: CompileResult
    let executable: URL
    /// The paths of bggen's files (the rendered output and the app-delegate example) in this build.
    let checkedFiles: Set<String>

    /// The errors and warnings in bggen's files, and those that name no file (driver and linker errors). The
    /// harness's own files are the test's code, not the product's; a failure there still fails the build.
    var generatedCodeDiagnostics: [String] {
        Self.diagnostics(in: result, of: checkedFiles)
    }

    static func diagnostics(in result: CompileResult, of checkedFiles: Set<String>) -> [String] {
        result.diagnostics.filter { line in
            guard let colon = line.firstIndex(of: ":"), line.hasPrefix("/") else { return true }
            return checkedFiles.contains(String(line[..<colon]))
        }
    }

    /// Compiled, with no error, and no warning in bggen's files.
    var isClean: Bool { result.exitCode == 0 && generatedCodeDiagnostics.isEmpty }

    /// The builds of this test process.
    static let cache = ContentCache<Key, HarnessBuild>()
}

/// Module `App`: the generated code (and the app-delegate example) compiled into its `.swiftmodule` and one object
/// file, once per content in a test process.
struct AppModule: Sendable {
    struct Key: Hashable, Sendable {
        let swiftFiles: [String: String]
        let setup: CompilerSetup
        let flags: [String]
        let sdk: StubSDK.Version
    }

    let outcome: Subprocess.Outcome
    let module: URL
    /// The object file to link, built only in the set-ups the simulator runs (`CompilerSetup.simulated`): in the
    /// others the module is a compile check nothing links, so its code is not generated.
    let object: URL?
    /// The paths of bggen's files (the rendered output and the app-delegate example) in this build.
    let checkedFiles: Set<String>

    /// The object file, for a link; a build in a set-up the simulator does not run has none.
    func linkableObject() throws -> URL {
        guard let object else { throw StubSDK.Failure(summary: "module App was built as a compile check only, with no object to link", output: "") }
        return object
    }

    /// The errors and warnings in bggen's files, and those that name no file (driver errors); see
    /// `HarnessBuild.generatedCodeDiagnostics`.
    var generatedCodeDiagnostics: [String] {
        HarnessBuild.diagnostics(in: CompileResult(outcome), of: checkedFiles)
    }

    static let cache = ContentCache<Key, AppModule>()
}

/// The simulator harness's scenario-specific part (Stubs/SimulatorHarness: the checks that use the generated code's
/// types, and the adapters through which HarnessKit's checks reach them) compiled into an object file against one
/// interface of module `App` and the set-up's `HarnessKit`.
struct HarnessObject: Sendable {
    struct Key: Hashable, Sendable {
        /// `App.swiftmodule`'s bytes: equal bytes, equal declarations, so the object links with any `App.o` that
        /// produced them.
        let interface: Data
        let expectations: String
        let setup: CompilerSetup
        let flags: [String]
        let sdk: StubSDK.Version
    }

    /// This object and the kit's, both linked into the executable.
    let objects: [URL]
    let outcome: Subprocess.Outcome

    static func compile(
        against module: URL, expectations: String, setup: CompilerSetup, flags: [String], sdk: StubSDK, version: StubSDK.Version
    ) async throws -> HarnessObject {
        let key = Key(interface: try Data(contentsOf: module), expectations: expectations, setup: setup, flags: flags, sdk: version)
        return try await cache.value(for: key) {
            let kit = try await HarnessKit.module(setup: setup, flags: HarnessKit.flags(from: flags), sdk: sdk, version: version)
            guard kit.outcome.exitCode == 0 else { return HarnessObject(objects: [], outcome: kit.outcome) }
            let directory = try Scratch.makeDirectory("harness-object")
            let expectationsFile = directory.appendingPathComponent("HarnessExpectations.swift")
            try ("@testable import App\n" + expectations).write(to: expectationsFile, atomically: true, encoding: .utf8)
            let files = try [expectationsFile] + StubSDK.swiftFiles(in: SimulatedApp.harnessDirectory)
            let object = directory.appendingPathComponent("Harness.o")
            let outcome = try await sdk.compileObject(
                swiftFiles: files, named: "Harness", importPaths: [module.deletingLastPathComponent(), kit.module.deletingLastPathComponent()],
                setup: setup, extraFlags: flags, into: object
            )
            return HarnessObject(objects: [object, kit.object], outcome: outcome)
        }
    }

    private static let cache = ContentCache<Key, HarnessObject>()
}

/// The scenario-independent part of the harness (Stubs/HarnessKit: its settings, report, output and waiting, the
/// log checks, and the task, schedule, checkpoint, download, upload, silent push and app-delegate checks, which reach
/// the generated code through what the scenario's harness passes them), compiled once per set-up and SDK rather than
/// once per scenario: the task and schedule checks alone were more than half of an all-tasks harness compile.
enum HarnessKit {
    static let directory = StubSDK.stubsDirectory.appendingPathComponent("HarnessKit")

    /// The harness's flags without the scenario's (`-D BGGEN_…`): the kit is the same for every scenario, so it
    /// sees none of them (`-DDEBUG`, `-wmo` and a sanitizer stay).
    static func flags(from harnessFlags: [String]) -> [String] {
        var flags: [String] = []
        var index = harnessFlags.startIndex
        while index < harnessFlags.endIndex {
            if harnessFlags[index] == "-D", index + 1 < harnessFlags.endIndex, harnessFlags[index + 1].hasPrefix("BGGEN_") {
                index += 2
                continue
            }
            flags.append(harnessFlags[index])
            index += 1
        }
        return flags
    }

    struct Key: Hashable, Sendable {
        let setup: CompilerSetup
        let flags: [String]
        let sdk: StubSDK.Version
    }

    static func module(
        setup: CompilerSetup, flags: [String], sdk: StubSDK, version: StubSDK.Version
    ) async throws -> (module: URL, object: URL, outcome: Subprocess.Outcome) {
        try await cache.value(for: Key(setup: setup, flags: flags, sdk: version)) {
            let directory = try Scratch.makeDirectory("harness-kit-\(setup.rawValue)")
            let object = directory.appendingPathComponent("HarnessKit.o")
            let kit = try await sdk.compileModule(
                swiftFiles: StubSDK.swiftFiles(in: Self.directory), named: "HarnessKit", setup: setup, extraFlags: flags, shim: false,
                object: object, priority: .continuesBuild, in: directory
            )
            return (kit.module, object, kit.outcome)
        }
    }

    private static let cache = ContentCache<Key, (module: URL, object: URL, outcome: Subprocess.Outcome)>()
}

/// Values computed once per key, by the first caller; later callers wait for that result (suspended) and share it,
/// or its error.
actor ContentCache<Key: Hashable & Sendable, Value: Sendable> {
    private var entries: [Key: Task<Value, any Error>] = [:]

    func value(for key: Key, _ make: @escaping @Sendable () async throws -> Value) async throws -> Value {
        if let entry = entries[key] { return try await entry.value }
        let entry = Task { try await make() }
        entries[key] = entry
        return try await entry.value
    }
}
