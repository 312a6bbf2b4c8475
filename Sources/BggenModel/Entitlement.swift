/// An entitlement `init` writes: to the entitlements fragment, and to an existing app's entitlements file where it
/// is absent. Task kinds declare theirs (`TaskSpec.entitlements`); `--gpu` adds Background GPU Access.
public struct Entitlement: Sendable, Equatable {
    public let key: String
    /// The value written, as the property list spells it: a string, or `true` for `<true/>`.
    public let value: Value
    /// The capability Xcode's Signing & Capabilities adds it with.
    public let capability: String

    public enum Value: Sendable, Equatable {
        case string(String)
        case `true`

        /// As messages write it: `aps-environment = development`.
        public var text: String {
            switch self {
            case .string(let text): text
            case .true: "true"
            }
        }
    }

    /// Push needs it; bggen writes `development` where the app's entitlements have none.
    public static let apsEnvironment = Entitlement(key: "aps-environment", value: .string("development"), capability: "Push Notifications")
    /// Without it iOS refuses a continued-processing request whose `requiredResources` holds `.gpu`.
    public static let backgroundGPU = Entitlement(key: BackgroundModes.gpuEntitlementKey, value: .true, capability: "Background GPU Access")

    /// The entitlements a configuration needs, each once: its kinds' declared ones, then the GPU's with `--gpu`.
    public static func needed(by configuration: Configuration) -> [Entitlement] {
        TaskSpec.all.filter { configuration.includes($0.kind) }.flatMap(\.entitlements) + (configuration.gpu ? [backgroundGPU] : [])
    }
}
