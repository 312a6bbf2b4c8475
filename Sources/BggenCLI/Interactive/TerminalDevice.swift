import BggenCore
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The keyboard and screen of an interactive session. Tests drive the real one through a pseudo-terminal.
public protocol TerminalDevice: AnyObject {
    /// Switches to reading single key presses without echo; false when the terminal cannot (then questions
    /// fall back to numbered answers typed as lines).
    func enterRawMode() -> Bool
    /// Puts the terminal back exactly as it was.
    func restoreMode()
    /// One byte in raw mode; nil at end of input.
    func readByte() -> UInt8?
    /// One line in normal mode, without its newline; nil at end of input.
    func readLine() -> String?
    func write(_ text: String)
    /// The window's size, when the terminal reports one.
    var size: TerminalSize? { get }
    /// In raw mode: a key's byte, or word that the window changed size; nil at end of input.
    func readInput() -> TerminalInput?
}

/// Columns and rows of a terminal window.
public struct TerminalSize: Equatable, Sendable {
    public let columns: Int
    public let rows: Int

    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }
}

/// What a raw-mode read returns.
public enum TerminalInput: Equatable, Sendable {
    case byte(UInt8)
    /// The window changed size (SIGWINCH): what is on the screen is to be drawn again at the new size.
    case resized
}

extension TerminalDevice {
    /// A device that cannot say (a test's fake) is taken for 80 by 24, Terminal.app's default.
    public var size: TerminalSize? { nil }

    public func readInput() -> TerminalInput? {
        readByte().map(TerminalInput.byte)
    }
}

/// Standard input and standard error of this process, when stdin is a terminal.
///
/// Prompts go to stderr so that stdout stays clean for `--json` and pipes.
public final class PosixTerminal: TerminalDevice {
    private var saved: termios?

    public init() {
        Self.installInterruptHandler()
    }

    public func enterRawMode() -> Bool {
        var original = termios()
        guard tcgetattr(STDIN_FILENO, &original) == 0 else { return false }
        var raw = original
        // No echo, no line buffering, and Ctrl-C arrives as a byte so the prompt can restore the screen first.
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
            bytes[Int(VMIN)] = 1
            bytes[Int(VTIME)] = 0
        }
        // TCSADRAIN (termios.h): switch once output is written, keeping keys typed ahead (a fast typist, pasted
        // answers, a Ctrl-C between two questions); TCSAFLUSH would discard them.
        guard tcsetattr(STDIN_FILENO, TCSADRAIN, &raw) == 0 else { return false }
        saved = original
        PosixTerminal.savedForSignal = original
        Self.followResizes(true)
        return true
    }

    public func restoreMode() {
        guard var original = saved else { return }
        Self.followResizes(false)
        tcsetattr(STDIN_FILENO, TCSADRAIN, &original)
        saved = nil
        PosixTerminal.savedForSignal = nil
    }

    /// The window's size as the terminal driver has it (`TIOCGWINSZ`), asked of stderr, where prompts go, else stdin.
    public var size: TerminalSize? {
        for descriptor in [STDERR_FILENO, STDIN_FILENO] {
            var size = winsize()
            if ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
                return TerminalSize(columns: Int(size.ws_col), rows: size.ws_row > 0 ? Int(size.ws_row) : 24)
            }
        }
        return nil
    }

    /// A key, or `.resized` when SIGWINCH arrived while waiting for one: its handler is installed without
    /// `SA_RESTART`, so the blocked `read` returns `EINTR` and the picker can redraw at once.
    public func readInput() -> TerminalInput? {
        var byte: UInt8 = 0
        while true {
            // A resize that came while the picker drew, before this read began, would otherwise wait for a key.
            if Self.resized.exchange(false, ordering: .sequentiallyConsistent) { return .resized }
            let count = read(STDIN_FILENO, &byte, 1)
            if count == 1 { return .byte(byte) }
            guard count < 0 && errno == EINTR else { return nil }
            if Self.resized.exchange(false, ordering: .sequentiallyConsistent) { return .resized }
        }
    }

    private static let resized = Atomic<Bool>(false)

    /// Installs (or removes) the SIGWINCH handler for the time raw mode lasts.
    private static func followResizes(_ follow: Bool) {
        resized.store(false, ordering: .sequentiallyConsistent)
        var action = sigaction()
        let handler: @convention(c) (Int32) -> Void = { _ in PosixTerminal.resized.store(true, ordering: .sequentiallyConsistent) }
        #if os(Linux)
        // glibc's <signal.h>: the handler is a member of the __sigaction_handler union.
        action.__sigaction_handler.sa_handler = follow ? handler : SIG_DFL
        #else
        // Darwin's <sys/signal.h>: the handler is a member of the __sigaction_u union.
        action.__sigaction_u.__sa_handler = follow ? handler : SIG_DFL
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(SIGWINCH, &action, nil)
        // A parent may start bggen with signals blocked (Foundation's Process does), which would hold SIGWINCH back;
        // unblocked, with the default action back, it is ignored again.
        var winch = sigset_t()
        sigemptyset(&winch)
        sigaddset(&winch, SIGWINCH)
        sigprocmask(SIG_UNBLOCK, &winch, nil)
    }

    public func readByte() -> UInt8? {
        var byte: UInt8 = 0
        while true {
            let count = read(STDIN_FILENO, &byte, 1)
            if count == 1 { return byte }
            if count < 0 && errno == EINTR { continue }
            return nil
        }
    }

    public func readLine() -> String? {
        var bytes: [UInt8] = []
        while let byte = readByte() {
            if byte == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(byte)
        }
        return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
    }

    /// A prompt that cannot be shown is not worth stopping for: the answer still comes from the terminal.
    public func write(_ text: String) {
        _ = DescriptorWrite.all(text, to: STDERR_FILENO)
    }

    /// Ctrl-C in line mode arrives as SIGINT: restore the terminal if a raw prompt changed it, and exit 130
    /// before anything is written.
    nonisolated(unsafe) private static var savedForSignal: termios?
    fileprivate static let interruptedLine = Array("\nerror: \(PromptInterruption.interrupted.description)\n".utf8)

    private static func installInterruptHandler() {
        // A parent may start bggen with SIGINT blocked (some test runners and daemons do); unblock it, or
        // Ctrl-C at a line prompt would do nothing.
        var interrupt = sigset_t()
        sigemptyset(&interrupt)
        sigaddset(&interrupt, SIGINT)
        sigprocmask(SIG_UNBLOCK, &interrupt, nil)
        _ = interruptedLine
        signal(SIGINT) { _ in
            if var original = PosixTerminal.savedForSignal {
                tcsetattr(STDIN_FILENO, TCSADRAIN, &original)
            }
            // The line raw mode prints for Ctrl-C, on a line of its own (the cursor is after the prompt); write(2)
            // is async-signal-safe, and the bytes were made before the handler was installed.
            writeToStandardError(PosixTerminal.interruptedLine)
            _exit(ExitStatus.interrupted)
        }
    }
}

/// write(2) of `bytes` to stderr, from a signal handler (outside the type, whose own `write` would shadow it).
private func writeToStandardError(_ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
}
