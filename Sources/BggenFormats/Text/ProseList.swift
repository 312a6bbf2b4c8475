/// Items in a sentence, as a reader says them: "a", "a and b", "a, b and c" (no serial comma, as bggen's prose
/// writes it everywhere).
package enum ProseList {
    package static func joined(_ items: [String], _ conjunction: String) -> String {
        guard let last = items.last, items.count > 1 else { return items.joined() }
        return items.dropLast().joined(separator: ", ") + " \(conjunction) " + last
    }
}
