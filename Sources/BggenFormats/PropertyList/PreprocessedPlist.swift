import Foundation

/// An Info.plist Xcode runs through the C preprocessor first (`INFOPLIST_PREPROCESS = YES`): `#ifdef`, `#ifndef`,
/// `#if`, `#else`, `#elif`, `#endif`, `#define`, `#undef` and `#include` lines between the XML. Such a file is
/// valid input; bggen reads it with those lines blanked out and patches it only where an addition lands outside
/// every conditional block, leaving each directive line as it was.
package enum PreprocessedPlist {
    private static let directives = ["if", "ifdef", "ifndef", "else", "elif", "endif", "define", "undef", "include"]

    /// Whether a line (without its newline) is a preprocessor directive.
    static func isDirective<Line: StringProtocol>(_ line: Line) -> Bool {
        let text = line.drop { $0 == " " || $0 == "\t" }
        guard text.first == "#" else { return false }
        let word = text.dropFirst().drop { $0 == " " || $0 == "\t" }.prefix { $0.isLetter }
        return directives.contains(String(word))
    }

    /// Each directive line replaced by as many spaces, so the XML parses and every byte keeps its offset.
    package static func withoutDirectives(_ text: String) -> String {
        guard text.contains("#") else { return text }
        return lines(of: text).map { line in
            isDirective(line.content) ? String(repeating: " ", count: line.content.utf8.count) + line.ending : line.content + line.ending
        }.joined()
    }

    package static func withoutDirectives(_ data: Data) -> Data {
        guard let text = String(data: data, encoding: .utf8), text.contains("#") else { return data }
        return Data(withoutDirectives(text).utf8)
    }

    /// Puts the directive lines of `original` back into `patched`, which is `withoutDirectives(original)` with
    /// whole lines inserted. Nil when that is not what happened (a line was changed in place) or when an inserted
    /// line would fall inside a conditional block, where it would exist in some builds only.
    package static func restoringDirectives(original: String, patched: String) -> String? {
        let originalLines = lines(of: original)
        var output = ""
        var next = 0
        var depth = 0
        for line in lines(of: patched) {
            if next < originalLines.count, blanked(originalLines[next]) == line.content + line.ending {
                let kept = originalLines[next]
                depth += conditionalChange(kept.content)
                output += kept.content + kept.ending
                next += 1
            } else {
                guard depth == 0, !line.content.allSatisfy({ $0 == " " }) else { return nil }
                output += line.content + line.ending
            }
        }
        return next == originalLines.count ? output : nil
    }

    private static func blanked(_ line: (content: String, ending: String)) -> String {
        isDirective(line.content) ? String(repeating: " ", count: line.content.utf8.count) + line.ending : line.content + line.ending
    }

    /// +1 for a line opening a conditional block, -1 for one closing it.
    private static func conditionalChange(_ line: String) -> Int {
        guard isDirective(line) else { return 0 }
        let word = line.drop { $0 == " " || $0 == "\t" }.dropFirst().drop { $0 == " " || $0 == "\t" }.prefix { $0.isLetter }
        if word.hasPrefix("if") { return 1 }
        return word == "endif" ? -1 : 0
    }

    /// Lines with their endings (`\n`, `\r\n` or none for the last), so joining them gives the text back.
    private static func lines(of text: String) -> [(content: String, ending: String)] {
        var result: [(String, String)] = []
        var current = ""
        for character in text {
            if character == "\n" || character == "\r\n" {
                result.append((current, String(character)))
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { result.append((current, "")) }
        return result
    }
}
