import Foundation

public struct HTTPClient {
    public init() {}
}
