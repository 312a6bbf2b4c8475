/// Which functions mention each name: what the caller search (`CodeModel.readWhatFactsNeed`) and `LaunchReach`'s
/// walks look a callee's callers up in, made once per run on one thread from every function the model reads
/// (`CodeModel.mentionedBy`). Each name is filed under the
/// hash its function's reading made (`MentionedNames`), in a table of open slots, and compared by its text only there;
/// the functions of a name are a chain through flat arrays. A dictionary of arrays by name hashed every name again
/// and made and grew an array for each: most of making `LaunchReach` on duckduckgo-iOS.
struct MentionIndex: Sendable {
    /// Each name's number, filed under its hash.
    private var slots = HashSlots(count: 64)
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
        guard let number = slots.find(hash, isSame: { hashes[$0] == hash && names[$0] == name }).number else { return [] }
        var found: [Int] = []
        var entry = latest[number]
        while entry >= 0 {
            found.append(Int(functions[Int(entry)]))
            entry = previous[Int(entry)]
        }
        return found.reversed()
    }

    /// The number of the name `entry` holds, given it if it is new.
    private mutating func numberInserting(_ entry: MentionedNames.Entry) -> Int {
        let (found, slot) = slots.find(entry.hash) { hashes[$0] == entry.hash && names[$0] == entry.name }
        if let found { return found }
        let number = names.count
        names.append(entry.name)
        hashes.append(entry.hash)
        latest.append(-1)
        // The slots are changed while the hashes are read: the closure reads a copy of the array, not `self`.
        let filed = hashes
        slots.file(number, at: slot) { filed[$0] }
        return number
    }
}
