import Foundation

/// One line of `bggen mcp`'s input: a message, or a line longer than the reader keeps.
enum MCPInput: Equatable {
    case line(String)
    /// A line grew past `MCPMessageReader.maximumBytes`: it was answered with a JSON-RPC error as soon as it did,
    /// and the rest of it up to its newline is discarded, never buffered.
    case tooLong
}

/// Reads newline-delimited messages from a descriptor, keeping at most `limit` bytes of one line: an endless line
/// (a client gone wrong, `cat /dev/zero`) would otherwise be buffered until memory runs out, and the server would
/// end as if input had.
struct MCPMessageReader {
    /// The longest message kept. A tool call is a few hundred bytes; a megabyte is far beyond any real one.
    static let maximumBytes = 1 << 20

    private let limit: Int
    private let source: (UnsafeMutableRawBufferPointer) -> Int
    private var buffer: [UInt8] = []
    /// Where the next line starts in `buffer`.
    private var start = 0
    /// What one `read` fills, before its bytes join `buffer` (or are dropped, inside a line past the limit).
    private var scratch = [UInt8](repeating: 0, count: 1 << 16)
    /// The reader is inside a line already answered as too long, and drops bytes up to its newline.
    private var discarding = false
    private var ended = false

    /// `source` fills the buffer it is given and returns the byte count, 0 at end of input, negative on failure.
    init(limit: Int = maximumBytes, source: @escaping (UnsafeMutableRawBufferPointer) -> Int) {
        self.limit = limit
        self.source = source
    }

    /// Standard input, read with `read(2)`, retried after a signal.
    static func standardInput() -> MCPMessageReader {
        MCPMessageReader { buffer in
            while true {
                let count = read(STDIN_FILENO, buffer.baseAddress, buffer.count)
                if count >= 0 || errno != EINTR { return count }
            }
        }
    }

    /// The next line without its newline (and `\r`), `.tooLong` once for a line past the limit, nil at end of input.
    mutating func next() -> MCPInput? {
        while true {
            if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                var line = buffer[start..<newline]
                start = newline + 1
                if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
                return line.count > limit ? .tooLong : .line(String(decoding: line, as: UTF8.self))
            }
            if buffer.count - start > limit {
                // Past the limit with no newline: answer now, and keep nothing more of the line.
                buffer.removeAll(keepingCapacity: true)
                start = 0
                discarding = true
                return .tooLong
            }
            if ended {
                guard start < buffer.count else { return nil }
                defer { start = buffer.count }
                return .line(String(decoding: buffer[start...], as: UTF8.self))
            }
            fill()
        }
    }

    /// Reads once, keeping what follows the newline that ends a discarded line.
    private mutating func fill() {
        if start > 0 {
            buffer.removeFirst(start)
            start = 0
        }
        let count = scratch.withUnsafeMutableBytes { source($0) }
        guard count > 0 else {
            ended = true
            return
        }
        var read = scratch[..<count]
        if discarding {
            guard let newline = read.firstIndex(of: UInt8(ascii: "\n")) else { return }
            read = read[(newline + 1)...]
            discarding = false
        }
        buffer.append(contentsOf: read)
    }
}
