/// A fixed-seed random source (SplitMix64), so a fuzz run is the same on every machine and a failure replays.
public struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// `bytes` with a few random edits: structural characters inserted, ranges deleted or repeated, the end cut.
    public mutating func mutate(_ bytes: [UInt8]) -> [UInt8] {
        let structural: [UInt8] = Array("()[]{}<>\"'\\/*:;,=-#&!\n\t ".utf8) + [0x00, 0xE9, 0xFF, 0x1B]
        var result = bytes
        for _ in 0..<Int.random(in: 1...4, using: &self) {
            let position = result.isEmpty ? 0 : Int.random(in: 0..<result.count, using: &self)
            switch Int.random(in: 0..<5, using: &self) {
            case 0:
                result.insert(structural.randomElement(using: &self)!, at: position)
            case 1 where !result.isEmpty:
                result.removeSubrange(position..<min(result.count, position + Int.random(in: 1...40, using: &self)))
            case 2 where !result.isEmpty:
                let slice = result[position..<min(result.count, position + Int.random(in: 1...200, using: &self))]
                result.insert(contentsOf: Array(repeating: Array(slice), count: Int.random(in: 1...8, using: &self)).joined(), at: position)
            case 3:
                result.removeSubrange(position..<result.count)
            default:
                let run = structural.randomElement(using: &self)!
                result.insert(contentsOf: Array(repeating: run, count: Int.random(in: 1...3_000, using: &self)), at: position)
            }
        }
        return result
    }
}
