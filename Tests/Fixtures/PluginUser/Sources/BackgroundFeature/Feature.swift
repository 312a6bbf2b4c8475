/// The package's own code, which bggen's output is added next to.
public struct Feature {
    public init() {}
}
