import XCTest

final class AppSettingsTests: XCTestCase {}
