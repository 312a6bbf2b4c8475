import BggenTestSupport
/// The outcome of one `swiftc` run on generated code.
struct CompileResult: Sendable {
    let exitCode: Int32
    /// Everything swiftc printed (stdout and stderr interleaved), in one-line-per-diagnostic LLVM style.
    let output: String
    /// Wall-clock time of the swiftc run, to keep an eye on how long the suite takes.
    let duration: Duration

    init(exitCode: Int32, output: String, duration: Duration) {
        self.exitCode = exitCode
        self.output = output
        self.duration = duration
    }

    init(_ outcome: Subprocess.Outcome) {
        self.init(exitCode: outcome.exitCode, output: outcome.output, duration: outcome.duration)
    }

    /// Every line that reports an error or a warning. Notes are left out: they only explain a diagnostic.
    var diagnostics: [String] {
        output.split(separator: "\n", omittingEmptySubsequences: true)
            .filter { $0.contains("error:") || $0.contains("warning:") }
            .map(String.init)
    }

    /// Compiled, with no error and no warning.
    var isClean: Bool { exitCode == 0 && diagnostics.isEmpty }
}
