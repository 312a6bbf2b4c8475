/// Every identifier the generated code uses, derived once from the bundle identifier.
///
/// The Swift configuration file and the Info.plist fragment both read from here, so the two cannot drift apart.
public struct Identifiers: Sendable, Equatable {
    public let appRefresh: String?
    public let processing: String?
    public let downloadSession: String?
    public let uploadSession: String?
    /// Continued-processing jobs get `<prefix>.<UUID>`; Info.plist permits `<prefix>.*`.
    public let continuedProcessingPrefix: String?

    public init(_ configuration: Configuration) {
        let prefix = configuration.bundleIdentifier.description
        appRefresh = configuration.includes(.refresh) ? "\(prefix).refresh" : nil
        processing = configuration.includes(.processing) ? "\(prefix).processing" : nil
        downloadSession = configuration.includes(.downloads) ? "\(prefix).background-downloads" : nil
        uploadSession = configuration.includes(.uploads) ? "\(prefix).background-uploads" : nil
        continuedProcessingPrefix = configuration.includes(.continuedProcessing) ? "\(prefix).export" : nil
    }

    /// The `BGTaskSchedulerPermittedIdentifiers` entries: task identifiers only, never session identifiers.
    public var permittedTaskIdentifiers: [String] {
        [appRefresh, processing, continuedProcessingPrefix.map { "\($0).*" }].compactMap(\.self)
    }
}

/// The `UIBackgroundModes` a configuration needs. Background URLSession transfers need none.
public func backgroundModes(for configuration: Configuration) -> [String] {
    var modes: [String] = []
    if configuration.includes(.refresh) { modes.append("fetch") }
    if configuration.includes(.processing) || configuration.includes(.continuedProcessing) { modes.append("processing") }
    if configuration.includes(.silentPush) { modes.append("remote-notification") }
    return modes
}
