extension AnswerSpecs {
    /// The questions a terminal asks, walked in `specs`' order (`all`'s, as `--help` lists them): each answer whose
    /// question is asked given the answers so far (`AnyAnswerSpec.isAsked`) is put by `put`, and each answer, asked
    /// or given, then settles what it changes in the later ones (on-push adds silent push), `note` saying what.
    /// The order and the conditions live in the declarations, so a new answer with a question needs nothing here.
    public static func ask<Failure: Error>(
        _ specs: [AnyAnswerSpec] = all, given: Answers, detected: Answers, defaults: Answers,
        put: (Question) throws(Failure) -> Question.Answered, note: (String) -> Void
    ) throws(Failure) -> Answers {
        var answers = given
        for spec in specs {
            if spec.isAsked(after: answers, detected: detected), let question = spec.question(offering: defaults) {
                try put(question).apply(to: &answers)
            }
            for line in spec.settling(&answers, given: given) { note(line) }
        }
        return answers
    }
}
