/// A module of the root package, which the app links.
public struct Feed: Sendable {
    public var title: String

    public init(title: String) {
        self.title = title
    }
}
