import Foundation

/// A generator started with `posix_spawn` in a process group of its own, with stdin from `/dev/null` and both
/// output pipes drained while it runs: Foundation's `Process` can neither start a group nor signal one, and a tool
/// that ignores SIGTERM, or a child it left behind, must not keep running after bggen.
struct SpawnedTool {
    let pid: pid_t
    private let output: Int32
    private let errors: Int32

    struct SpawnError: Error { let reason: String }

    enum Ending: Equatable {
        case exited(Int32)
        case signalled(Int32)
        case timedOut
        case tooLarge
    }

    struct Outcome {
        var output = Data()
        /// The end of standard error, where a tool says why it failed.
        var errors = Data()
        var ending: Ending = .exited(0)
    }

    init(path: String, arguments: [String], environment: [String: String], folder: String) throws(SpawnError) {
        var outputPipe: [Int32] = [-1, -1], errorPipe: [Int32] = [-1, -1]
        guard Self.makePipe(&outputPipe) else { throw SpawnError(reason: String(cString: strerror(errno))) }
        guard Self.makePipe(&errorPipe) else {
            for descriptor in outputPipe { close(descriptor) }
            throw SpawnError(reason: String(cString: strerror(errno)))
        }
        #if canImport(Darwin)
        // Darwin's spawn.h: `typedef void *posix_spawn_file_actions_t;` and `typedef void *posix_spawnattr_t;`,
        // imported as optional raw pointers that the `_init` calls allocate.
        var actions: posix_spawn_file_actions_t? = nil
        var attributes: posix_spawnattr_t? = nil
        #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errorPipe[1], 2)
        posix_spawn_file_actions_addclose(&actions, outputPipe[1])
        posix_spawn_file_actions_addclose(&actions, errorPipe[1])
        #if canImport(Darwin)
        // spawn.h: `int posix_spawn_file_actions_addchdir_np(posix_spawn_file_actions_t *, const char *)`, macOS 10.15.
        let changedFolder = posix_spawn_file_actions_addchdir_np(&actions, folder) == 0
        #else
        let changedFolder = Self.addChangeFolder.map { $0(&actions, folder) == 0 } ?? false
        #endif
        guard changedFolder else {
            close(outputPipe[0]); close(errorPipe[0]); close(outputPipe[1]); close(errorPipe[1])
            throw SpawnError(reason: "this C library cannot start a program in another folder")
        }
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var reset = sigset_t()
        sigemptyset(&reset)
        for number in [SIGINT, SIGTERM, SIGHUP, SIGPIPE] { sigaddset(&reset, number) }
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &reset)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(Self.flags))
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid: pid_t = 0
        var result = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        // "Text file busy": another process is still closing the tool it just wrote (an install, a parallel test).
        for _ in 0..<20 where result == ETXTBSY {
            usleep(50_000)
            result = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        }
        close(outputPipe[1])
        close(errorPipe[1])
        guard result == 0 else {
            close(outputPipe[0]); close(errorPipe[0])
            throw SpawnError(reason: String(cString: strerror(result)))
        }
        self.pid = pid
        self.output = outputPipe[0]
        self.errors = errorPipe[0]
    }

    #if canImport(Darwin)
    /// A process group of its own, a clean signal mask and default signal actions; and (spawn.h's
    /// `POSIX_SPAWN_CLOEXEC_DEFAULT`) no descriptor but the file actions' 0, 1 and 2, so the tool, an untrusted
    /// program, inherits nothing another thread of bggen has open.
    private static let flags = POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_CLOEXEC_DEFAULT

    /// Darwin has no `pipe2`; `POSIX_SPAWN_CLOEXEC_DEFAULT` keeps the moment between `pipe` and `FD_CLOEXEC` from
    /// reaching a tool bggen spawns.
    private static func makePipe(_ ends: inout [Int32]) -> Bool {
        pipeThenCloseOnExec(&ends)
    }
    #else
    /// A process group of its own, a clean signal mask and default signal actions.
    private static let flags = POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF

    /// Both ends close-on-exec from the start (`pipe2(O_CLOEXEC)`), so a tool that another thread spawns at the same
    /// moment inherits neither; the file actions' `dup2` gives the child its 1 and 2 without the flag.
    private static func makePipe(_ ends: inout [Int32]) -> Bool {
        guard let pipe2 = pipeWithFlags else { return pipeThenCloseOnExec(&ends) }
        return pipe2(&ends, O_CLOEXEC) == 0
    }

    /// glibc's and musl's `pipe2`, which Swift's Glibc module leaves out (it is declared under `_GNU_SOURCE`).
    private static let pipeWithFlags: (@convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32)? = {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "pipe2") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32).self)
    }()

    /// glibc's `posix_spawn_file_actions_addchdir_np` (2.29 and later), which Swift does not import.
    private static let addChangeFolder: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32)? = {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "posix_spawn_file_actions_addchdir_np") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32).self)
    }()
    #endif

    /// `pipe`, then `FD_CLOEXEC` on both ends: where no `pipe2` creates them so.
    private static func pipeThenCloseOnExec(_ ends: inout [Int32]) -> Bool {
        guard pipe(&ends) == 0 else { return false }
        for descriptor in ends { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        return true
    }

    /// Reads both pipes until the tool exits and they close. After `timeout` seconds (or `limit` bytes of output)
    /// the group gets SIGTERM, and SIGKILL `grace` seconds later; whatever the group left running is killed.
    func collect(timeout: TimeInterval, grace: TimeInterval, limit: Int) -> Outcome {
        var outcome = Outcome()
        var open = [output, errors]
        var status: Int32 = 0
        var exited = false
        let start = Date()
        var stopping: Ending?
        var terminatedAt: Date?
        defer {
            for descriptor in open { close(descriptor) }
            if !exited { kill(-pid, SIGKILL); waitpid(pid, &status, 0) }
        }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            if !exited, waitpid(pid, &status, WNOHANG) == pid { exited = true }
            if exited && open.isEmpty { break }
            let elapsed = Date().timeIntervalSince(start)
            if stopping == nil && (elapsed >= timeout || outcome.output.count > limit) {
                stopping = outcome.output.count > limit ? .tooLarge : .timedOut
                kill(-pid, SIGTERM)
                terminatedAt = Date()
            }
            if let terminatedAt, Date().timeIntervalSince(terminatedAt) >= grace {
                kill(-pid, SIGKILL)
                if !exited { waitpid(pid, &status, 0); exited = true }
                break
            }
            if exited && stopping == nil {
                // The tool is done; a child it left holding the pipes is not waited for.
                stopping = .exited(0)
                kill(-pid, SIGTERM)
                terminatedAt = Date()
            }
            var polled = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            guard !polled.isEmpty else { usleep(10_000); continue }
            _ = poll(&polled, nfds_t(polled.count), 50)
            for entry in polled where entry.revents != 0 {
                let count = buffer.withUnsafeMutableBytes { Foundation.read(entry.fd, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                if count <= 0 {
                    close(entry.fd)
                    open.removeAll { $0 == entry.fd }
                } else if entry.fd == output {
                    outcome.output.append(contentsOf: buffer[0..<count])
                } else {
                    outcome.errors.append(contentsOf: buffer[0..<count])
                    if outcome.errors.count > 65_536 { outcome.errors = outcome.errors.suffix(16_384) }
                }
            }
        }
        switch stopping {
        case .timedOut, .tooLarge: outcome.ending = stopping!
        default:
            // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import as macros.
            outcome.ending = status & 0x7f == 0 ? .exited((status >> 8) & 0xff) : .signalled(status & 0x7f)
        }
        return outcome
    }
}
