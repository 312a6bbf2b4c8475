import BggenTestSupport
import Foundation

/// A mutant's executable built as an incremental Debug build makes it: the one file the mutant edits is compiled
/// again (`-primary-file`, the module's other files read for their declarations), and linked with the objects of the
/// scenario's other files, compiled once per scenario, and with the harness compiled against the scenario's interface.
///
/// Each mutant used to compile its whole `App` module, about 1 s of CPU each for 93 mutants, though nearly every
/// mutant edits one function body in one file. The edited file is still type-checked, checked through SIL and generated in full,
/// in the mutant's set-up and with its flags, and the build's diagnostics are that compile's. This route is taken only
/// where it builds what a whole-module build of the mutant would: one file edited, the same flags, and that file's
/// part of the interface (its partial `.swiftmodule`) byte for byte the scenario's, so no other file's code could
/// compile differently. Otherwise, and whenever the edited file does not compile, the mutant is built whole as any
/// scenario is (`SimulatedApp.compile`), and that build's verdict stands.
extension SimulatedApp {
    static func build(mutant sources: Sources, of original: Sources, setup: CompilerSetup) async throws -> SimulatedApp {
        let flags = compilerFlags(for: sources, setup: setup, sanitize: false)
        let edited = sources.swiftFiles.filter { original.swiftFiles[$0.key] != $0.value }
        if flags == compilerFlags(for: original, setup: setup, sanitize: false),
           Set(sources.swiftFiles.keys) == Set(original.swiftFiles.keys),
           edited.count == 1, let (name, text) = edited.first,
           let build = try await compile(editing: name, to: text, in: sources, of: original, setup: setup, flags: flags) {
            return try app(from: build, sources: sources, setup: setup, sanitize: false)
        }
        return try await build(sources, setup: setup)
    }

    /// The mutant's build by its edited file, or nil where that is not the build a whole-module compile would give.
    private static func compile(
        editing name: String, to text: String, in sources: Sources, of original: Sources, setup: CompilerSetup, flags: [String]
    ) async throws -> HarnessBuild? {
        let version = StubSDK.Version(for: sources.configuration.deploymentTarget)
        // Asked for first, so the scenario's whole-module build (shared with its simulation) queues with the rest.
        async let app = appModule(original, setup: setup, flags: flags, version: version)
        let key = AppModule.Key(swiftFiles: original.swiftFiles, setup: setup, flags: flags, sdk: version)
        let sdk = try await StubSDK.shared(version)
        let base = try await PerFileApp.build(original, key: key, sdk: sdk)
        guard base.outcome.exitCode == 0, let originalFile = base.files[name],
              let interface = try await PerFileApp.interface(of: name, in: base, key: key, sdk: sdk) else { return nil }
        let directory = try Scratch.makeDirectory("mutant-\(sources.scenario.name)-\(setup.rawValue)")
        // The same file name: a file's private declarations are named after it.
        let file = directory.appendingPathComponent(name)
        try text.write(to: file, atomically: true, encoding: .utf8)
        let partialModule = directory.appendingPathComponent("\(name).swiftmodule")
        let object = directory.appendingPathComponent("\(name).o")
        let compile = try await sdk.compileFiles(
            base.order.map { $0 == originalFile ? file : $0 }, named: "App", outputs: [file: (object, partialModule)], setup: setup,
            extraFlags: flags, in: directory
        )
        guard compile.exitCode == 0, try Data(contentsOf: partialModule) == interface else { return nil }
        // The scenario's whole-module interface is the mutant's: the harness compiled against it links with both.
        let module = try await app
        guard module.outcome.exitCode == 0 else { return nil }
        let expectations = HarnessExpectations.source(for: sources.configuration, appDelegate: sources.swiftFiles["AppDelegate.swift"])
        let harness = try await HarnessObject.compile(
            against: module.module, expectations: expectations, setup: setup, flags: flags, sdk: sdk, version: version
        )
        let executable = directory.appendingPathComponent("App")
        let others = base.objects.filter { $0.key != originalFile }.map(\.value).sorted { $0.path < $1.path }
        let link = harness.outcome.exitCode == 0
            ? try await sdk.link(objects: [object] + others + harness.objects, into: executable)
            : harness.outcome
        let checkedFiles = Set(base.checkedFiles.map { $0 == originalFile ? file.path : $0.path })
        return HarnessBuild(
            result: CompileResult(
                exitCode: link.exitCode,
                output: [compile, harness.outcome, link].map(\.output).joined(),
                duration: compile.duration + harness.outcome.duration + link.duration
            ),
            executable: executable,
            checkedFiles: checkedFiles
        )
    }
}

/// A scenario's module `App` compiled file by file in one frontend (every file a primary file, about the CPU of one
/// whole-module compile): an object per file, for the scenario's mutants to link with
/// (`SimulatedApp.build(mutant:of:setup:)`). Once per content in a test process; the scenario's own build, whose
/// diagnostics the compile check reads and whose objects would not link with a file compiled alone, stays whole-module.
struct PerFileApp: Sendable {
    /// The scenario's files in the order they are compiled (the networking shim follows them).
    let order: [URL]
    /// The scenario's files by name.
    let files: [String: URL]
    /// Every file's object, by file, the shim's too.
    let objects: [URL: URL]
    /// bggen's files (the rendered output and the app-delegate example), as in `AppModule.checkedFiles`.
    let checkedFiles: [URL]
    let outcome: Subprocess.Outcome

    /// `key` is `sources`' whole-module build's.
    static func build(_ sources: SimulatedApp.Sources, key: AppModule.Key, sdk: StubSDK) async throws -> PerFileApp {
        try await cache.value(for: key) {
            let directory = try Scratch.makeDirectory("per-file-\(sources.scenario.name)-\(key.setup.rawValue)")
            var files: [String: URL] = [:]
            for (name, contents) in sources.swiftFiles {
                let url = directory.appendingPathComponent(name)
                try contents.write(to: url, atomically: true, encoding: .utf8)
                files[name] = url
            }
            let order = files.sorted { $0.key < $1.key }.map(\.value)
            var objects: [URL: URL] = [:]
            for (index, file) in (order + sdk.shimFiles).enumerated() {
                // Numbered: the shim's file names are not the scenario's to choose.
                objects[file] = directory.appendingPathComponent("\(index)-\(file.deletingPathExtension().lastPathComponent).o")
            }
            let outcome = try await sdk.compileFiles(
                order, named: "App", outputs: objects.mapValues { ($0, nil) }, setup: key.setup, extraFlags: key.flags, in: directory
            )
            let checked = files.filter { $0.key != SimulatedApp.prefixAliasesFile }.map(\.value)
            return PerFileApp(order: order, files: files, objects: objects, checkedFiles: checked, outcome: outcome)
        }
    }

    /// The partial module of the file `name` compiled alone, as a mutant's edited file is, or nil where it does not
    /// compile. A frontend given every file writes each file's declarations in another order, so only this is
    /// compared with a mutant's, byte for byte.
    static func interface(of name: String, in base: PerFileApp, key: AppModule.Key, sdk: StubSDK) async throws -> Data? {
        try await interfaces.value(for: InterfaceKey(module: key, file: name)) {
            guard let file = base.files[name] else { return nil }
            let directory = try Scratch.makeDirectory("interface")
            let partialModule = directory.appendingPathComponent("\(name).swiftmodule")
            let outcome = try await sdk.partialModule(
                of: file, in: base.order, named: "App", into: partialModule, setup: key.setup, extraFlags: key.flags, in: directory
            )
            return outcome.exitCode == 0 ? try Data(contentsOf: partialModule) : nil
        }
    }

    private struct InterfaceKey: Hashable, Sendable {
        let module: AppModule.Key
        let file: String
    }

    private static let cache = ContentCache<AppModule.Key, PerFileApp>()
    private static let interfaces = ContentCache<InterfaceKey, Data?>()
}
