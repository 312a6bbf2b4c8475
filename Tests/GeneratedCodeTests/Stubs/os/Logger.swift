// Mirrors `Logger` from os.swiftinterface (iOS 18 SDK). The level methods carry the SDK's semantics attributes so
// that the compiler's os_log checks (a message must be an interpolation literal; `level:` may be a variable)
// apply here as on Xcode.
import Foundation

@available(macOS 11.0, iOS 14.0, watchOS 7.0, tvOS 14.0, *)
public struct Logger: @unchecked Sendable {
    let logObject: OSLog

    public init(subsystem: String, category: String) {
        logObject = OSLog(subsystem: subsystem, category: category)
    }

    public init() {
        logObject = .default
    }

    public init(_ logObj: OSLog) {
        logObject = logObj
    }

    @_semantics("oslog.requires_constant_arguments")
    public func log(_ message: OSLogMessage) { emit(.default, message) }

    @_semantics("oslog.log_with_level")
    public func log(level: OSLogType, _ message: OSLogMessage) { emit(level, message) }

    @_semantics("oslog.requires_constant_arguments")
    public func trace(_ message: OSLogMessage) { emit(.debug, message) }

    @_semantics("oslog.requires_constant_arguments")
    public func debug(_ message: OSLogMessage) { emit(.debug, message) }

    @_semantics("oslog.requires_constant_arguments")
    public func info(_ message: OSLogMessage) { emit(.info, message) }

    @_semantics("oslog.requires_constant_arguments")
    public func notice(_ message: OSLogMessage) { emit(.default, message) }

    @_semantics("oslog.requires_constant_arguments")
    public func warning(_ message: OSLogMessage) { emit(.error, message) }

    @_semantics("oslog.requires_constant_arguments")
    public func error(_ message: OSLogMessage) { emit(.error, message) }

    @_semantics("oslog.requires_constant_arguments")
    public func critical(_ message: OSLogMessage) { emit(.fault, message) }

    @_semantics("oslog.requires_constant_arguments")
    public func fault(_ message: OSLogMessage) { emit(.fault, message) }

    private func emit(_ level: OSLogType, _ message: OSLogMessage) {
        guard logObject.isEnabled(type: level) else { return }
        logObject.emit(level, message.interpolation.logged)
    }
}
