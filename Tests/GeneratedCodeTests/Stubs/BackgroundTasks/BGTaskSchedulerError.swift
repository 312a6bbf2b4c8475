// Mirrors NS_ERROR_ENUM(BGTaskSchedulerErrorDomain, BGTaskSchedulerErrorCode), which Swift imports as the nested
// struct `BGTaskScheduler.Error` over a stored NSError. Conforming to corelibs' _BridgedStoredNSError gives the same
// shape as on Darwin: `catch let error as BGTaskScheduler.Error { switch error.code { … } }` and
// `catch BGTaskScheduler.Error.notPermitted` both work.
import Foundation

@available(iOS 13.0, tvOS 13.0, *)
public let BGTaskSchedulerErrorDomain: String = "BGTaskSchedulerErrorDomain"

@available(iOS 13.0, tvOS 13.0, *)
extension BGTaskScheduler {
    public static let errorDomain: String = BGTaskSchedulerErrorDomain

    public struct Error: _BridgedStoredNSError, Sendable {
        public let _nsError: NSError

        public init(_nsError error: NSError) {
            precondition(error.domain == BGTaskSchedulerErrorDomain, "not a BGTaskScheduler error")
            _nsError = error
        }

        public static var _nsErrorDomain: String { BGTaskSchedulerErrorDomain }
        public static var errorDomain: String { BGTaskSchedulerErrorDomain }

        /// Not @frozen: built with library evolution, so a switch without `default` is diagnosed as for an
        /// ObjC NS_ERROR_ENUM that may gain cases (`immediateRunIneligible` arrived in the iOS 26 SDK).
        public enum Code: Int, _ErrorCodeProtocol, Sendable {
            public typealias _ErrorType = BGTaskScheduler.Error

            case unavailable = 1
            case tooManyPendingTaskRequests = 2
            case notPermitted = 3
            case immediateRunIneligible = 4
        }

        public static var unavailable: Code { .unavailable }
        public static var tooManyPendingTaskRequests: Code { .tooManyPendingTaskRequests }
        public static var notPermitted: Code { .notPermitted }
        public static var immediateRunIneligible: Code { .immediateRunIneligible }
    }
}
