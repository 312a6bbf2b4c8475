/// How long a value bggen builds out of others may grow: a build setting expanding `$(…)` references, a string
/// constant interpolating other constants. Each reference may repeat another ten times, which refers to the next ten
/// times, so a file under a kilobyte could ask for a value of a billion characters; every value stops here as it is
/// built, and the one that was cut is named.
enum ExpansionBound {
    /// The longest value an expansion yields. A real project's identifiers and settings are far below it.
    static let maximumLength = 4_096

    /// Why a value is not used as it was written, after the name of what was cut.
    static let cutNote = "(cut: it expands to more than \(maximumLength) characters)"
}
