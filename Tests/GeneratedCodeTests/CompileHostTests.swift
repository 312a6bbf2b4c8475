import BggenCore
import Testing

/// Which compiler and SDK the compile checks take on which machine (issue 38): the stubs on Linux, Apple's iOS
/// Simulator SDK on a Mac with Xcode, and on a Mac without it an error that says so rather than the stubs, which
/// cannot build there. The Mac's route cannot run here, so its choice and its command are checked as values.
@Suite("Where generated code is compiled")
struct CompileHostTests {
    @Test func linuxTakesTheStubsAndAMacTheSimulatorSDKXcrunNames() {
        #expect(CompileHost.choose(isDarwin: false, simulatorSDKPath: nil) == .stubSDK)
        #expect(CompileHost.choose(isDarwin: false, simulatorSDKPath: "/Applications/Xcode.app/x.sdk") == .stubSDK)
        let sdk = "/Applications/Xcode_26.4.app/Contents/Developer/Platforms/iPhoneSimulator.platform/Developer/SDKs/iPhoneSimulator26.4.sdk"
        #expect(CompileHost.choose(isDarwin: true, simulatorSDKPath: sdk + "\n") == .iOSSimulatorSDK(path: sdk))
        #expect(CompileHost.choose(isDarwin: true, simulatorSDKPath: nil) == .macWithoutIOSSDK)
        #expect(CompileHost.choose(isDarwin: true, simulatorSDKPath: "xcrun: error: SDK \"iphonesimulator\" cannot be located\n") == .macWithoutIOSSDK)
        #if os(Linux)
        #expect(CompileHost.current == .stubSDK)
        #endif
    }

    @Test func aMacCompilesWithXcrunForTheDeploymentTargetsSimulator() {
        let host = CompileHost.iOSSimulatorSDK(path: "/SDK")
        #expect(host.compiler(deployingTo: DeploymentTarget(major: 17, minor: 0))
            == ["xcrun", "--sdk", "iphonesimulator", "swiftc", "-sdk", "/SDK", "-target", "arm64-apple-ios17.0-simulator"])
        #expect(host.compiler(deployingTo: DeploymentTarget(major: 26, minor: 4))?.last == "arm64-apple-ios26.4-simulator")
        #expect(host.compiler(deployingTo: DeploymentTarget(major: 14, minor: 0))?.last == "arm64-apple-ios14.0-simulator")
        #expect(host.compiler(deployingTo: DeploymentTarget(major: 12, minor: 0))?.last == "x86_64-apple-ios12.0-simulator",
                "the arm64 simulator starts at iOS 14")
        #expect(CompileHost.stubSDK.compiler(deployingTo: DeploymentTarget(major: 17, minor: 0)) == ["swiftc"])
        #expect(CompileHost.macWithoutIOSSDK.compiler(deployingTo: DeploymentTarget(major: 17, minor: 0)) == nil)
        #expect(CompileHost.stubSDK.runsStubs && !host.runsStubs && !CompileHost.macWithoutIOSSDK.runsStubs)
    }
}
