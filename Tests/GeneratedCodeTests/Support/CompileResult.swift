/// The outcome of one `swiftc` run on generated code.
struct CompileResult: Sendable {
    let exitCode: Int32
    /// Everything swiftc printed (stdout and stderr interleaved), in one-line-per-diagnostic LLVM style.
    let output: String
    /// Wall-clock time of the swiftc run, to keep an eye on how long the suite takes.
    let duration: Duration

    /// Every line that reports an error or a warning. Notes are left out: they only explain a diagnostic.
    var diagnostics: [String] {
        output.split(separator: "\n", omittingEmptySubsequences: true)
            .filter { $0.contains("error:") || $0.contains("warning:") }
            .map(String.init)
    }

    /// Compiled, with no error and no warning.
    var isClean: Bool { exitCode == 0 && diagnostics.isEmpty }
}
