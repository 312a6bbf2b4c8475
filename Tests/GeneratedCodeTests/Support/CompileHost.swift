import BggenCore
import BggenTestSupport
import Foundation
import Testing

/// What generated code is compiled against on this machine (issue 38). Linux has no iOS SDK, so the stub modules
/// (`StubSDK`) stand in for it and run the simulation. A Mac has Apple's own, and there the stubs cannot build: the
/// stub `os` Clang module redefines the SDK's `module os`, which Foundation loads. So on a Mac with Xcode the compile
/// checks build every scenario against the iOS Simulator SDK, in the three set-ups, and the suites that need the
/// stubs' simulation are left to Linux, saying so.
enum CompileHost: Equatable, Sendable {
    /// Linux: `swiftc` with the stub modules.
    case stubSDK
    /// A Mac whose `xcrun --sdk iphonesimulator --show-sdk-path` printed `path`.
    case iOSSimulatorSDK(path: String)
    /// A Mac without the iOS Simulator SDK (Command Line Tools only, or no Xcode selected).
    case macWithoutIOSSDK

    /// The choice for a host: Linux always takes the stubs; a Mac the SDK `xcrun` names, when it names one.
    static func choose(isDarwin: Bool, simulatorSDKPath: String?) -> CompileHost {
        guard isDarwin else { return .stubSDK }
        guard let path = simulatorSDKPath?.trimmingCharacters(in: .whitespacesAndNewlines), path.hasPrefix("/") else { return .macWithoutIOSSDK }
        return .iOSSimulatorSDK(path: path)
    }

    /// This machine's, asked once per test process.
    static let current: CompileHost = {
        #if canImport(Darwin)
        let sdk = try? Subprocess.run(["xcrun", "--sdk", "iphonesimulator", "--show-sdk-path"], in: Scratch.root)
        return choose(isDarwin: true, simulatorSDKPath: sdk?.exitCode == 0 ? sdk?.output : nil)
        #else
        return choose(isDarwin: false, simulatorSDKPath: nil)
        #endif
    }()

    /// Whether the stub modules build and run here.
    var runsStubs: Bool { self == .stubSDK }

    /// The arm64 simulator starts at iOS 14 (LLVM's `Triple::getMinimumSupportedOSVersion`): code for an older
    /// iOS is compiled for the x86_64 simulator, which the SDK of Xcode 26 still carries, so its availability is
    /// checked against the deployment target it names and not a raised one.
    static func simulatorTriple(deployingTo target: DeploymentTarget) -> String {
        let architecture = target >= DeploymentTarget(major: 14, minor: 0) ? "arm64" : "x86_64"
        return "\(architecture)-apple-ios\(target.major).\(target.minor)-simulator"
    }

    /// The compiler and the SDK flags for code deploying to `target`: `swiftc` alone with the stubs (their `-I` is
    /// `StubSDK`'s), `xcrun --sdk iphonesimulator swiftc -sdk … -target …-simulator` with Apple's SDK.
    func compiler(deployingTo target: DeploymentTarget) -> [String]? {
        switch self {
        case .stubSDK: ["swiftc"]
        case .iOSSimulatorSDK(let path): ["xcrun", "--sdk", "iphonesimulator", "swiftc", "-sdk", path, "-target", Self.simulatorTriple(deployingTo: target)]
        case .macWithoutIOSSDK: nil
        }
    }
}

extension Trait where Self == ConditionTrait {
    /// For a suite that builds against the stub modules or runs their simulation: on a Mac the stubs collide with
    /// the SDK's own modules, and the compile checks take Apple's SDK instead (`CompileHost`).
    static var needsStubSDK: Self {
        .enabled(if: CompileHost.current.runsStubs, "the stub SDK's modules collide with the macOS SDK's; on a Mac the compile checks use the iOS Simulator SDK")
    }
}

/// The compile check on a Mac: the scenario's Swift files (the app-delegate example with its `@main`, as the
/// user pastes it) compiled against the iOS Simulator SDK, into object files as a build does, no link.
enum IOSSimulatorCompile {
    static func compile(_ files: [String: String], deployingTo target: DeploymentTarget, setup: CompilerSetup,
                        flags: [String]) async throws -> CompileResult {
        guard let compiler = CompileHost.current.compiler(deployingTo: target) else {
            return CompileResult(exitCode: 1, output: "error: this Mac has no iOS Simulator SDK; select a full Xcode with xcode-select", duration: .zero)
        }
        let folder = try Scratch.makeDirectory("ios-simulator-sdk")
        defer { try? FileManager.default.removeItem(at: folder) }
        var sources: [String] = []
        for (name, contents) in files.sorted(by: { $0.key < $1.key }) {
            let url = folder.appendingPathComponent(name)
            try contents.write(to: url, atomically: true, encoding: .utf8)
            sources.append(url.path)
        }
        let isWholeModule = flags.contains("-wmo")
        let arguments = ["-c", "-parse-as-library", "-module-name", "App"] + (isWholeModule ? [] : ["-enable-batch-mode"])
            + setup.flags + ["-diagnostic-style=llvm", "-no-color-diagnostics"] + flags + sources
        let outcome = try await AsyncSemaphore.compilers.withPermit(priority: StubSDK.Priority.checkOnly.rawValue) {
            try await Subprocess.run(compiler + arguments, in: folder)
        }
        return CompileResult(outcome)
    }
}
