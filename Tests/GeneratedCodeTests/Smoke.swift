import Testing
@Test func placeholderCompiles() { #expect(true) }
