import BggenTestSupport
import Foundation

/// A test module of the rehearsal tests (the rehearsal file, or only the entry point that runs the rehearsals)
/// compiled against one interface of module `App`, which it `@testable import`s, as an app's unit-test bundle
/// does: once per content in a test process. Edits inside function bodies leave `App`'s interface byte for byte as
/// it was, so the object compiled for a scenario's first build links with each of its broken variants.
struct RehearsalModule: Sendable {
    struct Key: Hashable, Sendable {
        /// `App.swiftmodule`'s bytes: equal bytes, equal declarations.
        let interface: Data
        let swiftFiles: [String: String]
        let setup: CompilerSetup
        let sdk: StubSDK.Version
    }

    /// Written only in the set-ups the rehearsals run in (`CompilerSetup.simulated`); elsewhere the module is a
    /// compile check and `object` names no file.
    let object: URL
    let result: CompileResult

    /// `swiftFiles` (by file name; one is `main.swift`) as module `Rehearsals`, a Debug build in one frontend.
    static func compile(
        _ swiftFiles: [String: String], against app: AppModule, setup: CompilerSetup, sdk: StubSDK, version: StubSDK.Version
    ) async throws -> RehearsalModule {
        let key = Key(interface: try Data(contentsOf: app.module), swiftFiles: swiftFiles, setup: setup, sdk: version)
        return try await cache.value(for: key) {
            let sources = try Scratch.writeSources(swiftFiles.sorted(by: { $0.key < $1.key }).map { ($0.key, $0.value) })
            let object = sources[0].deletingLastPathComponent().appendingPathComponent("Rehearsals.o")
            let outcome = try await sdk.compileObject(
                swiftFiles: sources, named: "Rehearsals", importPaths: [app.module.deletingLastPathComponent()],
                setup: setup, extraFlags: ["-wmo", "-D", "DEBUG"], into: object, emitsObject: CompilerSetup.simulated.contains(setup)
            )
            return RehearsalModule(object: object, result: CompileResult(outcome))
        }
    }

    private static let cache = ContentCache<Key, RehearsalModule>()
}
