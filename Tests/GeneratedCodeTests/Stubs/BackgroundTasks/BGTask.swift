// Mirrors BGTask.h. Not Sendable (no sendability annotation in the header): capturing a task in `Task {}` or a
// @Sendable closure is diagnosed as on Xcode. The expiration handler is a plain, non-Sendable closure.
import Foundation
import StubRuntime

@available(iOS 13.0, tvOS 13.0, *) @available(macOS, unavailable) @available(watchOS, unavailable)
open class BGTask: NSObject {
    private let taskIdentifier: String

    @available(*, unavailable)
    public override init() { fatalError("BGTask instances are created by the system") }

    /// Only the system (here: a simulator) creates tasks.
    @_spi(Simulator)
    public init(simulatedIdentifier identifier: String) {
        taskIdentifier = identifier
        super.init()
    }

    open var identifier: String { taskIdentifier }

    /// Cleared by the system after it has run, as on iOS.
    open var expirationHandler: (() -> Void)?

    open func setTaskCompleted(success: Bool) {
        StubLedger.shared.record(.taskCompleted(identifier: taskIdentifier, success: success))
    }
}

@available(iOS 13.0, tvOS 13.0, *) @available(macOS, unavailable) @available(watchOS, unavailable)
open class BGProcessingTask: BGTask {}

@available(iOS 17.0, *) @available(macOS, unavailable) @available(tvOS, unavailable) @available(watchOS, unavailable)
open class BGHealthResearchTask: BGProcessingTask {}

@available(iOS 13.0, tvOS 13.0, *) @available(macOS, unavailable) @available(watchOS, unavailable)
open class BGAppRefreshTask: BGTask {}

@available(iOS 26.0, *) @available(macOS, unavailable) @available(tvOS, unavailable)
@available(visionOS, unavailable) @available(watchOS, unavailable) @available(macCatalyst, unavailable)
open class BGContinuedProcessingTask: BGTask, ProgressReporting {
    private let lock = NSLock()
    private var currentTitle = ""
    private var currentSubtitle = ""

    open var title: String {
        lock.lock()
        defer { lock.unlock() }
        return currentTitle
    }

    open var subtitle: String {
        lock.lock()
        defer { lock.unlock() }
        return currentSubtitle
    }

    public let progress = Progress(totalUnitCount: 0)

    open func updateTitle(_ title: String, subtitle: String) {
        lock.lock()
        currentTitle = title
        currentSubtitle = subtitle
        lock.unlock()
    }
}
