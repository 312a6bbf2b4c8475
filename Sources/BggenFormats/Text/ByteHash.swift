/// The byte mixing shared by the tables that hash keys by their bytes (a pbxproj's object IDs in `OpenStepKeys`, the
/// names a function mentions in `MentionedNames`): eight bytes at a time, each word multiplied in, then the bytes left
/// over one at a time (FNV-1a's step). Each table seeds it and finishes it in its own way.
public enum ByteHash {
    @inlinable
    public static func mix(_ raw: UnsafeRawBufferPointer, into start: UInt64) -> UInt64 {
        var hash = start
        var offset = 0
        while offset + 8 <= raw.count {
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0x9E37_79B9_7F4A_7C15
            hash ^= hash >> 29
            offset += 8
        }
        while offset < raw.count {
            hash = (hash ^ UInt64(raw[offset])) &* 0x0000_0100_0000_01B3
            offset += 1
        }
        return hash
    }
}
