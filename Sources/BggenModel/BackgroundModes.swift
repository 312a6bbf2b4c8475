/// The values iOS accepts in `UIBackgroundModes`.
///
/// A value outside this list is ignored by iOS, so a typo silently disables the background work it was meant to
/// allow; the patcher warns instead of failing because the user's other modes must stay untouched.
public enum BackgroundModes {
    public static let valid: Set<String> = [
        "audio",
        "bluetooth-central",
        "bluetooth-peripheral",
        "external-accessory",
        "fetch",
        "location",
        "nearby-interaction",
        "network-authentication",
        "newsstand-content",
        "processing",
        "push-to-talk",
        "remote-notification",
        "voip",
    ]

    /// The Info.plist key that lists them.
    public static let key = "UIBackgroundModes"
    /// The Info.plist key that lists the BGTaskScheduler identifiers the app may register.
    public static let permittedIdentifiersKey = "BGTaskSchedulerPermittedIdentifiers"
    /// The entitlement (Background GPU Access, `<true/>`) without which iOS refuses a continued-processing request
    /// whose `requiredResources` holds `.gpu`.
    public static let gpuEntitlementKey = "com.apple.developer.background-tasks.continued-processing.gpu"
}
