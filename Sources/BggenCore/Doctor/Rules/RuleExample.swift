import BggenModel

/// A repository that shows what a rule finds or must leave alone, run through `Doctor.audit` by one test: the
/// rule's documentation and its specification at once. Each finding doctor must report is a marker (`1️⃣`…`9️⃣`)
/// in the example's files, written just before the place the finding points at (swift-format's markers); the test
/// strips the markers and compares every finding doctor reports, of any rule, with the marked ones.
public struct RuleExample: Sendable {
    public enum Kind: String, Sendable {
        /// The rule must report at least one finding.
        case triggering
        /// The rule must report nothing.
        case nonTriggering
    }

    public let kind: Kind
    /// What the example shows, in a few words.
    public let title: String
    public let app: ExampleApp
    /// Every finding doctor reports on the example, of this rule or another.
    public let findings: [ExpectedFinding]
    /// Why doctor gets this example wrong today (a gap issue 25 names), while it does: the test expects the example
    /// to fail, and fails once it passes, so the mark is removed with the fix.
    public let knownGap: String?

    public static func triggering(_ title: String, _ app: ExampleApp, _ findings: ExpectedFinding..., knownGap: String? = nil) -> RuleExample {
        RuleExample(kind: .triggering, title: title, app: app, findings: findings, knownGap: knownGap)
    }

    public static func nonTriggering(_ title: String, _ app: ExampleApp, _ findings: ExpectedFinding..., knownGap: String? = nil) -> RuleExample {
        RuleExample(kind: .nonTriggering, title: title, app: app, findings: findings, knownGap: knownGap)
    }

    /// The markers, in the order they are numbered.
    public static let markers = ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣"]
}

/// One finding an example expects, written `"1️⃣"` (the example's own rule at its severity), `"2️⃣ BG002"` (another
/// rule) or `"1️⃣ BG008 warning"` (a severity the finding lowers or raises).
public struct ExpectedFinding: Sendable, Equatable, ExpressibleByStringLiteral {
    public let marker: String
    /// Nil for the rule whose example this is.
    public let rule: String?
    /// Nil for the rule's own severity.
    public let severity: Severity?

    public init(stringLiteral value: String) {
        let words = value.split(separator: " ").map(String.init)
        marker = words.first ?? ""
        rule = words.count > 1 ? words[1] : nil
        severity = words.count > 2 ? Severity(rawValue: words[2]) : nil
    }
}

/// The repository of an example: an iOS app target `App` compiling the folder `App/`, whose Info.plist is
/// `App/Info.plist` and whose entitlements are `App/App.entitlements` (made from the fields below), with the files
/// the example adds and, where the example needs them, more targets.
public struct ExampleApp: Sendable {
    /// `BGTaskSchedulerPermittedIdentifiers`; nil leaves the key out. A value may start with a marker, which is
    /// written before its `<string>` element.
    public var permitted: [String]?
    /// `UIBackgroundModes`, likewise.
    public var modes: [String]?
    /// Entitlement keys and their property-list values (`"<true/>"`); `aps-environment` when `aps` is set.
    public var entitlements: [String: String]
    /// A marker written before the entitlements' `<dict>`, for a finding about a key it lacks.
    public var entitlementsMarker: String
    /// More build settings of the app target, pbxproj assignments such as `SWIFT_VERSION = 6.0;`.
    public var settings: String
    /// Paths below the root and their text, markers included.
    public var files: [String: String] = [:]
    /// Targets besides `App`.
    public var targets: [ExampleTarget] = []

    public init(permitted: [String]? = nil, modes: [String]? = nil, aps: Bool = false, entitlements: [String: String] = [:],
                entitlementsMarker: String = "", settings: String = "") {
        self.permitted = permitted
        self.modes = modes
        self.entitlements = entitlements
        if aps { self.entitlements["aps-environment"] = "<string>development</string>" }
        self.entitlementsMarker = entitlementsMarker
        self.settings = settings
    }

    /// Adds a file below the root.
    public func with(_ path: String, _ contents: String) -> ExampleApp {
        var copy = self
        copy.files[path] = contents
        return copy
    }

    /// Adds a target compiling `folder`.
    public func with(_ target: ExampleTarget) -> ExampleApp {
        var copy = self
        copy.targets.append(target)
        return copy
    }

    /// Adds `App/Launch.swift`, an app delegate whose `didFinishLaunching` runs `calls`, so what they register is
    /// registered at launch.
    public func launching(_ calls: String) -> ExampleApp {
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

    /// Every file but the project: the sources, then the Info.plist and entitlements unless a source replaces them.
    public var renderedFiles: [String: String] {
        var info = [("CFBundleName", "<string>App</string>")]
        if let permitted { info.append((BackgroundModes.permittedIdentifiersKey, Self.array(permitted))) }
        if let modes { info.append((BackgroundModes.key, Self.array(modes))) }
        var rendered = ["App/Info.plist": Self.plist(info),
                        "App/App.entitlements": Self.plist(entitlements.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }, marker: entitlementsMarker)]
        rendered.merge(files) { _, file in file }
        return rendered
    }

    /// A property list whose dictionary holds `pairs` in order, a tab before each key.
    public static func plist(_ pairs: [(key: String, value: String)], marker: String = "") -> String {
        let body = pairs.map { "\t<key>\($0.key)</key>\n\t\($0.value)\n" }.joined()
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            \(marker)<dict>
            \(body)</dict>
            </plist>

            """
    }

    private static func array(_ values: [String]) -> String {
        "<array>\n" + values.map { value in
            let marker = RuleExample.markers.first { value.hasPrefix($0) } ?? ""
            return "\t\t\(marker)<string>\(value.dropFirst(marker.count))</string>\n"
        }.joined() + "\t</array>"
    }
}

/// Another target of an example's project, compiling one folder.
public struct ExampleTarget: Sendable {
    public enum Kind: String, Sendable {
        case application = "com.apple.product-type.application"
        case appExtension = "com.apple.product-type.app-extension"
        case framework = "com.apple.product-type.framework"
    }

    public let name: String
    public let kind: Kind
    public let folder: String
    /// pbxproj assignments, such as `SDKROOT = macosx;` for another platform's target.
    public let settings: String
    /// The app target depends on it (a framework it links and embeds).
    public let isLinked: Bool

    public init(_ name: String, _ kind: Kind, folder: String, settings: String = "", linked: Bool = false) {
        self.name = name
        self.kind = kind
        self.folder = folder
        self.settings = settings
        isLinked = linked
    }
}
