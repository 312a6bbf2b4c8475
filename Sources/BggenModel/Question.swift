/// A question as a terminal puts it, whatever the answer's type: made from an answer's declaration (its `Asking`)
/// and put by the CLI's questionnaire, which knows keys and screens but no answer by name.
public struct Question: Sendable {
    /// How it is answered, and what each reply makes of it.
    public enum Form: Sendable {
        /// One or more of the options, by index; the preselected ones stand unless changed.
        case several(options: [String], preselected: Set<Int>, choose: @Sendable ([Int]) -> Answered)
        /// One of the options, by index.
        case one(options: [String], preselected: Int, choose: @Sendable (Int) -> Answered)
        /// Yes or no, Enter taking the default.
        case yesNo(default: Bool, choose: @Sendable (Bool) -> Answered)
        /// Free text, Enter taking the fallback; the parser's error says why text is refused, and it is asked again.
        case text(fallback: String?, parse: @Sendable (String) throws(ConfigurationError) -> Answered)
    }

    /// A reply taken: what it sets in the answers and, after a pick, the words that confirm it (`→ daily`).
    public struct Answered: Sendable {
        let set: @Sendable (inout Answers) -> Void
        public let echo: String?

        public func apply(to answers: inout Answers) { set(&answers) }
    }

    public let text: String
    public let form: Form
}

/// How an answer's question is put, declared with the answer in `AnswerSpecs`: its words, its form and the choices
/// it offers. The answer it offers (what Enter takes) and what a reply sets come from the answer's declaration.
public struct Asking<Value: Sendable & Equatable>: Sendable {
    public let text: String
    /// The choices offered, in order; empty for a yes-or-no question or free text.
    public let offers: [AnswerSpec<Value>.Offer]
    /// The form, given the answer to offer (nil when a free-text question has none), the declared default, the
    /// declaration's parser and what a value sets.
    let form: @Sendable (_ offered: Value?, _ fallback: Value, _ parse: @escaping AnswerSpec<Value>.Parse,
                         _ answered: @escaping @Sendable (Value, _ echo: String?) -> Question.Answered) -> Question.Form
}

extension Asking {
    /// One of `offers`, the offered answer preselected; a recorded answer that is none of them (`every 6h`) is
    /// offered last, labelled by `unlisted`. `echo` spells the choice, as the flag takes it.
    public static func one(_ text: String, _ offers: [(String, Value)], unlisted: (@Sendable (Value) -> String)? = nil,
                           echo: @escaping @Sendable (Value) -> String) -> Asking {
        let offers = offers.map { AnswerSpec<Value>.Offer(label: $0.0, value: $0.1) }
        return Asking(text: text, offers: offers) { offered, fallback, _, answered in
            let preset = offered ?? fallback
            let recorded = offered.flatMap { offered in offers.contains { $0.value == offered } ? nil : offered }
            let choices = offers + (unlisted.flatMap { label in recorded.map { [.init(label: label($0), value: $0)] } } ?? [])
            return .one(options: choices.map(\.label), preselected: choices.firstIndex { $0.value == preset } ?? 0) { index in
                answered(choices[index].value, echo(choices[index].value))
            }
        }
    }
}

extension Asking {
    /// One or more of `offers`, those in the offered answer preselected; the choice keeps the offers' order, and
    /// `echo` spells each of its elements.
    public static func several<Element: Equatable & Sendable>(
        _ text: String, _ offers: [(String, Element)], echo: @escaping @Sendable (Element) -> String
    ) -> Asking where Value == [Element] {
        let offers = offers.map { AnswerSpec<Value>.Offer(label: $0.0, value: [$0.1]) }
        return Asking(text: text, offers: offers) { offered, fallback, _, answered in
            let preset = offered ?? fallback
            let preselected = Set(offers.indices.filter { offers[$0].value.allSatisfy(preset.contains) })
            return .several(options: offers.map(\.label), preselected: preselected) { indices in
                let chosen = indices.flatMap { offers[$0].value }
                return answered(chosen, chosen.map(echo).joined(separator: ", "))
            }
        }
    }
}

extension Asking where Value == Bool {
    /// Yes or no, Enter taking the offered answer.
    public static func yesNo(_ text: String) -> Asking {
        Asking(text: text, offers: []) { offered, fallback, _, answered in
            .yesNo(default: offered ?? fallback) { answered($0, nil) }
        }
    }
}

extension Asking where Value: CustomStringConvertible {
    /// Free text read by the answer's parser, Enter taking the offered answer when there is one.
    public static func text(_ text: String) -> Asking {
        Asking(text: text, offers: []) { offered, _, parse, answered in
            .text(fallback: offered?.description) { text throws(ConfigurationError) in answered(try parse(text), nil) }
        }
    }
}
