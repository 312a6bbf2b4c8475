import Testing

extension Tag {
    /// Compiles or runs generated code, or runs many processes: left out of the inner loop with `--skip tag:slow`.
    @Tag static var slow: Self
}
