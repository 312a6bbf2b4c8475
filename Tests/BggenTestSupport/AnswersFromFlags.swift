import BggenModel

extension Answers {
    /// The tasks chosen and nothing else.
    public init(tasks: [TaskKind]) {
        self.init()
        self.tasks = tasks
    }

    /// Answers as the flags that give them (`--interval daily --no-network`), read through the answers' declarations
    /// as a scenario's flags are, after `tasks` when given; no answer has a field to set by hand.
    public init(tasks: [TaskKind]? = nil, flags: String) throws(ConfigurationError) {
        self = try AnswerSpecs.answers(fromFlags: flags.split(separator: " ").map(String.init))
        if let tasks { self.tasks = tasks }
    }
}
