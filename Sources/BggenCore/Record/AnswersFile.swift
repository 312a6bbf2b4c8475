import BggenFormats
import BggenModel
import Foundation

/// Reading and writing `.bggen.json` (see `AnswersFile` in BggenModel).
///
/// Every field is validated as strictly as the matching flag, and unknown fields are errors: a typo in a file
/// a script replays must not be silently ignored.
extension AnswersFile {
    /// The answers recorded for a run, the `--output` folder when one was given, and the files bggen generated.
    public struct Contents: Equatable, Sendable {
        public var answers: Answers
        public var output: String?
        /// The choices about the app that change what is written: `--target`, `--all-targets`, `--spec`, and the
        /// `aps-environment` the app's entitlements kept (the entitlements fragment says it).
        public var app = AppChoices()
        /// Paths relative to the root; the only files a later run may delete. Nil in a record from before bggen
        /// kept this list.
        public var files: [String]?
        /// `"doctor": {…}`, the team's settings for `bggen doctor`, read by doctor (`DoctorSettings`) and kept by
        /// `init` as it was written (`doctorSource`, comments included).
        public var doctor: JSONValue?
        public var doctorSource: String?
        /// The line of each key, by its path (`doctor.excluded`), so an error about a value names its line.
        public var keyLines: [String: Int] = [:]

        public init(answers: Answers, output: String?, app: AppChoices = AppChoices(), files: [String]? = nil) {
            self.answers = answers
            self.output = output
            self.app = app
            self.files = files
        }
    }

    /// `files` are the generated paths (bggen's own and the user's work files), so a later run knows exactly what
    /// it may sweep.
    /// `doctorSource`, the record's `"doctor"` value as written (comments included), is kept, so `bggen init` never
    /// drops what the team told doctor.
    /// Written with sorted keys, one field a line (`files` one path a line), as bggen has always written it, so a
    /// re-run over an earlier bggen's file changes nothing.
    public static func encode(_ configuration: Configuration, output: String?, app: AppChoices = AppChoices(), files: [String],
                              doctorSource: String? = nil) -> String {
        var fields: [String: JSONValue] = ["files": .array(files.sorted().map(JSONValue.string)), "version": .number(1)]
        for spec in AnswerSpecs.all {
            fields[spec.fileKey] = spec.recorded(for: configuration).map(JSONValue.init)
        }
        fields["allTargets"] = app.allTargets ? .bool(true) : nil
        fields["apsEnvironment"] = app.apsEnvironment.map(JSONValue.string)
        fields["output"] = output.map(JSONValue.string)
        fields["platformGuard"] = configuration.guardsPlatform ? .bool(true) : nil
        fields["spec"] = app.spec.map(JSONValue.string)
        fields["target"] = app.target.map(JSONValue.string)
        fields["testFramework"] = app.testFramework.map(JSONValue.string)
        fields["testModule"] = app.testModule.map(JSONValue.string)
        if doctorSource != nil { fields["doctor"] = .null }
        let lines = fields.keys.sorted().map { key in
            let value = fields[key]!
            if key == "doctor", let doctorSource { return "  \"doctor\": \(doctorSource)" }
            guard key == "files", case .array(let paths) = value, !paths.isEmpty else { return "  \(JSONValue.string(key).inline): \(value.inline)" }
            return "  \"files\": [\n" + paths.map { "    \($0.inline)" }.joined(separator: ",\n") + "\n  ]"
        }
        return "{\n" + lines.joined(separator: ",\n") + "\n}\n"
    }

    /// Read strictly (`JSONDocument`: no trailing comma; `//` comments allowed); every error names its line. The
    /// `doctor` settings are doctor's to check (`DoctorSettings`), so the record does not depend on doctor.
    public static func decode(_ text: String, path: String) throws(AnswersFileError) -> Contents {
        let document: JSONDocument
        do {
            document = try JSONDocument(parsing: text)
        } catch {
            throw AnswersFileError(path: path, line: error.line, problem: "it is not valid JSON: \(error.problem)")
        }
        /// An error about the value of `key`, at its line; about the whole file, at its first.
        func fail(_ problem: String, at key: String? = nil) -> AnswersFileError {
            AnswersFileError(path: path, line: key.flatMap { document.keyLines[$0] } ?? 1, problem: problem)
        }
        guard case .object(let dictionary) = document.value else { throw fail("it must hold one JSON object") }
        let fields = Dictionary(uniqueKeysWithValues: AnswerSpecs.all.map { ($0.fileKey, $0) })
        let known = Set(fields.keys).union(["doctor", "files", "output", "version"]).union(AppChoices.keys)
        if let unknown = dictionary.keys.sorted().first(where: { !known.contains($0) }) {
            throw fail("'\(unknown)' is not a known answer (known: \(known.sorted().joined(separator: ", ")))", at: unknown)
        }
        if let version = dictionary["version"], version != .number(1) {
            throw fail("'version' must be 1", at: "version")
        }
        var contents = Contents(answers: Answers(), output: nil)
        contents.keyLines = document.keyLines
        for key in dictionary.keys.sorted() {
            guard let spec = fields[key], let value = dictionary[key] else { continue }
            func wrong(_ problem: String) -> AnswersFileError { fail(problem, at: key) }
            do {
                switch value {
                case .array(let items) where spec.isList:
                    let names = items.compactMap(\.string)
                    guard names.count == items.count, !names.contains(where: { $0.contains(",") }) else { throw wrong(listProblem(spec)) }
                    try spec.set(names.joined(separator: ","), in: &contents.answers)
                case _ where spec.isList:
                    throw wrong(listProblem(spec))
                case .bool(let flag) where spec.isToggle:
                    spec.set(flag, in: &contents.answers)
                case _ where spec.isToggle:
                    throw wrong("'\(key)' must be true or false")
                case .string(let text) where !text.isEmpty || spec.name != AnswerSpecs.prefix.name:
                    try spec.set(text, in: &contents.answers)
                default:
                    throw wrong("'\(key)' must be a string such as \"\(spec.example)\"")
                }
            } catch let error as AnswersFileError {
                throw error
            } catch let error as ConfigurationError {
                throw wrong(error.description)
            } catch {
                throw wrong("\(error)")
            }
        }
        if let value = dictionary["files"] {
            guard let paths = value.array?.compactMap(\.string), paths.count == value.array?.count, paths.allSatisfy(isPlainRelativePath) else {
                throw fail("'files' must list paths inside the project, such as \"BackgroundProcessing/BackgroundTaskManager.swift\"", at: "files")
            }
            contents.files = paths
        }
        contents.doctor = dictionary["doctor"]
        contents.doctorSource = document.memberSources["doctor"]
        contents.app = try AppChoices(dictionary) { problem, key in fail(problem, at: key) }
        if let value = dictionary["platformGuard"] {
            guard case .bool(let guarded) = value else { throw fail("'platformGuard' must be true or false", at: "platformGuard") }
            contents.answers.guardsPlatform = guarded ? true : nil
        }
        if let value = dictionary["output"] {
            guard let text = value.string, !text.isEmpty else { throw fail("'output' must be a folder path", at: "output") }
            contents.output = text
        }
        return contents
    }

    /// What a list answer (`tasks`) that is not a list of names is told.
    private static func listProblem(_ spec: AnyAnswerSpec) -> String {
        let example = spec.example.split(separator: ",").map { "\"\($0)\"" }.joined(separator: ", ")
        return "'\(spec.fileKey)' must be a list of task names, one per string, such as [\(example)]"
    }

    /// A path bggen could have written: relative, no `..`, no empty part, no control character. A cloned
    /// repository's record must not be able to point a deletion anywhere else.
    private static func isPlainRelativePath(_ path: String) -> Bool {
        !path.isEmpty && !path.hasPrefix("/") && !path.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
            && path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." }
    }
}

/// What a run chose about the app rather than the code, replayed by `bggen init --yes` like the answers.
public struct AppChoices: Equatable, Sendable {
    /// `--target`: with several app targets, a replay without it would stop and ask.
    public var target: String?
    /// `--all-targets`.
    public var allTargets = false
    /// `--spec`.
    public var spec: String?
    /// The `aps-environment` the app's entitlements kept, which the entitlements fragment repeats; nil for bggen's.
    public var apsEnvironment: String?
    /// The app module the rehearsal tests (`--tests`) import, as the run found it: the app target's, or the
    /// folder's name. Recorded so the file renders again the same (doctor's template-age check).
    public var testModule: String?
    /// `swift-testing` when the rehearsal tests were written for Swift Testing (the test target imports `Testing`);
    /// nil for XCTest. Recorded for the same reason as `testModule`.
    public var testFramework: String?
    public static let swiftTesting = "swift-testing"

    public init(target: String? = nil, allTargets: Bool = false, spec: String? = nil, apsEnvironment: String? = nil,
                testModule: String? = nil, testFramework: String? = nil) {
        self.testModule = testModule
        self.testFramework = testFramework
        self.target = target
        self.allTargets = allTargets
        self.spec = spec
        self.apsEnvironment = apsEnvironment
    }

    /// The `.bggen.json` keys these choices and the platform guard use.
    static let keys: Set<String> = ["target", "allTargets", "spec", "apsEnvironment", "platformGuard", "testModule", "testFramework"]

    /// Read as strictly as the flags: a name, a relative path, a value of `aps-environment`.
    /// `fail` makes the error about the value of a key (problem, key).
    init(_ fields: [String: JSONValue], fail: (String, String) -> AnswersFileError) throws(AnswersFileError) {
        func text(_ key: String, example: String) throws(AnswersFileError) -> String? {
            guard let value = fields[key] else { return nil }
            guard let text = value.string, !text.isEmpty, !text.unicodeScalars.contains(where: { $0.value < 0x20 }) else {
                throw fail("'\(key)' must be a string such as \"\(example)\"", key)
            }
            return text
        }
        target = try text("target", example: "Reader")
        spec = try text("spec", example: "project.yml")
        if let spec, spec.hasPrefix("/") || spec.split(separator: "/").contains("..") {
            throw fail("'spec' must be a path inside the project, such as \"project.yml\"", "spec")
        }
        apsEnvironment = try text("apsEnvironment", example: "production")
        if let apsEnvironment, !["development", "production"].contains(apsEnvironment) {
            throw fail("'apsEnvironment' must be \"development\" or \"production\"", "apsEnvironment")
        }
        testModule = try text("testModule", example: OutputRenderer.defaultAppModule)
        if let testModule, OutputRenderer.moduleName(forTarget: testModule) != testModule {
            throw fail("'testModule' must be a Swift module name such as \"\(OutputRenderer.defaultAppModule)\"", "testModule")
        }
        testFramework = try text("testFramework", example: Self.swiftTesting)
        if let testFramework, testFramework != Self.swiftTesting {
            throw fail("'testFramework' must be \"\(Self.swiftTesting)\" (or absent, for XCTest)", "testFramework")
        }
        if let value = fields["allTargets"] {
            guard case .bool(let all) = value else { throw fail("'allTargets' must be true or false", "allTargets") }
            allTargets = all
        }
    }
}

/// An answers file that cannot be used. Named with its path so the user knows which file to fix.
public struct AnswersFileError: Error, Equatable, Sendable, CustomStringConvertible {
    public let path: String
    /// The line the problem is on, when it is about one value or a syntax error.
    public let line: Int?
    public let problem: String

    public init(path: String, line: Int? = nil, problem: String) {
        self.path = path
        self.line = line
        self.problem = problem
    }

    public var description: String {
        "\(path)\(line.map { " line \($0)" } ?? "") cannot be used: \(problem); fix it or delete it."
    }
}

extension JSONValue {
    /// An answer as `.bggen.json` holds it (and `init --json` reports it).
    package init(_ answer: RecordedAnswer) {
        switch answer {
        case .text(let text): self = .string(text)
        case .flag(let flag): self = .bool(flag)
        case .list(let items): self = .array(items.map(JSONValue.string))
        }
    }
}
