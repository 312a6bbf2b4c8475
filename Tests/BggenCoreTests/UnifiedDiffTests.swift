import Testing
@testable import BggenCore

/// Expected outputs were produced by GNU diffutils 3.8 (`diff -U<n> --label old --label new`);
/// they are spelled as arrays of lines so context lines holding a single space stay visible.
private func text(_ lines: String...) -> String {
    lines.map { $0 + "\n" }.joined()
}

private func numbered(_ range: ClosedRange<Int>, replacing changes: [Int: String] = [:]) -> String {
    range.map { changes[$0] ?? String($0) }.map { $0 + "\n" }.joined()
}

private func diff(_ old: String, _ new: String, context: Int = 3) -> String {
    UnifiedDiff.make(old: old, new: new, oldLabel: "old", newLabel: "new", context: context)
}

@Suite struct UnifiedDiffTests {
    @Test func equalTextsGiveEmptyDiff() {
        #expect(diff("", "") == "")
        #expect(diff("a\nb\n", "a\nb\n") == "")
        #expect(diff("no newline", "no newline") == "")
    }

    @Test func singleChangeInTheMiddle() {
        let old = (1...10).map { "l\($0)\n" }.joined()
        let new = old.replacingFirst("l5\n", with: "five\n")
        #expect(diff(old, new) == text(
            "--- old",
            "+++ new",
            "@@ -2,7 +2,7 @@",
            " l2",
            " l3",
            " l4",
            "-l5",
            "+five",
            " l6",
            " l7",
            " l8"
        ))
    }

    @Test func fileCreation() {
        #expect(diff("", "a\nb\n") == text("--- old", "+++ new", "@@ -0,0 +1,2 @@", "+a", "+b"))
    }

    @Test func fileDeletion() {
        #expect(diff("a\nb\n", "") == text("--- old", "+++ new", "@@ -1,2 +0,0 @@", "-a", "-b"))
    }

    @Test func addingTheFinalNewline() {
        #expect(diff("a\nb", "a\nb\n") == text(
            "--- old", "+++ new", "@@ -1,2 +1,2 @@", " a", "-b", #"\ No newline at end of file"#, "+b"
        ))
    }

    @Test func removingTheFinalNewlineWhileChangingTheLine() {
        #expect(diff("a\nb\n", "a\nc") == text(
            "--- old", "+++ new", "@@ -1,2 +1,2 @@", " a", "-b", "+c", #"\ No newline at end of file"#
        ))
    }

    @Test func unterminatedLastLineAsContext() {
        #expect(diff("1\n2\n3\n4\n5", "1\nX\n3\n4\n5") == text(
            "--- old", "+++ new", "@@ -1,5 +1,5 @@", " 1", "-2", "+X", " 3", " 4", " 5", #"\ No newline at end of file"#
        ))
    }

    @Test func bothSidesWithoutNewline() {
        #expect(diff("x", "y") == text(
            "--- old", "+++ new", "@@ -1 +1 @@",
            "-x", #"\ No newline at end of file"#,
            "+y", #"\ No newline at end of file"#
        ))
    }

    @Test func hunksMergeWhenContextsTouch() {
        // Six unchanged lines between the changes: exactly 2 * context, so one hunk.
        #expect(diff(numbered(1...20), numbered(1...20, replacing: [2: "two", 9: "nine"])) == text(
            "--- old", "+++ new", "@@ -1,12 +1,12 @@",
            " 1", "-2", "+two", " 3", " 4", " 5", " 6", " 7", " 8", "-9", "+nine", " 10", " 11", " 12"
        ))
    }

    @Test func hunksSplitWhenContextsDoNotTouch() {
        #expect(diff(numbered(1...20), numbered(1...20, replacing: [2: "two", 10: "ten"])) == text(
            "--- old", "+++ new",
            "@@ -1,5 +1,5 @@", " 1", "-2", "+two", " 3", " 4", " 5",
            "@@ -7,7 +7,7 @@", " 7", " 8", " 9", "-10", "+ten", " 11", " 12", " 13"
        ))
    }

    @Test func zeroContext() {
        let new = "1\n2\nthree\n4\n5\n7\n8\n"
        #expect(diff(numbered(1...8), new, context: 0) == text(
            "--- old", "+++ new", "@@ -3 +3 @@", "-3", "+three", "@@ -6 +5,0 @@", "-6"
        ))
    }

    @Test func insertionsAtBothEndsWithOneLineOfContext() {
        #expect(diff("a\nb\nc\nd\n", "new\na\nb\nc\nd\ntail\n", context: 1) == text(
            "--- old", "+++ new", "@@ -1 +1,2 @@", "+new", " a", "@@ -4 +5,2 @@", " d", "+tail"
        ))
    }

    @Test func realisticSwiftEdit() {
        let old = #"""
            import BackgroundTasks

            enum Scheduler {
                static let refreshID = "com.example.refresh"

                static func register() {
                    BGTaskScheduler.shared.register(forTaskWithIdentifier: refreshID, using: nil) { task in
                        handle(task as! BGAppRefreshTask)
                    }
                }

                static func schedule() {
                    let request = BGAppRefreshTaskRequest(identifier: refreshID)
                    request.earliestBeginDate = Date(timeIntervalSinceNow: 15 * 60)
                    try? BGTaskScheduler.shared.submit(request)
                }
            }

            """#
        let new = #"""
            import BackgroundTasks

            enum Scheduler {
                static let refreshID = "com.example.refresh"
                static let cleanupID = "com.example.cleanup"

                static func register() {
                    BGTaskScheduler.shared.register(forTaskWithIdentifier: refreshID, using: nil) { task in
                        handle(task as! BGAppRefreshTask)
                    }
                }

                static func schedule() {
                    let request = BGAppRefreshTaskRequest(identifier: refreshID)
                    request.earliestBeginDate = Date(timeIntervalSinceNow: 30 * 60)
                    do {
                        try BGTaskScheduler.shared.submit(request)
                    } catch {
                        print("Could not schedule: \(error)")
                    }
                }
            }

            """#
        let result = UnifiedDiff.make(
            old: old, new: new,
            oldLabel: "Sources/App/Scheduler.swift", newLabel: "Sources/App/Scheduler.swift (generated)"
        )
        #expect(result == text(
            "--- Sources/App/Scheduler.swift",
            "+++ Sources/App/Scheduler.swift (generated)",
            "@@ -2,6 +2,7 @@",
            " ",
            " enum Scheduler {",
            "     static let refreshID = \"com.example.refresh\"",
            "+    static let cleanupID = \"com.example.cleanup\"",
            " ",
            "     static func register() {",
            "         BGTaskScheduler.shared.register(forTaskWithIdentifier: refreshID, using: nil) { task in",
            "@@ -11,7 +12,11 @@",
            " ",
            "     static func schedule() {",
            "         let request = BGAppRefreshTaskRequest(identifier: refreshID)",
            "-        request.earliestBeginDate = Date(timeIntervalSinceNow: 15 * 60)",
            "-        try? BGTaskScheduler.shared.submit(request)",
            "+        request.earliestBeginDate = Date(timeIntervalSinceNow: 30 * 60)",
            "+        do {",
            "+            try BGTaskScheduler.shared.submit(request)",
            "+        } catch {",
            #"+            print("Could not schedule: \(error)")"#,
            "+        }",
            "     }",
            " }"
        ))
    }

    @Test func carriageReturnsStayPartOfTheLine() {
        #expect(diff("a\r\nb\r\n", "a\r\nc\r\n") == "--- old\n+++ new\n@@ -1,2 +1,2 @@\n a\r\n-b\r\n+c\r\n")
    }

    /// Applying every generated diff must reproduce the new text, and the number of changed lines
    /// must equal the true minimum, for many small inputs full of repeated lines (the hard case).
    @Test func randomDiffsApplyAndAreMinimal() throws {
        var random = SplitMix(seed: 42)
        for _ in 0..<400 {
            let alphabet = ["a", "b", "c", "d", "e"].prefix(random.next(in: 1...5))
            var old = (0..<random.next(in: 0...30)).map { _ in alphabet.randomElement(using: &random)! }
            var new = old
            for _ in 0..<random.next(in: 0...8) {
                switch random.next(in: 0...2) {
                case 0 where !new.isEmpty: new.remove(at: random.next(in: 0...(new.count - 1)))
                case 1: new.insert("x", at: random.next(in: 0...new.count))
                default: if !new.isEmpty { new[random.next(in: 0...(new.count - 1))] = "y" }
                }
            }
            if random.next(in: 0...3) == 0 { old.shuffle(using: &random) }
            let oldText = old.map { $0 + "\n" }.joined()
            let newText = new.map { $0 + "\n" }.joined()
            let context = random.next(in: 0...4)
            let result = UnifiedDiff.make(old: oldText, new: newText, oldLabel: "o", newLabel: "n", context: context)
            #expect(try apply(result, to: old) == new, "context \(context): \(old) -> \(new)\n\(result)")
            let changed = result.split(separator: "\n").dropFirst(2).filter { $0.first == "-" || $0.first == "+" }.count
            #expect(changed == old.count + new.count - 2 * lcsLength(old, new))
        }
    }

    /// Correctness on a large input; speed is measured by the benchmarks, never by a timed test.
    @Test func largeFilesWithFewChangesGetOneHunkPerChange() {
        var lines = (0..<5_000).map { "    let value\($0) = compute(\($0)) // padding to look like code" }
        let old = lines.joined(separator: "\n") + "\n"
        for index in stride(from: 250, to: 5_000, by: 500) { lines[index] = "    // changed \(index)" }
        let new = lines.joined(separator: "\n") + "\n"
        let result = UnifiedDiff.make(old: old, new: new, oldLabel: "a", newLabel: "b")
        #expect(result.split(separator: "\n").filter { $0.hasPrefix("@@") }.count == 10)
        #expect(result.split(separator: "\n").filter { $0.hasPrefix("-    let value") }.count == 10)
    }
}

// MARK: - Helpers

private extension String {
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = firstRange(of: target) else { return self }
        return self[..<range.lowerBound] + replacement + self[range.upperBound...]
    }
}

private struct MalformedDiff: Error {}

/// A deliberately independent reader of the format: it checks hunk headers against the old
/// text instead of trusting them, so header arithmetic mistakes fail the test.
private func apply(_ diff: String, to old: [String]) throws -> [String] {
    if diff.isEmpty { return old }
    var lines = diff.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard lines.removeFirst().hasPrefix("--- "), lines.removeFirst().hasPrefix("+++ "), lines.removeLast() == "" else {
        throw MalformedDiff()
    }
    var result: [String] = []
    var cursor = 0
    var index = 0
    while index < lines.count {
        let header = lines[index].split(separator: " ")
        guard header.count == 4, header[0] == "@@", header[3] == "@@" else { throw MalformedDiff() }
        func parse(_ field: Substring) -> (start: Int, count: Int) {
            let parts = field.dropFirst().split(separator: ",").map { Int($0)! }
            return (parts[0], parts.count == 2 ? parts[1] : 1)
        }
        let (oldStart, oldCount) = parse(header[1])
        let (_, newCount) = parse(header[2])
        let firstOld = oldCount == 0 ? oldStart : oldStart - 1
        guard firstOld >= cursor else { throw MalformedDiff() }
        result += old[cursor..<firstOld]
        cursor = firstOld
        index += 1
        var seenOld = 0, seenNew = 0
        while index < lines.count, !lines[index].hasPrefix("@@") {
            let line = lines[index]
            let body = String(line.dropFirst())
            switch line.first {
            case " ":
                guard old[cursor] == body else { throw MalformedDiff() }
                result.append(body)
                cursor += 1
                seenOld += 1
                seenNew += 1
            case "-":
                guard old[cursor] == body else { throw MalformedDiff() }
                cursor += 1
                seenOld += 1
            case "+":
                result.append(body)
                seenNew += 1
            default:
                throw MalformedDiff()
            }
            index += 1
        }
        guard seenOld == oldCount, seenNew == newCount else { throw MalformedDiff() }
    }
    return result + old[cursor...]
}

private func lcsLength(_ a: [String], _ b: [String]) -> Int {
    var previous = [Int](repeating: 0, count: b.count + 1)
    for x in a {
        var current = [Int](repeating: 0, count: b.count + 1)
        for (j, y) in b.enumerated() {
            current[j + 1] = x == y ? previous[j] + 1 : max(previous[j + 1], current[j])
        }
        previous = current
    }
    return previous[b.count]
}

/// Seeded so a failure reproduces; the standard library offers no seedable generator.
private struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func next(in range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }
}
