import Foundation

/// When `BGGEN_TEST_TIMELINE` names a file, every child `Subprocess` starts is logged to it as one line: the
/// child's start and end (seconds since 1970), its exit, and what it was (the program and its output
/// file or mode). `Tests/Benchmarks/suite-timeline.sh` summarises it: where the cores sat idle, and which
/// compilations and simulator runs ran when, which is what the suite's wall time is made of.
enum SubprocessTimeline {
    private static let file: FileHandle? = {
        guard let path = ProcessInfo.processInfo.environment["BGGEN_TEST_TIMELINE"], !path.isEmpty else { return nil }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        return descriptor < 0 ? nil : FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }()

    static var isOn: Bool { file != nil }

    static func record(executable: URL, arguments: [String], started: Date, ended: Date, ending: String) {
        guard let file else { return }
        let program = executable.lastPathComponent == "env" ? (arguments.first ?? "env") : executable.lastPathComponent
        // The output (`-o`) names a compilation; a harness run is named by its executable's folder and its mode.
        let what = arguments.firstIndex(of: "-o").flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
            .map { ($0 as NSString).lastPathComponent }
            ?? "\(executable.deletingLastPathComponent().lastPathComponent)/\(arguments.first ?? "")"
        let line = String(format: "%.3f %.3f %@ %@ %@\n", started.timeIntervalSince1970, ended.timeIntervalSince1970,
                          ending.replacingOccurrences(of: " ", with: "_"), program, what)
        // One write per line on an O_APPEND descriptor: lines from parallel children never interleave.
        file.write(Data(line.utf8))
    }
}
