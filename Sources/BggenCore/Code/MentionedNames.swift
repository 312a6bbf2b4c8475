import BggenFormats

/// The names a function's body mentions (`FunctionMentions.mentions`), each once, with a hash of its bytes made
/// where the body is read, on the cores reading the files. `MentionIndex` files each name under that hash on the one
/// thread that indexes every function: hashing every name again there with `Hasher`, and inserting each of a body's
/// names into a `Set` as it was read, were a fifth of doctor's instructions on duckduckgo-iOS. Held sorted by hash,
/// then text, so two equal sets of names are equal arrays.
struct MentionedNames: Sendable, Equatable, Sequence, ExpressibleByArrayLiteral {
    struct Entry: Sendable, Equatable {
        var hash: UInt64
        var name: String
    }

    private(set) var entries: [Entry] = []

    init(_ names: some Sequence<String>) {
        self.init(hashed: names.map { Entry(hash: Self.hash($0), name: $0) })
    }

    init(arrayLiteral names: String...) {
        self.init(names)
    }

    /// From `entries` in any order, with repeats.
    init(hashed entries: [Entry]) {
        var sorted = entries
        sorted.sort { $0.hash != $1.hash ? $0.hash < $1.hash : $0.name < $1.name }
        var unique: [Entry] = []
        unique.reserveCapacity(sorted.count)
        for entry in sorted where unique.last != entry { unique.append(entry) }
        self.entries = unique
    }

    /// A body's names gathered as it mentions them, each kept once (by hash, then text) in a table of open slots
    /// that a file's bodies share, each leaving it empty: sorting every mention of a body to drop the repeats cost
    /// as much as hashing them.
    struct Gathering {
        /// Each gathered entry's index, filed under its hash.
        private var slots = HashSlots(count: 256)
        private var entries: [Entry] = []

        mutating func add(_ name: String) {
            let hash = MentionedNames.hash(name)
            let (found, slot) = slots.find(hash) { entries[$0].hash == hash && entries[$0].name == name }
            guard found == nil else { return }
            entries.append(Entry(hash: hash, name: name))
            // The slots are changed while the hashes are read: the closure reads a copy of the array, not `self`.
            let gathered = entries
            slots.file(gathered.count - 1, at: slot) { gathered[$0].hash }
        }

        /// The names gathered since the last call; the table is left empty.
        mutating func names() -> MentionedNames {
            let names = MentionedNames(hashed: entries)
            slots.removeAll()
            entries.removeAll(keepingCapacity: true)
            return names
        }
    }

    var count: Int { entries.count }
    var isEmpty: Bool { entries.isEmpty }

    func contains(_ name: String) -> Bool {
        index(of: name, hash: Self.hash(name)) != nil
    }

    /// Whether no name of `other` is mentioned: both walked once in their order, texts compared only where hashes meet.
    /// Where one holds many times the other's names (the hundreds the caller search met, against one body's ten),
    /// each name of the smaller is looked up in the larger by its hash instead: walking both read the larger whole
    /// for every body, a twentieth of doctor's instructions on duckduckgo-iOS.
    func isDisjoint(with other: MentionedNames) -> Bool {
        if other.count > Self.lookUpRatio * count { return !entries.contains { other.index(of: $0.name, hash: $0.hash) != nil } }
        if count > Self.lookUpRatio * other.count { return other.isDisjoint(with: self) }
        var mine = 0
        var theirs = 0
        while mine < entries.count, theirs < other.entries.count {
            let hash = entries[mine].hash
            if hash < other.entries[theirs].hash {
                mine += 1
            } else if hash > other.entries[theirs].hash {
                theirs += 1
            } else {
                var same = theirs
                while same < other.entries.count, other.entries[same].hash == hash {
                    if other.entries[same].name == entries[mine].name { return false }
                    same += 1
                }
                mine += 1
            }
        }
        return true
    }

    /// How many times the other's names one set must hold before `isDisjoint` looks the other's up in it: a lookup
    /// costs a binary search, a step of the walk one comparison.
    private static let lookUpRatio = 8

    mutating func insert(_ name: String) {
        let hash = Self.hash(name)
        guard index(of: name, hash: hash) == nil else { return }
        let at = entries.partitioningIndex { $0.hash != hash ? $0.hash > hash : $0.name > name }
        entries.insert(Entry(hash: hash, name: name), at: at)
    }

    struct Iterator: IteratorProtocol {
        fileprivate var entries: IndexingIterator<[Entry]>

        mutating func next() -> String? {
            entries.next()?.name
        }
    }

    func makeIterator() -> Iterator {
        Iterator(entries: entries.makeIterator())
    }

    private func index(of name: String, hash: UInt64) -> Int? {
        var index = entries.partitioningIndex { $0.hash >= hash }
        while index < entries.count, entries[index].hash == hash {
            if entries[index].name == name { return index }
            index += 1
        }
        return nil
    }

    /// The UTF-8 bytes eight at a time, each word multiplied in (FNV-1a's step for the bytes left over), then mixed
    /// (MurmurHash3's finalizer) so that the low bits a table of a power of two slots uses depend on every byte: a
    /// byte at a time through the string's view cost twice as much. Not seeded: a name's hash is the same in every
    /// run, and names that collide are still told apart by their text.
    static func hash(_ name: String) -> UInt64 {
        var name = name
        return name.withUTF8 { bytes in
            var hash = ByteHash.mix(UnsafeRawBufferPointer(bytes), into: 0xcbf2_9ce4_8422_2325 ^ UInt64(bytes.count))
            hash ^= hash >> 33
            hash = hash &* 0xff51_afd7_ed55_8ccd
            hash ^= hash >> 33
            hash = hash &* 0xc4ce_b9fe_1a85_ec53
            hash ^= hash >> 33
            return hash
        }
    }
}

extension Array {
    /// The first index whose element `belongs` to the second part, in an array whose elements are all of the first
    /// part and then all of the second: a binary search.
    fileprivate func partitioningIndex(where belongs: (Element) -> Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if belongs(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
