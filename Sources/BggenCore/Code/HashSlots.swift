/// A table of open slots for numbered entries kept elsewhere, each filed under a `UInt64` hash of its own: the one
/// probe and growth that `MentionIndex` and `MentionedNames.Gathering` share. Each slot holds an entry's number plus
/// one (0: an empty slot); a power of two of them, at most half full. The caller compares entries (`find`'s
/// `isSame`), so two entries whose hashes collide are still told apart.
struct HashSlots: Sendable {
    private var slots: [Int32]
    /// The slots in use, in the order they were filled: to empty them (`removeAll`) without clearing every slot.
    private var used: [Int] = []

    init(count: Int) {
        precondition(count > 0 && count & (count - 1) == 0, "a power of two of slots")
        slots = [Int32](repeating: 0, count: count)
    }

    /// The number filed under `hash` that `isSame` accepts, or nil, with the empty slot where such a number belongs.
    func find(_ hash: UInt64, isSame: (Int) -> Bool) -> (number: Int?, slot: Int) {
        var slot = Int(truncatingIfNeeded: hash) & (slots.count - 1)
        while slots[slot] != 0 {
            let number = Int(slots[slot]) - 1
            if isSame(number) { return (number, slot) }
            slot = (slot + 1) & (slots.count - 1)
        }
        return (nil, slot)
    }

    /// Files `number` in `slot`, the empty one `find` gave; once more than half the slots are used, twice as many,
    /// each number filed again under `hash(number)`.
    mutating func file(_ number: Int, at slot: Int, hash: (Int) -> UInt64) {
        slots[slot] = Int32(number + 1)
        used.append(slot)
        guard used.count * 2 > slots.count else { return }
        let numbers = used.map { Int(slots[$0]) - 1 }
        slots = [Int32](repeating: 0, count: slots.count * 2)
        used.removeAll(keepingCapacity: true)
        for number in numbers {
            let free = find(hash(number)) { _ in false }.slot
            slots[free] = Int32(number + 1)
            used.append(free)
        }
    }

    /// Every slot empty again, their count kept.
    mutating func removeAll() {
        for slot in used { slots[slot] = 0 }
        used.removeAll(keepingCapacity: true)
    }
}
