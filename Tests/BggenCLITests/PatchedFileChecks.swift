import BggenCore
import Foundation
import Testing

/// The lines a change added and removed, ignoring diff headers: a patch of the user's file must remove nothing.
func changedLines(_ old: String, _ new: String) -> (added: [String], removed: [String]) {
    let diff = UnifiedDiff.make(old: old, new: new, oldLabel: "a", newLabel: "b")
    let lines = diff.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("+++") && !$0.hasPrefix("---") }
    return (lines.filter { $0.hasPrefix("+") }.map { String($0.dropFirst()) }, lines.filter { $0.hasPrefix("-") })
}

/// A property list's top-level dictionary, as Foundation reads it.
func plist(_ text: String) throws -> [String: Any] {
    try #require(try PropertyListSerialization.propertyList(from: Data(text.utf8), format: nil) as? [String: Any])
}
