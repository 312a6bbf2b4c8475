// Mirrors NSURLSessionConfiguration (iOS 26.1 SDK header, NS_SWIFT_SENDABLE). Unlike corelibs'
// FoundationNetworking, `background(withIdentifier:)` is usable and `sessionSendsLaunchEvents` and a settable
// `sharedContainerIdentifier` exist, as on iOS.
import Foundation

@available(iOS 7.0, macOS 10.9, tvOS 9.0, watchOS 2.0, *)
open class URLSessionConfiguration: NSObject, NSCopying, @unchecked Sendable {
    public let identifier: String?

    init(identifier: String?) {
        self.identifier = identifier
        super.init()
    }

    open class var `default`: URLSessionConfiguration { URLSessionConfiguration(identifier: nil) }

    open class var ephemeral: URLSessionConfiguration { URLSessionConfiguration(identifier: nil) }

    @available(iOS 8.0, macOS 10.10, tvOS 9.0, watchOS 2.0, *)
    open class func background(withIdentifier identifier: String) -> URLSessionConfiguration {
        let configuration = URLSessionConfiguration(identifier: identifier)
        configuration.isBackground = true
        return configuration
    }

    /// Whether this configuration came from `background(withIdentifier:)`: Apple keys background rules on it.
    @_spi(Simulator) public internal(set) var isBackground = false

    open var requestCachePolicy: URLRequest.CachePolicy = .useProtocolCachePolicy
    open var timeoutIntervalForRequest: TimeInterval = 60
    open var timeoutIntervalForResource: TimeInterval = 7 * 24 * 60 * 60
    open var networkServiceType: URLRequest.NetworkServiceType = .default
    open var allowsCellularAccess = true
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
    open var allowsExpensiveNetworkAccess = true
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
    open var allowsConstrainedNetworkAccess = true
    @available(iOS 11.0, macOS 10.13, tvOS 11.0, watchOS 4.0, *)
    open var waitsForConnectivity = false
    @available(iOS 7.0, macOS 10.10, tvOS 9.0, watchOS 2.0, *)
    open var isDiscretionary = false
    @available(iOS 7.0, macOS 11.0, tvOS 9.0, watchOS 2.0, *)
    open var sessionSendsLaunchEvents = true
    @available(iOS 8.0, macOS 10.10, tvOS 9.0, watchOS 2.0, *)
    open var sharedContainerIdentifier: String?
    open var httpAdditionalHeaders: [AnyHashable: Any]?
    open var httpMaximumConnectionsPerHost = 6
    open var httpShouldSetCookies = true
    open var httpShouldUsePipelining = false

    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = URLSessionConfiguration(identifier: identifier)
        copy.isBackground = isBackground
        copy.requestCachePolicy = requestCachePolicy
        copy.timeoutIntervalForRequest = timeoutIntervalForRequest
        copy.timeoutIntervalForResource = timeoutIntervalForResource
        copy.networkServiceType = networkServiceType
        copy.allowsCellularAccess = allowsCellularAccess
        copy.allowsExpensiveNetworkAccess = allowsExpensiveNetworkAccess
        copy.allowsConstrainedNetworkAccess = allowsConstrainedNetworkAccess
        copy.waitsForConnectivity = waitsForConnectivity
        copy.isDiscretionary = isDiscretionary
        copy.sessionSendsLaunchEvents = sessionSendsLaunchEvents
        copy.sharedContainerIdentifier = sharedContainerIdentifier
        copy.httpAdditionalHeaders = httpAdditionalHeaders
        copy.httpMaximumConnectionsPerHost = httpMaximumConnectionsPerHost
        copy.httpShouldSetCookies = httpShouldSetCookies
        copy.httpShouldUsePipelining = httpShouldUsePipelining
        return copy
    }
}
