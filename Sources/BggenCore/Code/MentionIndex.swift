/// Which functions mention each name: what the caller search (`CodeModel.readWhatFactsNeed`) and `LaunchReach`'s
/// walks look a callee's callers up in, made on one thread from every function read. Each name is filed under the
/// hash its function's reading made (`MentionedNames`), in a table of open slots, and compared by its text only there;
/// the functions of a name are a chain through flat arrays. A dictionary of arrays by name hashed every name again
/// and made and grew an array for each: most of making `LaunchReach` on duckduckgo-iOS.
struct MentionIndex: Sendable {
    /// Each name's number plus one (0: an empty slot), at the slot its hash gives or the next free one after it; a
    /// power of two of them, at most half full.
    private var slots = [Int32](repeating: 0, count: 64)
    /// By number: each name, its hash and its latest entry (-1 for none).
    private var names: [String] = []
    private var hashes: [UInt64] = []
    private var latest: [Int32] = []
    /// For each entry, the function that mentions the name, and the name's entry before it (-1 for none).
    private var functions: [Int32] = []
    private var previous: [Int32] = []

    /// Records that `function` (a number the caller gives, growing from one call to the next) mentions `names`.
    mutating func add(_ function: Int, mentioning names: MentionedNames) {
        for entry in names.entries {
            let number = numberInserting(entry)
            functions.append(Int32(function))
            previous.append(latest[number])
            latest[number] = Int32(functions.count - 1)
        }
    }

    /// The functions mentioning `name`, in the order they were added.
    func functions(mentioning name: String) -> [Int] {
        let hash = MentionedNames.hash(name)
        var slot = Int(truncatingIfNeeded: hash) & (slots.count - 1)
        while slots[slot] != 0 {
            let number = Int(slots[slot]) - 1
            if hashes[number] == hash && names[number] == name {
                var found: [Int] = []
                var entry = latest[number]
                while entry >= 0 {
                    found.append(Int(functions[Int(entry)]))
                    entry = previous[Int(entry)]
                }
                return found.reversed()
            }
            slot = (slot + 1) & (slots.count - 1)
        }
        return []
    }

    /// The number of the name `entry` holds, given it if it is new.
    private mutating func numberInserting(_ entry: MentionedNames.Entry) -> Int {
        var slot = Int(truncatingIfNeeded: entry.hash) & (slots.count - 1)
        while slots[slot] != 0 {
            let number = Int(slots[slot]) - 1
            if hashes[number] == entry.hash && names[number] == entry.name { return number }
            slot = (slot + 1) & (slots.count - 1)
        }
        let number = names.count
        names.append(entry.name)
        hashes.append(entry.hash)
        latest.append(-1)
        slots[slot] = Int32(number + 1)
        if names.count * 2 > slots.count { grow() }
        return number
    }

    /// Twice the slots, each name placed again by the hash it keeps.
    private mutating func grow() {
        var larger = [Int32](repeating: 0, count: slots.count * 2)
        for number in names.indices {
            var slot = Int(truncatingIfNeeded: hashes[number]) & (larger.count - 1)
            while larger[slot] != 0 { slot = (slot + 1) & (larger.count - 1) }
            larger[slot] = Int32(number + 1)
        }
        slots = larger
    }
}
