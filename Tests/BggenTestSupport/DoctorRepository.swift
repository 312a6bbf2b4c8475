import BggenCore

/// A tiny app repository in memory for one doctor rule: one iOS app target compiling the synchronized folder
/// `App/`, with `App/Info.plist` and `App/App.entitlements`, and whatever sources a test adds.
public struct DoctorRepository {
    public static let root = "/repo"

    public var files: [String: String] = [:]

    /// `permitted` and `modes` become the Info.plist arrays; nil leaves the key out. `aps` adds aps-environment.
    /// `settings` are more build settings of the app target, such as `SWIFT_VERSION = 6.0;`.
    public init(permitted: [String]? = nil, modes: [String]? = nil, aps: Bool = false, settings: String = "") {
        files["App.xcodeproj/project.pbxproj"] = SyntheticProject.pbxproj(
            targetSettings: "INFOPLIST_FILE = App/Info.plist; CODE_SIGN_ENTITLEMENTS = App/App.entitlements; \(settings)")
        files.merge(ExampleApp(permitted: permitted, modes: modes, aps: aps).renderedFiles) { _, plist in plist }
    }

    /// Adds a source file below the root.
    public func with(_ path: String, _ contents: String) -> DoctorRepository {
        var copy = self
        copy.files[path] = contents
        return copy
    }

    /// Adds `App/Launch.swift`, an app delegate whose `didFinishLaunching` runs `calls`, so registrations made
    /// there are reached from launch (the rule examples' launch file).
    public func launching(_ calls: String) -> DoctorRepository {
        with("App/Launch.swift", ExampleApp().launching(calls).files["App/Launch.swift"]!)
    }

    public var fileSystem: InMemoryFileSystem {
        InMemoryFileSystem(files: Dictionary(uniqueKeysWithValues: files.map { ("\(Self.root)/\($0.key)", $0.value) }))
    }

    public static func plist(_ pairs: [(key: String, value: String)]) -> String {
        ExampleApp.plist(pairs)
    }
}
