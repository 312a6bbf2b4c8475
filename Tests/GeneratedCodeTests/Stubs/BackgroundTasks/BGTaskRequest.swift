// Mirrors BGTaskRequest.h (iOS 13 - 26). Requests are NSCopying and not Sendable; `init()` is NS_UNAVAILABLE.
import Foundation

@available(iOS 13.0, tvOS 13.0, *) @available(macOS, unavailable) @available(watchOS, unavailable)
open class BGTaskRequest: NSObject, NSCopying {
    private let requestIdentifier: String

    @available(*, unavailable)
    public override init() { fatalError("BGTaskRequest is abstract") }

    init(requestIdentifier: String) {
        self.requestIdentifier = requestIdentifier
        super.init()
    }

    open var identifier: String { requestIdentifier }

    open var earliestBeginDate: Date?

    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = makeCopy()
        copy.earliestBeginDate = earliestBeginDate
        return copy
    }

    /// Each concrete request copies its own properties; the base class copies `earliestBeginDate`.
    func makeCopy() -> BGTaskRequest { BGTaskRequest(requestIdentifier: requestIdentifier) }
}

@available(iOS 13.0, tvOS 13.0, *) @available(macOS, unavailable) @available(watchOS, unavailable)
open class BGAppRefreshTaskRequest: BGTaskRequest {
    public init(identifier: String) { super.init(requestIdentifier: identifier) }

    override func makeCopy() -> BGTaskRequest { BGAppRefreshTaskRequest(identifier: identifier) }
}

@available(iOS 13.0, tvOS 13.0, *) @available(macOS, unavailable) @available(watchOS, unavailable)
open class BGProcessingTaskRequest: BGTaskRequest {
    public init(identifier: String) { super.init(requestIdentifier: identifier) }

    open var requiresNetworkConnectivity = false
    open var requiresExternalPower = false

    override func makeCopy() -> BGTaskRequest {
        let copy = BGProcessingTaskRequest(identifier: identifier)
        copy.requiresNetworkConnectivity = requiresNetworkConnectivity
        copy.requiresExternalPower = requiresExternalPower
        return copy
    }
}

@available(iOS 17.0, tvOS 17.0, *) @available(macOS, unavailable) @available(watchOS, unavailable)
open class BGHealthResearchTaskRequest: BGProcessingTaskRequest {
    open var protectionTypeOfRequiredData: FileProtectionType = .completeUntilFirstUserAuthentication

    override func makeCopy() -> BGTaskRequest {
        let copy = BGHealthResearchTaskRequest(identifier: identifier)
        copy.requiresNetworkConnectivity = requiresNetworkConnectivity
        copy.requiresExternalPower = requiresExternalPower
        copy.protectionTypeOfRequiredData = protectionTypeOfRequiredData
        return copy
    }
}

/// Declares its own designated initializer, so it does not inherit `init(identifier:)`, as on iOS.
@available(iOS 26.0, *) @available(macOS, unavailable) @available(tvOS, unavailable)
@available(visionOS, unavailable) @available(watchOS, unavailable) @available(macCatalyst, unavailable)
open class BGContinuedProcessingTaskRequest: BGTaskRequest {
    open var title: String
    open var subtitle: String
    open var strategy: SubmissionStrategy = .queue
    open var requiredResources: Resources = []

    public init(identifier: String, title: String, subtitle: String) {
        self.title = title
        self.subtitle = subtitle
        super.init(requestIdentifier: identifier)
    }

    override func makeCopy() -> BGTaskRequest {
        let copy = BGContinuedProcessingTaskRequest(identifier: identifier, title: title, subtitle: subtitle)
        copy.strategy = strategy
        copy.requiredResources = requiredResources
        return copy
    }

    public enum SubmissionStrategy: Int, Sendable {
        case fail = 0
        case queue = 1
    }

    /// The zero-valued `…ResourcesDefault` is not importable as a member, so callers write `[]`.
    public struct Resources: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static var gpu: Resources { Resources(rawValue: 1 << 0) }
    }
}
