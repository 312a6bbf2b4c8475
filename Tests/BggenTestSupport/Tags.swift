// A regular target, so `swift build` without `--product` builds it too, and Command Line Tools have no Testing:
// the tag exists wherever the tests that use it can build.
#if canImport(Testing)
import Testing

extension Tag {
    /// Compiles or runs generated code, runs many processes, or times the code's readers on a quiet machine: left out
    /// of the inner loop with `--skip tag:slow`.
    @Tag public static var slow: Self
}
#endif
