import Testing

extension Tag {
    /// Compiles or runs generated code, runs many processes, or times the code's readers on a quiet machine: left out
    /// of the inner loop with `--skip tag:slow`.
    @Tag public static var slow: Self
}
