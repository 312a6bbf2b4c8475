import Foundation
import Synchronization
#if canImport(Testing)
import Testing
#endif

/// When `BGGEN_TEST_TIMELINE` names a file, every child `Subprocess` starts is logged to it as one line: the
/// child's start and end (seconds since 1970), its exit, what it was (the program and its output file or mode), its
/// CPU seconds (user+sys) and the suite whose test started it. `Tests/Benchmarks/suite-timeline.sh` summarises it:
/// where the cores sat idle, which compilations and simulator runs ran when, which is what the suite's wall time is
/// made of, and each suite's share of the children's CPU.
enum SubprocessTimeline {
    private static let file: FileHandle? = {
        guard let path = ProcessInfo.processInfo.environment["BGGEN_TEST_TIMELINE"], !path.isEmpty else { return nil }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        return descriptor < 0 ? nil : FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }()

    static var isOn: Bool { file != nil }

    /// The reaped children's CPU seconds when the last child was recorded. Each child is recorded as soon as it has
    /// been reaped, so the growth since then is its own (children started outside `Subprocess`, such as the
    /// `bggen` runs of the CLI tests, count towards the next child recorded).
    private static let childrenCPU = Mutex(0.0)

    static func record(executable: URL, arguments: [String], started: Date, ended: Date, ending: String) {
        guard let file else { return }
        // A compiler runs under `nice -n N` (`StubSDK.swiftc`): the program is what nice starts.
        let command = arguments.first == "nice" ? Array(arguments.dropFirst(3)) : arguments
        let program = executable.lastPathComponent == "env" ? (command.first ?? "env") : executable.lastPathComponent
        // The output (`-o`) names a compilation; a harness run is named by its executable's folder and its mode.
        let what = arguments.firstIndex(of: "-o").flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
            .map { ($0 as NSString).lastPathComponent }
            ?? "\(executable.deletingLastPathComponent().lastPathComponent)/\(command.first ?? "")"
        let cpu = childrenCPU.withLock { last in
            var usage = rusage()
            #if os(Linux)
            getrusage(__rusage_who_t(RUSAGE_CHILDREN.rawValue), &usage)
            #else
            getrusage(RUSAGE_CHILDREN, &usage) // Darwin's sys/resource.h: `#define RUSAGE_CHILDREN (-1)`
            #endif
            let total = seconds(usage.ru_utime) + seconds(usage.ru_stime)
            defer { last = total }
            return total - last
        }
        let line = String(format: "%.3f %.3f %@ %@ %@ %.3f %@\n", started.timeIntervalSince1970, ended.timeIntervalSince1970,
                          ending.replacingOccurrences(of: " ", with: "_"), program, what.replacingOccurrences(of: " ", with: "_"),
                          cpu, suite)
        // One write per line on an O_APPEND descriptor: lines from parallel children never interleave.
        file.write(Data(line.utf8))
    }

    private static func seconds(_ time: timeval) -> Double {
        Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000
    }

    /// The suite whose work a task does outside its tests (`StartsEarlyTrait`).
    @TaskLocal static var startedFor: String?

    /// The outermost suite of the test that started the child (a cached build is paid for by the first test that
    /// asked for it), or `-` outside a test.
    private static var suite: String {
        #if canImport(Testing)
        startedFor ?? Test.current?.id.nameComponents.first ?? "-"
        #else
        startedFor ?? "-"
        #endif
    }
}
