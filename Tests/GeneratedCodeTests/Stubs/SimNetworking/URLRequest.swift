// URLRequest, URLResponse and HTTPURLResponse as on Darwin. On Linux these live in FoundationNetworking, which
// generated code never imports; the app-module shim aliases these instead.
import Foundation

public struct URLRequest: Hashable, Sendable, CustomStringConvertible {
    /// NSURLRequestCachePolicy.
    public enum CachePolicy: UInt, Sendable {
        case useProtocolCachePolicy = 0
        case reloadIgnoringLocalCacheData = 1
        case reloadIgnoringLocalAndRemoteCacheData = 4
        case returnCacheDataElseLoad = 2
        case returnCacheDataDontLoad = 3
        case reloadRevalidatingCacheData = 5

        public static var reloadIgnoringCacheData: CachePolicy { .reloadIgnoringLocalCacheData }
    }

    /// NSURLRequestNetworkServiceType.
    public enum NetworkServiceType: UInt, Sendable {
        case `default` = 0
        case video = 2
        case background = 3
        case voice = 4
        case responsiveData = 6
        case avStreaming = 8
        case responsiveAV = 9
        case callSignaling = 11
    }

    public var url: URL?
    public var cachePolicy: CachePolicy
    public var timeoutInterval: TimeInterval
    public var mainDocumentURL: URL?
    public var networkServiceType: NetworkServiceType = .default
    public var allowsCellularAccess = true
    public var allowsExpensiveNetworkAccess = true
    public var allowsConstrainedNetworkAccess = true
    public var httpMethod: String? = "GET"
    public var allHTTPHeaderFields: [String: String]?
    public var httpBody: Data?
    public var httpShouldHandleCookies = true
    public var httpShouldUsePipelining = false

    public init(url: URL, cachePolicy: CachePolicy = .useProtocolCachePolicy, timeoutInterval: TimeInterval = 60.0) {
        self.url = url
        self.cachePolicy = cachePolicy
        self.timeoutInterval = timeoutInterval
    }

    public func value(forHTTPHeaderField field: String) -> String? {
        allHTTPHeaderFields?.first { $0.key.caseInsensitiveCompare(field) == .orderedSame }?.value
    }

    public mutating func setValue(_ value: String?, forHTTPHeaderField field: String) {
        var fields = allHTTPHeaderFields ?? [:]
        if let existing = fields.keys.first(where: { $0.caseInsensitiveCompare(field) == .orderedSame }) {
            fields[existing] = nil
        }
        fields[field] = value
        allHTTPHeaderFields = fields
    }

    public mutating func addValue(_ value: String, forHTTPHeaderField field: String) {
        setValue(self.value(forHTTPHeaderField: field).map { "\($0),\(value)" } ?? value, forHTTPHeaderField: field)
    }

    public var description: String { url?.description ?? "url: nil" }
}

@available(iOS 2.0, macOS 10.2, *)
open class URLResponse: NSObject, NSCopying, @unchecked Sendable {
    public let url: URL?
    public let mimeType: String?
    public let expectedContentLength: Int64
    public let textEncodingName: String?

    public init(url: URL, mimeType: String?, expectedContentLength length: Int, textEncodingName name: String?) {
        self.url = url
        self.mimeType = mimeType
        expectedContentLength = Int64(length)
        textEncodingName = name
        super.init()
    }

    open var suggestedFilename: String? { url?.lastPathComponent }

    open func copy(with zone: NSZone? = nil) -> Any { self }
}

@available(iOS 2.0, macOS 10.2, *)
open class HTTPURLResponse: URLResponse, @unchecked Sendable {
    public let statusCode: Int
    public let allHeaderFields: [AnyHashable: Any]

    public init?(url: URL, statusCode: Int, httpVersion HTTPVersion: String?, headerFields: [String: String]?) {
        self.statusCode = statusCode
        allHeaderFields = headerFields ?? [:]
        super.init(url: url, mimeType: headerFields?["Content-Type"], expectedContentLength: -1, textEncodingName: nil)
    }

    open func value(forHTTPHeaderField field: String) -> String? {
        allHeaderFields.first { ($0.key as? String)?.caseInsensitiveCompare(field) == .orderedSame }?.value as? String
    }

    open class func localizedString(forStatusCode statusCode: Int) -> String { "HTTP \(statusCode)" }
}
