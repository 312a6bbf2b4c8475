import Foundation

public struct APIClient {
    public init() {}
}
