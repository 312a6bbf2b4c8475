import BggenFormats
import Foundation
import Testing

/// The one greedy filler behind help pages, doctor's text, init's summary and the rehearsal tests' comment: a line
/// holds as many items as fit, exactly up to the width, and an item is never cut.
@Suite("Line fill")
struct LineFillTests {
    /// A line exactly as wide as the width keeps its last item; one column more moves it to the next line.
    @Test func aLineExactlyAsWideAsTheWidthKeepsItsLastItem() {
        #expect(LineFill.lines(["aaa", "bbb", "cc"], width: 10) == ["aaa bbb cc"])
        #expect(LineFill.lines(["aaa", "bbb", "ccc"], width: 10) == ["aaa bbb", "ccc"])
        #expect(LineFill.lines(["ab", "cd"], first: "- ", rest: "  ", width: 7) == ["- ab cd"])
        #expect(LineFill.lines(["ab", "cd"], first: "- ", rest: "  ", width: 6) == ["- ab", "  cd"])
    }

    /// An item wider than a line stands alone past the width, uncut, and the items after it start a new line.
    @Test func anItemWiderThanTheWidthStandsAloneUncut() {
        let long = String(repeating: "x", count: 30)
        #expect(LineFill.lines(["a", long, "b"], first: "> ", rest: "  ", width: 20) == ["> a", "  \(long)", "  b"])
        #expect(LineFill.lines([long, "b"], first: "> ", rest: "  ", width: 20) == ["> \(long)", "  b"], "the first item is never pushed off the first line")
    }

    /// No item: the first line's start alone, so a label with an empty list still prints as one line.
    @Test func anEmptyListIsTheFirstLineAlone() {
        #expect(LineFill.lines([], width: 10) == [""])
        #expect(LineFill.lines([], first: "  Label: ", rest: "         ", width: 10) == ["  Label: "])
    }

    /// Widths are counted by `columns`, once per piece: a colour sequence that takes no column does not push a word
    /// onto the next line.
    @Test func widthsAreWhatColumnsCounts() {
        let red = "\u{1B}[31merror\u{1B}[0m"
        let visible = { (text: String) in text.replacingOccurrences(of: "\u{1B}[31m", with: "").replacingOccurrences(of: "\u{1B}[0m", with: "").count }
        #expect(LineFill.lines([red, "here"], width: 10, columns: visible) == ["\(red) here"])
        #expect(LineFill.lines([red, "here"], width: 10) == [red, "here"], "counted as characters, the sequences take 9 columns")
    }

    /// A label with room for its first item keeps it; one without (a long label, a long identifier) stands alone,
    /// its items two columns in under it, so no line holds a label and an item past the width.
    @Test func aLabelWithoutRoomForItsFirstItemStandsAlone() {
        #expect(LineFill.labelled("  Ids: ", ["a.b,", "c.d"], width: 12) == ["  Ids: a.b,", "       c.d"])
        #expect(LineFill.labelled("  Registered: ", ["com.example.long,", "x"], width: 20) == ["  Registered:", "    com.example.long,", "    x"])
        #expect(LineFill.labelled("  Ids: ", [], width: 5) == ["  Ids: "])
    }
}
