/// One answer, declared once (see `AnswerSpecs`): its flag, its `.bggen.json` key, its one default, how its text is
/// parsed, recorded and replayed, the question that asks for it (and when) and its help text. The option table, the
/// answers file, the questions and their order, `--yes`, the scenarios and `Configuration.answers` are all made from
/// it, so a new answer is this declaration and nothing else.
public struct AnswerSpec<Value: Sendable & Equatable>: Sendable {
    /// How the answer is written on the command line.
    public enum Form: Sendable, Equatable {
        /// `--tasks LIST`: a value, named in help by its placeholder.
        case value(placeholder: String)
        /// `--network` or `--no-network`: true, false, or not given.
        case toggle
        /// `--objc`: given or not; there is no negative form.
        case flag
    }

    /// One choice a question offers, with the words that describe it.
    public struct Offer: Sendable {
        public let label: String
        public let value: Value
    }

    /// The flag's name without dashes, as the scenarios and `--help` spell it.
    public let name: String
    /// The field's key in `.bggen.json`.
    public let fileKey: String
    public let form: Form
    /// The words a shell completes after the flag.
    public let choices: AnswerChoices
    /// A value that parses, for messages about the answers file.
    public let example: String
    /// What a run takes when neither a flag, the answers file, the project nor a question says.
    public let defaultValue: Value
    /// Whether `--yes` counts the default as given (`Answers.defaults`), so a script without it must pass the
    /// flag; otherwise the answer stays unset, which is how "not answered" is told from "answered the default".
    public let assumedByYes: Bool
    /// The task the answer is about; given without it, it is a conflict, and it is asked for only with it.
    public let onlyWith: TaskKind?
    /// How a terminal asks for it; nil for answers that are never asked.
    public let asking: Asking<Value>?
    /// Asked only when the tasks chosen so far include one of these; empty: whatever the tasks.
    public let askedWith: [TaskKind]
    /// What the answer, asked or given, changes in the others before the later questions, with the notes that say
    /// so; nil when it changes nothing.
    let settle: (@Sendable (_ answers: inout Answers, _ given: Answers) -> [String])?
    /// One line: the README's usage block and the completion descriptions.
    public let summary: String
    /// What `bggen help init` and the man page add below the summary: each a paragraph, or a table row written
    /// `label<TAB>text`.
    public let details: [String]
    public typealias Parse = @Sendable (String) throws(ConfigurationError) -> Value
    /// Parses the flag's text; nil for a true-or-false answer.
    public let parse: Parse?
    /// The value given means something only with `onlyWith` (`--network`, not `--no-network`).
    let isMeaningful: @Sendable (Value) -> Bool
    /// The value `.bggen.json` records for a configuration; nil when the file leaves the key out.
    let record: @Sendable (Configuration) -> RecordedAnswer?
    /// The value `init --json` reports under `answers`; nil leaves the key out.
    let report: @Sendable (Configuration) -> RecordedAnswer?
    /// The answer that gives a configuration's value back (`Configuration.answers`); nil leaves it unanswered.
    let replay: @Sendable (Configuration) -> Value?
    /// Sets a true-or-false answer from its flag; nil for an answer that takes a value.
    let setFlag: (@Sendable (Bool, inout Answers) -> Void)?

    /// An answer that takes a value: `--interval VALUE`. Its question is asked only with `askedWith`, which is
    /// `onlyWith` unless given.
    public static func value(
        _ name: String, file fileKey: String? = nil, placeholder: String,
        choices: AnswerChoices = .none, example: String, default defaultValue: Value, assumedByYes: Bool = false,
        onlyWith: TaskKind? = nil, question asking: Asking<Value>? = nil, askedWith: [TaskKind]? = nil,
        settle: (@Sendable (_ answers: inout Answers, _ given: Answers) -> [String])? = nil,
        parse: @escaping Parse,
        isMeaningful: @escaping @Sendable (Value) -> Bool = { _ in true },
        record: @escaping @Sendable (Configuration) -> RecordedAnswer?, replay: @escaping @Sendable (Configuration) -> Value?,
        _ summary: String, _ details: String...
    ) -> AnswerSpec {
        AnswerSpec(name: name, fileKey: fileKey ?? name, form: .value(placeholder: placeholder), choices: choices, example: example,
                   defaultValue: defaultValue, assumedByYes: assumedByYes, onlyWith: onlyWith, asking: asking,
                   askedWith: askedWith ?? onlyWith.map { [$0] } ?? [], settle: settle, summary: summary, details: details,
                   parse: parse, isMeaningful: isMeaningful, record: record, report: record, replay: replay, setFlag: nil)
    }

    /// The spelling on the command line that gives this answer, as messages name it.
    public var flag: String { "--\(name)" }

    /// The words of its question; nil for answers that are never asked.
    public var question: String? { asking?.text }

    /// The choices its question offers, in order; empty for a yes-or-no question or free text.
    public var offers: [Offer] { asking?.offers ?? [] }

    /// Its question, offering what Enter takes: the recorded or detected answer from `defaults`, else the declared
    /// default. An answer `--yes` assumes is always in `defaults`, so when it is missing the run withdrew it (an
    /// app's unusable bundle identifier) and a free-text question offers nothing.
    public func question(offering defaults: Answers) -> Question? {
        guard let asking else { return nil }
        let flag = flag
        let offered = defaults[self] ?? (assumedByYes ? nil : defaultValue)
        let declared = parse
        let parse: Parse = { text throws(ConfigurationError) in
            guard let declared else { throw .notAValue(flag: flag) }
            return try declared(text)
        }
        return Question(text: asking.text, form: asking.form(offered, defaultValue, parse) { value, echo in
            Question.Answered(set: { [self] in $0[self] = value }, echo: echo)
        })
    }

    /// Reads the answer from `answers`, the answers file's or `--yes`'s defaults, then this declaration's default.
    /// An answer about one task (`onlyWith`) is its default when `tasks` leave that task out.
    public func resolved(_ answers: Answers, defaults: Answers, tasks: [TaskKind]) -> Value {
        if let onlyWith, !tasks.contains(onlyWith) { return defaultValue }
        return answers[self] ?? defaults[self] ?? defaultValue
    }
}

extension AnswerSpec where Value == Bool {
    /// A true-or-false answer: `--network` / `--no-network`, or with `negatable: false` just `--objc`. `init --json`
    /// reports what the file records unless `reported` says otherwise.
    public static func toggle(
        _ name: String, negatable: Bool = true, assumedByYes: Bool = false,
        onlyWith: TaskKind? = nil, question: String? = nil, record: @escaping @Sendable (Configuration) -> RecordedAnswer?,
        reported: (@Sendable (Configuration) -> RecordedAnswer?)? = nil, replay: @escaping @Sendable (Configuration) -> Bool?,
        _ summary: String, _ details: String...
    ) -> AnswerSpec {
        AnswerSpec(name: name, fileKey: name, form: negatable ? .toggle : .flag, choices: .none, example: "true", defaultValue: false,
                   assumedByYes: assumedByYes, onlyWith: onlyWith, asking: question.map(Asking.yesNo), askedWith: onlyWith.map { [$0] } ?? [],
                   settle: nil, summary: summary, details: details,
                   parse: nil, isMeaningful: { $0 }, record: record, report: reported ?? record, replay: replay,
                   // `--objc` has no negative form, so false leaves it unset.
                   setFlag: { given, answers in answers[answer: name] = given || negatable ? given : nil })
    }
}

/// What a shell completes after an answer's flag.
public enum AnswerChoices: Sendable, Equatable {
    case none
    /// One of these words.
    case words([String])
    /// One or more of these words, separated by commas (recorded as a list in `.bggen.json`).
    case commaList([String])
}

/// An answer as `.bggen.json` records it.
public enum RecordedAnswer: Sendable, Equatable {
    case text(String)
    case flag(Bool)
    case list([String])
}

/// An `AnswerSpec` of any value, for what goes through every answer alike: the parser, the answers file, `--yes`.
public struct AnyAnswerSpec: Sendable {
    public let name: String
    public let fileKey: String
    public let isToggle: Bool
    public let isNegatable: Bool
    public let placeholder: String
    public let choices: AnswerChoices
    public let example: String
    public let summary: String
    public let details: [String]
    public let assumedByYes: Bool
    public let onlyWith: TaskKind?
    /// The words of its question; nil for answers that are never asked.
    public let question: String?
    /// Asked only when the tasks chosen so far include one of these; empty: whatever the tasks.
    public let askedWith: [TaskKind]
    /// Whether `.bggen.json` holds the answer as a list of strings (`tasks`).
    public var isList: Bool {
        if case .commaList = choices { return true }
        return false
    }
    private let setText: @Sendable (String, inout Answers) throws(ConfigurationError) -> Void
    private let setFlag: @Sendable (Bool, inout Answers) -> Void
    private let fill: @Sendable (inout Answers, Answers) -> Void
    private let assumeDefault: @Sendable (inout Answers) -> Void
    private let isGiven: @Sendable (Answers) -> Bool
    private let givenMeaningfully: @Sendable (Answers) -> Bool
    private let record: @Sendable (Configuration) -> RecordedAnswer?
    private let report: @Sendable (Configuration) -> RecordedAnswer?
    private let replay: @Sendable (Configuration, inout Answers) -> Void
    private let resolve: @Sendable (_ given: Answers, _ defaults: Answers, _ tasks: [TaskKind], inout Answers) -> Void
    private let makeQuestion: @Sendable (Answers) -> Question?
    private let truth: @Sendable (Configuration) -> Bool?
    private let settle: @Sendable (inout Answers, Answers) -> [String]

    public init<Value>(_ spec: AnswerSpec<Value>) {
        name = spec.name
        fileKey = spec.fileKey
        example = spec.example
        summary = spec.summary
        details = spec.details
        choices = spec.choices
        assumedByYes = spec.assumedByYes
        onlyWith = spec.onlyWith
        question = spec.question
        askedWith = spec.askedWith
        makeQuestion = spec.question(offering:)
        settle = spec.settle ?? { _, _ in [] }
        record = spec.record
        report = spec.report
        switch spec.form {
        case .value(let placeholder): (isToggle, isNegatable, self.placeholder) = (false, false, placeholder)
        case .toggle: (isToggle, isNegatable, placeholder) = (true, true, "")
        case .flag: (isToggle, isNegatable, placeholder) = (true, false, "")
        }
        let flag = spec.flag
        setText = { text, answers throws(ConfigurationError) in
            guard let parse = spec.parse else { throw .notAValue(flag: flag) }
            answers[spec] = try parse(text)
        }
        setFlag = spec.setFlag ?? { _, _ in }
        fill = { answers, other in answers[spec] = answers[spec] ?? other[spec] }
        assumeDefault = { answers in if spec.assumedByYes { answers[spec] = spec.defaultValue } }
        isGiven = { $0[spec] != nil }
        replay = { configuration, answers in answers[spec] = spec.replay(configuration) }
        resolve = { given, defaults, tasks, resolved in resolved[spec] = spec.resolved(given, defaults: defaults, tasks: tasks) }
        givenMeaningfully = { answers in answers[spec].map(spec.isMeaningful) ?? false }
        truth = { configuration in configuration[spec] as? Bool }
    }

    /// Parses `text` into this answer; the error names what was wrong and how to fix it.
    public func set(_ text: String, in answers: inout Answers) throws(ConfigurationError) {
        try setText(text, &answers)
    }

    /// Whether a terminal asks for it now: it has a question, neither the answers so far nor the project give it,
    /// and it is asked whatever the tasks or with one of those chosen so far.
    public func isAsked(after answers: Answers, detected: Answers) -> Bool {
        question != nil && !isGiven(answers) && !isGiven(detected)
            && (askedWith.isEmpty || answers.tasks?.contains(where: askedWith.contains) == true)
    }

    /// Its question, offering the recorded, detected or default answer (see `AnswerSpec.question(offering:)`).
    public func question(offering defaults: Answers) -> Question? { makeQuestion(defaults) }

    /// Applies what the answer changes in the others (see `AnswerSpec.settle`); returns the notes that say so.
    public func settling(_ answers: inout Answers, given: Answers) -> [String] { settle(&answers, given) }

    /// Sets a true-or-false answer; a value answer ignores it.
    public func set(_ flag: Bool, in answers: inout Answers) {
        setFlag(flag, &answers)
    }

    /// How help spells it: `--network, --no-network`.
    public var flag: String { "--\(name)" }

    /// The flag that supplies it, as a message about missing answers names it: `--network/--no-network`.
    public var missingFlag: String { isNegatable ? "--\(name)/--no-\(name)" : flag }

    func filling(_ answers: inout Answers, from other: Answers) { fill(&answers, other) }
    func assumingDefault(_ answers: inout Answers) { assumeDefault(&answers) }
    /// Whether `answers` hold it, whatever its value.
    public func isGiven(in answers: Answers) -> Bool { isGiven(answers) }
    /// Given with a value that only means something with `onlyWith`: `--network`, `--at 02:30`, `--strategy`.
    func isGivenMeaningfully(in answers: Answers) -> Bool { givenMeaningfully(answers) }
    public func recorded(for configuration: Configuration) -> RecordedAnswer? { record(configuration) }
    /// What `init --json` reports under `answers`.
    public func reported(for configuration: Configuration) -> RecordedAnswer? { report(configuration) }
    /// Sets the answer as `AnswerSpec.resolved(_:defaults:tasks:)` reads it.
    func resolving(_ given: Answers, defaults: Answers, tasks: [TaskKind], into resolved: inout Answers) {
        resolve(given, defaults, tasks, &resolved)
    }
    /// A true-or-false answer's value in `configuration`, as the templates see it under its name (`{{#if gpu}}`);
    /// nil for an answer that takes a value.
    public func isOn(in configuration: Configuration) -> Bool? { truth(configuration) }
    /// Sets the answer that gives `configuration`'s value back.
    func replaying(_ configuration: Configuration, into answers: inout Answers) { replay(configuration, &answers) }
}
