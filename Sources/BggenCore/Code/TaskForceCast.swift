import BggenFormats
import BggenModel

/// `task as! BGProcessingTask` (or another `BGTask` subclass) on the task a launch handler receives, with the
/// registrations whose handler holds it. A handler registered for several identifiers, or one identifier submitted
/// with another request class, gets a task of another class on some launch, and the cast crashes the app there.
struct TaskForceCast: Sendable, Equatable {
    /// The class cast to, as written.
    var type: String
    var kind: TaskKind
    var location: FindingLocation
    /// The `register` calls that run the code holding the cast, to look their identifiers up once constants from
    /// other files are resolved.
    var registrations: [FindingLocation]

    /// Each task kind's task class (`TaskSpec.taskClass`), with its kind.
    static let types: [String: TaskKind] = Dictionary(uniqueKeysWithValues: TaskSpec.all.compactMap { spec in
        spec.taskClass.map { ($0.name, spec.kind) }
    })

    /// Casts of the task in the code its registrations run (see `LaunchHandlerBody`).
    static func all(in bodies: [LaunchHandlerBody], tokens: [SourceToken], file: String) -> [TaskForceCast] {
        bodies.flatMap { casts(of: $0.task, in: $0.body, tokens: tokens, file: file, registrations: $0.registrations) }
    }

    /// `name as! BG…Task` in `range`; `self.name` or `other.name` is another value.
    private static func casts(of name: String, in range: Range<Int>, tokens: [SourceToken], file: String,
                              registrations: [FindingLocation]) -> [TaskForceCast] {
        range.compactMap { index in
            guard tokens[index].text == "as", tokens[index].kind == .identifier, index + 2 < range.upperBound,
                  tokens[index + 1].text == "!", let kind = types[tokens[index + 2].text],
                  tokens[index - 1].text == name, tokens[index - 2].text != "." else { return nil }
            let type = tokens[index + 2]
            return TaskForceCast(type: type.text, kind: kind, location: FindingLocation(file: file, line: type.line, column: type.column),
                                 registrations: registrations)
        }
    }
}
