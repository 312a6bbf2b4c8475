import BggenFormats

/// An answer that cannot be used. The CLI reports it as a usage error (exit 64) before anything is planned or written.
public enum ConfigurationError: Error, Equatable, Sendable, CustomStringConvertible {
    case emptyTaskList
    case unknownTask(String)
    case invalidInterval(String)
    case intervalTooShort(String)
    case refreshWithOnPush
    case invalidBundleIdentifier(String)
    case invalidDeploymentTarget(String)
    case deploymentTargetTooOld(String)
    case deploymentTargetTooNew(String)
    /// An answer about one task (`--network`, `--gpu`) given without that task.
    case optionWithoutTask(flag: String, task: TaskKind)
    case invalidTimeOfDay(String)
    case invalidStrategy(String)
    case invalidStyle(String)
    case swiftUIRequiresIOS14(String)
    case invalidTypePrefix(String)
    case objectiveCWithSwiftUI
    /// A feature whose printed call sites cannot yet be guarded for an app deploying below iOS 13.
    case needsIOS13(feature: String, version: String)
    /// The answers `.bggen.json` recorded (shown as `file`) clash with the flags given, which alone would fit.
    /// No terminal to ask on, no `--yes`, and these flags not given.
    case answersMissing(flags: [String])
    /// `--bundle-id` or `--ios` given as something else than the project says, where no one confirms the plan.
    case contradictsProject(flag: String, given: String, project: String, what: String, target: String, file: String)
    /// Not an answer that takes a value (a scenario's typo, or a true-or-false field given text).
    case notAValue(flag: String)
    indirect case doesNotFitRecordedAnswers(file: String, problem: ConfigurationError)
    /// Several answers that do not fit, all found in one pass so the user fixes them in one go; never fewer than two.
    indirect case conflicts([ConfigurationError])

    /// `problems` as one error: nil for none, the problem itself for one.
    public init?(all problems: [ConfigurationError]) {
        switch problems.count {
        case 0: return nil
        case 1: self = problems[0]
        default: self = .conflicts(problems)
        }
    }

    /// Each problem on its own: the conflicts one by one, or this error alone.
    public var problems: [ConfigurationError] {
        if case .conflicts(let all) = self { return all }
        return [self]
    }

    /// A feature the deployment target is too old for, which a project's own target may explain.
    public var isNeedsIOS13: Bool {
        if case .needsIOS13 = self { return true }
        return false
    }

    /// One line a problem, as the command line prints them; a problem with recorded answers says so on each.
    public var lines: [String] {
        switch self {
        case .conflicts(let all): all.flatMap(\.lines)
        case .doesNotFitRecordedAnswers(let file, .conflicts(let all)):
            all.flatMap { ConfigurationError.doesNotFitRecordedAnswers(file: file, problem: $0).lines }
        default: [sentence]
        }
    }

    /// Every problem, one line each.
    public var description: String { lines.joined(separator: "\n") }

    /// One sentence: what was wrong, then how to fix it. Every value in it was typed by someone: on the command
    /// line, or in a repository's `.bggen.json` (the cloned repository's words), so each goes through
    /// `RepositoryText`: bounded, its quotes and hidden characters escaped; a value shown bare (a version, a flag)
    /// is quoted when it is not a plain name, so a sentence in it reads as a value.
    private var sentence: String {
        let quoted = RepositoryText.quoted, bare = RepositoryText.name
        let tasks = TaskKind.allCases.map(\.rawValue).joined(separator: ", ")
        switch self {
        case .emptyTaskList:
            return "--tasks is empty; pass one or more of \(tasks), separated by commas."
        case .unknownTask(let name):
            return "unknown task \(quoted(name)); choose from \(tasks)."
        case .invalidInterval(let text):
            return "\(quoted(text)) is not an interval; use \(Interval.keywords.joined(separator: ", ")) or a duration such as 30m, 6h or 1d."
        case .intervalTooShort(let text):
            return "interval \(quoted(text)) is shorter than 15 minutes, the least iOS honours for an app refresh; use 15m or more."
        case .refreshWithOnPush:
            return "--interval on-push means no periodic refresh, so it cannot be combined with the refresh task; drop refresh from --tasks or choose another interval."
        case .invalidBundleIdentifier(let text):
            return "\(quoted(text)) is not a valid bundle identifier; use a reverse-DNS name of letters, digits and hyphens, such as com.example.app."
        case .invalidDeploymentTarget(let text):
            return "\(quoted(text)) is not an iOS deployment target; pass a major and minor version such as 16.0 (deployment targets have no bug-fix part)."
        case .deploymentTargetTooNew(let text):
            return "iOS \(bare(text)) is newer than iOS \(DeploymentTarget.newestMajor), the newest SDK bggen knows; pass a released version such as 18.0."
        case .deploymentTargetTooOld(let text):
            return "iOS \(bare(text)) is older than iOS \(DeploymentTarget.minimum), the oldest deployment target Xcode builds for; pass --ios \(DeploymentTarget.minimum) or later."
        case .needsIOS13(let feature, let version):
            return "\(feature) needs iOS 13.0 in code bggen generates, but the deployment target is iOS \(bare(version)); pass --ios 13.0 or later, or generate the other tasks without it."
        case .swiftUIRequiresIOS14(let version):
            return "a SwiftUI App needs iOS 14 or later, but the deployment target is \(bare(version)); pass --ios 14.0 or later, or --style app-delegate."
        case .invalidStyle(let text):
            return "\(quoted(text)) is not an app style; use app-delegate (a UIKit app delegate) or swiftui (a SwiftUI App)."
        case .invalidStrategy(let text):
            return "\(quoted(text)) is not a strategy; use queue (wait for the system) or fail (refuse at once so the app can tell the user)."
        case .objectiveCWithSwiftUI:
            return "--objc is for an Objective-C app delegate, but the style is swiftui; drop --objc or pass --style app-delegate."
        case .invalidTypePrefix(let text):
            return "\(quoted(text)) is not a type prefix; use an uppercase letter followed by up to 15 letters or digits, such as Acme."
        case .invalidTimeOfDay(let text):
            return "\(quoted(text)) is not a time of day; pass a 24-hour local time such as 02:30."
        case .contradictsProject(let flag, let given, let project, let what, let target, let file):
            return "\(flag) \(bare(given)) contradicts the project: \(RepositoryText.name(target))'s \(what) is \(bare(project)) (\(RepositoryText.bare(file))). Leave \(flag) out to take the project's, or run bggen init on a terminal, which shows the plan before writing it."
        case .answersMissing(let flags):
            return "bggen init needs answers it cannot ask for without a terminal: pass --yes to take the defaults (or the answers recorded in \(AnswersFile.name)), or give \(flags.joined(separator: ", "))."
        case .notAValue(let flag):
            return "\(bare(flag)) is not an answer that takes a value; see --help for the answers and their values."
        case .doesNotFitRecordedAnswers(let file, let problem):
            return "the answers recorded in \(RepositoryText.bare(file)) do not fit together with the flags given: \(problem.description) Fix or delete \(RepositoryText.bare(file)), or pass flags that override it."
        case .optionWithoutTask(let flag, let task):
            return "\(flag) applies only to the \(task.rawValue) task; add \(task.rawValue) to --tasks or drop \(flag)."
        case .conflicts:
            return description
        }
    }
}
