import XCTest
@testable import Browser

final class ConfigurationServiceTests: XCTestCase {
    func testRegistersOnLaunching() {
        let done = expectation(description: "registered")
        DispatchQueue.main.async {
            ConfigurationService().onLaunching()
            done.fulfill()
        }
        wait(for: [done], timeout: 1)
    }
}
