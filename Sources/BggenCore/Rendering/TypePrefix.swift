import BggenFormats

/// Renames bggen's output for `--prefix`: every top-level type it declares and every Swift file it writes get the
/// prefix, everywhere the name appears (code, comments, the next steps), so the app can keep a type of its own
/// named `BackgroundTaskManager`.
///
/// The names come from the rendered files themselves, so a type added to a template is renamed without a list to
/// keep up to date.
enum TypePrefix {
    /// The top-level types the Swift files declare and the files' own names without `.swift`.
    static func names(in files: [GeneratedFile]) -> GeneratedNames {
        var names = GeneratedNames()
        for file in files where file.path.hasSuffix(".swift") {
            names.types.formUnion(TopLevelNames.declared(inSwift: file.contents))
            names.files.insert(String(PathText.name(of: file.path).dropLast(".swift".count)))
        }
        return names
    }

    /// `path` with its file name prefixed when it is one of `names`' Swift files.
    static func apply(_ prefix: String, names: Set<String>, toPath path: String) -> String {
        let name = PathText.name(of: path)
        guard name.hasSuffix(".swift"), names.contains(String(name.dropLast(".swift".count))) else { return path }
        let folder = PathText.parent(of: path)
        return folder.isEmpty ? prefix + name : "\(folder)/\(prefix)\(name)"
    }

    /// `text` with every whole word in `names` prefixed: `BackgroundTaskManager.shared` becomes
    /// `AcmeBackgroundTaskManager.shared`, while `BackgroundTaskManagerTests` or `myBackgroundLog` stay as they are.
    static func apply(_ prefix: String, names: Set<String>, to text: String) -> String {
        guard !prefix.isEmpty, !names.isEmpty else { return text }
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 256)
        var index = 0
        while index < bytes.count {
            guard isWordByte(bytes[index]) else {
                output.append(bytes[index])
                index += 1
                continue
            }
            let start = index
            while index < bytes.count, isWordByte(bytes[index]) { index += 1 }
            let word = bytes[start..<index]
            if names.contains(String(decoding: word, as: UTF8.self)) {
                output.append(contentsOf: prefix.utf8)
            }
            output.append(contentsOf: word)
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: "_") || byte >= 0x80
    }
}

/// The names bggen's Swift output uses, which the app must not use too.
public struct GeneratedNames: Sendable, Equatable {
    /// Top-level types, such as `BackgroundTaskManager` and `Locked`.
    public var types: Set<String> = []
    /// Swift file names without `.swift`, such as `BackgroundSupport`.
    public var files: Set<String> = []

    public init(types: Set<String> = [], files: Set<String> = []) {
        self.types = types
        self.files = files
    }

    /// Every word `--prefix` renames.
    var all: Set<String> { types.union(files) }

    /// The same names with `prefix` in front.
    public func prefixed(_ prefix: String) -> GeneratedNames {
        GeneratedNames(types: Set(types.map { prefix + $0 }), files: Set(files.map { prefix + $0 }))
    }
}
