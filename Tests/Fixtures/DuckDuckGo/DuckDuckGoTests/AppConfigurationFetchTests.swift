import XCTest

final class AppConfigurationFetchTests: XCTestCase {}
