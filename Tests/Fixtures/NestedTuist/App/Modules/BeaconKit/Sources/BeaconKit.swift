public enum BeaconKit {
    public static let greeting = "Hello"
}
