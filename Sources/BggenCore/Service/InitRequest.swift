import BggenModel
import Foundation

/// What `bggen init` was asked to do: the folder, the answers the flags gave, and how to treat the app.
public struct InitRequest: Sendable {
    /// Absolute, as the file system sees it.
    public var root: String
    /// The folder as the user typed it, for messages.
    public var shownAs: String
    public var answers = Answers()
    public var output: String?
    public var target: String?
    /// An XcodeGen spec not named `project.yml`, relative to the folder.
    public var spec: String?
    /// Also patch the other app targets that compile the same folder.
    public var allTargets = false
    public var replace = false
    /// `--migrate-background-fetch`: the app's legacy fetch is to move to a refresh task, so bggen may add the
    /// Info.plist key that switches it off.
    public var migrateBackgroundFetch = false
    public var allowBinaryPlist = false
    /// `--yes`: take the defaults for every answer the flags leave out; never ask.
    public var assumeDefaults = false
    public var dryRun = false
    public var force = false
    /// `--use-generators`: run `xcodegen dump` or `tuist dump project`, which run the repository's own code.
    public var useGenerators = false
    /// Where a generator is looked up (its PATH) and what of it the tool may see: the environment bggen runs in,
    /// which the command passes (its console reads it once). None by default, so a request costs no copy of it.
    public var environment: [String: String] = [:]
    /// What the command wraps the generator's dumper in (progress on a terminal, timings for `--verbose`).
    public var wrapDumper: DumpWrapper = { $0 }

    public init(root: String, shownAs: String) {
        self.root = root
        self.shownAs = shownAs
    }

    /// `.bggen.json` as the user would name it.
    var answersFileShownAs: String {
        shownAs == "." ? AnswersFile.name : "\(shownAs)/\(AnswersFile.name)"
    }
}

/// The questions a run may need a person for. A script leaves them nil: then missing answers are an error,
/// several app targets are an error, existing code is skipped, and sharing targets are left alone (said so).
public struct InitQuestions {
    /// Called with the app as soon as it is read, before any question (the command prints it).
    public var projectDetected: (ExistingProject) -> Void = { _ in }
    /// The answers no flag gave, offered `defaults`.
    public var answers: ((_ given: Answers, _ defaults: Answers) throws -> Answers)?
    /// Which of several app targets gets the work.
    public var pickTarget: ((_ names: [String]) throws -> String)?
    /// Whether to generate a task kind the app's code at `place` already covers.
    public var generateDespiteExistingCode: ((_ kind: TaskKind, _ place: String, _ symbol: String) throws -> Bool)?
    /// Whether to move the app's legacy background fetch (`switchedOff` says where it is) to a refresh task,
    /// since the keys bggen adds switch it off.
    public var migrateBackgroundFetch: ((_ switchedOff: String) throws -> Bool)?
    /// Whether to add the keys to the Info.plists of the other targets that compile `folder` too.
    public var patchSharingTargets: ((_ names: String, _ folder: String) throws -> Bool)?
    /// Whether to write the rehearsal tests into the app's unit-test `target`: asked only when the project has
    /// one and neither `--tests` nor `.bggen.json` says.
    public var writeRehearsalTests: ((_ target: String) throws -> Bool)?

    public init() {}
}

/// What a run came to before anything is written.
public enum InitOutcome {
    /// The app's own code already covers every chosen task.
    case nothingToAdd(notes: [String])
    case planned(InitPlan)
}

/// A run's plan and everything its report needs: the configuration, the app, the edits to its files, every note
/// (the answers', the run's, the edits' and the plan's), and the next steps to print once written.
public struct InitPlan {
    public let configuration: Configuration
    public let plan: Plan
    public let project: ExistingProject?
    public let edits: ProjectEdits
    public let notes: [String]
    /// Also written to `bggen/NEXT_STEPS.md`.
    public let nextSteps: NextSteps
}
