import BggenCore
import BggenTestSupport
import Foundation
import Testing

/// The first question a new user meets, in a pseudo-terminal of the sizes people use, read back through a screen
/// that wraps and clips as a terminal does: every key redraws the picker in place, so the question is on the screen
/// once and each option once, in order, whatever the width.
@Suite("The arrow-key picker redraws in place at any width", .serialized)
struct PickerRedrawTests {
    private let question = "What background work do you need?"
    private let options = TaskKind.allCases.map(\.summary)

    /// The screen holds the question once and then each option once, in their order.
    private func expectOneClean(_ screen: TerminalScreen, _ context: String) {
        let lines = screen.lines
        let questions = lines.indices.filter { lines[$0].contains(question) }
        #expect(questions.count == 1, "the question is on the screen \(questions.count) times (\(context)):\n\(lines.joined(separator: "\n"))")
        var previous = questions.first ?? 0
        for option in options {
            // An option's first words: the part every width shows on its first row.
            let start = String(option.prefix(24))
            let rows = lines.indices.filter { lines[$0].contains(start) }
            #expect(rows.count == 1 && rows[0] > previous, "'\(start)' is on rows \(rows) (\(context)):\n\(lines.joined(separator: "\n"))")
            previous = rows.first ?? previous
        }
    }

    @Test(arguments: [60, 80, 120])
    func everyKeyRedrawsInPlace(columns: Int) throws {
        let folder = try TemporaryDirectory()
        let session = try PseudoTerminal(arguments: ["init", "demo"], directory: folder.url, columns: columns, rows: 24)
        try session.expect("continued processing")
        // refresh and processing start selected: drop processing, add downloads, wander, confirm.
        for key in [PseudoTerminal.down, [UInt8(ascii: " ")], PseudoTerminal.down, [UInt8(ascii: " ")], PseudoTerminal.up, PseudoTerminal.down, PseudoTerminal.down] {
            session.send(key)
        }
        session.type("\r")
        try session.expect("→ refresh, downloads")
        try session.expect("How often should it run?")
        session.send(PseudoTerminal.controlC)
        #expect(session.waitForExit() == 130)
        var screen = TerminalScreen(columns: columns, rows: 24)
        screen.feed(session.consumed + session.transcript)
        expectOneClean(screen, "\(columns) columns")
        #expect(try folder.files().isEmpty)
    }

    /// A window dragged narrower while the question waits: SIGWINCH redraws it at the new width.
    @Test func aResizeRedrawsAtTheNewWidth() throws {
        let folder = try TemporaryDirectory()
        let session = try PseudoTerminal(arguments: ["init", "demo"], directory: folder.url, columns: 100, rows: 30)
        try session.expect("leave the app")
        var screen = TerminalScreen(columns: 100, rows: 30)
        // consumed and the rest of the transcript are everything printed so far.
        let before = Array((session.consumed + session.transcript).utf8)
        screen.feed(String(decoding: before, as: UTF8.self))
        session.resize(columns: 60, rows: 30)
        screen.resize(columns: 60)
        // The redraw at 60 columns: the last option's words now wrap before "app".
        try session.expect("\u{1B}[J")
        try session.expect("app\r\n")
        session.send(PseudoTerminal.down)
        session.type("\r")
        try session.expect("→ refresh, processing")
        session.send(PseudoTerminal.controlC)
        #expect(session.waitForExit() == 130)
        screen.feed(String(decoding: Array((session.consumed + session.transcript).utf8).dropFirst(before.count), as: UTF8.self))
        expectOneClean(screen, "after narrowing to 60 columns")
        let frame = screen.lines.filter { !$0.isEmpty }
        #expect(frame.allSatisfy { $0.count < 60 }, "every row of the new frame fits: \(frame)")
    }

    /// A window too short for the wrapped options gets one row per option, cut with "…", so a redraw never has to
    /// reach rows that scrolled away.
    @Test func aShortWindowCutsEachOptionToOneRow() throws {
        let folder = try TemporaryDirectory()
        let session = try PseudoTerminal(arguments: ["init", "demo"], directory: folder.url, columns: 60, rows: 10)
        try session.expect("continued processing")
        session.send(PseudoTerminal.down)
        session.type("\r")
        try session.expect("→ refresh")
        try session.expect("How often should it run?")
        session.send(PseudoTerminal.controlC)
        #expect(session.waitForExit() == 130)
        var screen = TerminalScreen(columns: 60, rows: 10)
        screen.feed(session.consumed + session.transcript)
        expectOneClean(screen, "60 by 10")
        #expect(screen.lines.contains { $0.hasSuffix("…") }, "\(screen.lines)")
    }

    /// Keys typed before the next question is drawn (a fast typist, or answers pasted at once) are kept: raw mode
    /// is entered and left without discarding pending input, so this Ctrl-C, sent with the picker's Enter, still
    /// reaches bggen, which stops at once instead of waiting at the next question.
    @Test func keysTypedAheadOfTheNextQuestionAreKept() throws {
        let folder = try TemporaryDirectory()
        let session = try PseudoTerminal(arguments: ["init", "demo"], directory: folder.url, columns: 80, rows: 24)
        try session.expect("continued processing")
        session.send(PseudoTerminal.down + Array("\r".utf8) + PseudoTerminal.controlC)
        #expect(session.waitForExit(timeout: 10) == 130, "\(session.transcript)")
        #expect(try folder.files().isEmpty)
    }
}
