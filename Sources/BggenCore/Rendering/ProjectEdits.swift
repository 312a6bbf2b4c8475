/// The changes an existing app's own files need, planned before anything is written.
public struct ProjectEdits: Sendable, Equatable {
    /// Patched Info.plist and entitlements files: the whole new text, from additions-only edits.
    public var files: [GeneratedFile] = []
    /// What the user should know: values kept that look wrong, files left alone and why.
    public var notes: [String] = []
    /// Changes bggen does not make itself, spelled out exactly: build settings and generator specs.
    public var instructions: [String] = []
    /// What became of the app's Info.plist keys, in place of the generic "merge the fragment" step; nil when the
    /// user must still merge it.
    public var infoPlistStep: String?
    /// The same for `aps-environment` in the entitlements.
    public var entitlementsStep: String?
    /// The `aps-environment` the app's entitlements already have and keep, when it is not bggen's default
    /// (`Entitlement.apsEnvironment`).
    public var apsEnvironment: String?

    /// The app has no scenes (`ExistingProject.hasNoScenes`): the code to paste schedules from the app delegate's
    /// `applicationDidEnterBackground(_:)`, or, for iOS 27, says the app must adopt scenes first.
    public var appHasNoScenes = false

    public init() {}
}
