import XCTest

final class IntegrationTests: XCTestCase {}
