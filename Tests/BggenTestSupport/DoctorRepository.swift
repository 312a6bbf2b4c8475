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
        var info = [("CFBundleName", "<string>App</string>")]
        if let permitted { info.append((BackgroundModes.permittedIdentifiersKey, Self.array(permitted))) }
        if let modes { info.append((BackgroundModes.key, Self.array(modes))) }
        files["App/Info.plist"] = Self.plist(info)
        files["App/App.entitlements"] = Self.plist(aps ? [("aps-environment", "<string>development</string>")] : [])
    }

    /// Adds a source file below the root.
    public func with(_ path: String, _ contents: String) -> DoctorRepository {
        var copy = self
        copy.files[path] = contents
        return copy
    }

    /// Adds `App/Launch.swift`, an app delegate whose `didFinishLaunching` runs `calls`, so registrations made
    /// there are reached from launch.
    public func launching(_ calls: String) -> DoctorRepository {
        with("App/Launch.swift", """
            import UIKit

            final class Launch: UIResponder, UIApplicationDelegate {
                func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    \(calls)
                    return true
                }
            }

            """)
    }

    public var fileSystem: InMemoryFileSystem {
        InMemoryFileSystem(files: Dictionary(uniqueKeysWithValues: files.map { ("\(Self.root)/\($0.key)", $0.value) }))
    }

    public static func plist(_ pairs: [(key: String, value: String)]) -> String {
        let body = pairs.map { "\t<key>\($0.key)</key>\n\t\($0.value)\n" }.joined()
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \(body)</dict>
            </plist>

            """
    }

    private static func array(_ values: [String]) -> String {
        "<array>\n" + values.map { "\t\t<string>\($0)</string>\n" }.joined() + "\t</array>"
    }
}
