enum StoreConfiguration {
    static let isAppStore = true
}
