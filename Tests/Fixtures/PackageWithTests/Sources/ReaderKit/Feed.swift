import Foundation

public struct Feed: Sendable {
    public let url: URL
}
