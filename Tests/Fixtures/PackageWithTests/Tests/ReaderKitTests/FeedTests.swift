import Foundation
import Testing
@testable import ReaderKit

struct FeedTests {
    @Test func keepsItsURL() {
        #expect(Feed(url: URL(string: "https://example.com/feed")!).url.host == "example.com")
    }
}
