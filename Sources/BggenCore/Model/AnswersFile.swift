import Foundation

/// `.bggen.json` in the project root: the answers of the last run, so a later run offers them as defaults and
/// `bggen init --yes` replays them exactly.
///
/// Every field is validated as strictly as the matching flag, and unknown fields are errors: a typo in a file
/// a script replays must not be silently ignored.
public enum AnswersFile {
    public static let name = ".bggen.json"

    /// The answers recorded for a run, the `--output` folder when one was given, and the files bggen generated.
    public struct Contents: Equatable, Sendable {
        public var answers: Answers
        public var output: String?
        /// Paths relative to the root; the only files a later run may delete. Nil in a record from before bggen
        /// kept this list.
        public var files: [String]?
        /// `"doctor": {"disabled": ["BG002"]}`: rules `bggen doctor` skips in this repository.
        public var disabledRules: [String]

        public init(answers: Answers, output: String?, files: [String]? = nil, disabledRules: [String] = []) {
            self.answers = answers
            self.output = output
            self.files = files
            self.disabledRules = disabledRules
        }
    }

    /// `files` are the generated paths (bggen's own and the user's work files), so a later run knows exactly what
    /// it may sweep.
    /// `disabledRules` are kept from the record, so `bggen init` never drops what doctor was told to skip.
    public static func encode(_ configuration: Configuration, output: String?, files: [String], disabledRules: [String] = []) -> String {
        var lines = [
            "  \"bundleId\": \"\(configuration.bundleIdentifier)\"",
        ]
        if let at = configuration.nightlyAt {
            lines.insert("  \"at\": \"\(at)\"", at: 0)
        }
        if configuration.checkpoint {
            lines.append("  \"checkpoint\": true")
        }
        if !disabledRules.isEmpty {
            lines.append("  \"doctor\": {\"disabled\": [\(disabledRules.map { "\"\($0)\"" }.joined(separator: ", "))]}")
        }
        lines.append("  \"files\": [\n" + files.sorted().map { "    \(jsonString($0))" }.joined(separator: ",\n") + "\n  ]")
        if configuration.gpu {
            lines.append("  \"gpu\": true")
        }
        lines += [
            "  \"interval\": \"\(configuration.interval)\"",
            "  \"ios\": \"\(configuration.deploymentTarget)\"",
            "  \"network\": \(configuration.requiresNetwork)",
        ]
        if configuration.objectiveC {
            lines.append("  \"objc\": true")
        }
        if let output {
            lines.append("  \"output\": \(jsonString(output))")
        }
        lines.append("  \"power\": \(configuration.requiresPower)")
        if !configuration.typePrefix.isEmpty {
            lines.append("  \"prefix\": \"\(configuration.typePrefix)\"")
        }
        if configuration.includes(.continuedProcessing) {
            lines.append("  \"strategy\": \"\(configuration.strategy.rawValue)\"")
        }
        lines.append("  \"style\": \"\(configuration.style.rawValue)\"")
        lines.append("  \"tasks\": [\(configuration.tasks.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))]")
        lines.append("  \"version\": 1")
        return "{\n" + lines.joined(separator: ",\n") + "\n}\n"
    }

    public static func decode(_ text: String, path: String) throws(AnswersFileError) -> Contents {
        func fail(_ problem: String) -> AnswersFileError { AnswersFileError(path: path, problem: problem) }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        } catch {
            throw fail("it is not valid JSON")
        }
        guard let dictionary = object as? [String: Any] else { throw fail("it must hold one JSON object") }
        let known: Set<String> = [
            "at", "bundleId", "checkpoint", "doctor", "files", "gpu", "interval", "ios", "network", "objc", "output", "power", "prefix",
            "strategy", "style", "tasks",
            "version",
        ]
        if let unknown = dictionary.keys.sorted().first(where: { !known.contains($0) }) {
            throw fail("'\(unknown)' is not a known answer (known: \(known.sorted().joined(separator: ", ")))")
        }
        // `true` bridges to the number 1 through NSNumber; only a JSON number counts.
        if let version = dictionary["version"], !isNumber(version) || (version as? Int) != 1 {
            throw fail("'version' must be 1")
        }
        var contents = Contents(answers: Answers(), output: nil)
        do {
            if let value = dictionary["tasks"] {
                guard let names = value as? [String], !names.contains(where: { $0.contains(",") }) else {
                    throw fail("'tasks' must be a list of task names, one per string, such as [\"refresh\", \"processing\"]")
                }
                contents.answers.tasks = try TaskKind.parseList(names.joined(separator: ","))
            }
            if let value = dictionary["interval"] {
                guard let text = value as? String else { throw fail("'interval' must be a string such as \"few-hours\"") }
                contents.answers.interval = try Interval.parse(text)
            }
            if let value = dictionary["bundleId"] {
                guard let text = value as? String else { throw fail("'bundleId' must be a string") }
                contents.answers.bundleIdentifier = try BundleIdentifier(text).description
            }
            if let value = dictionary["at"] {
                guard let text = value as? String else { throw fail("'at' must be a string such as \"02:30\"") }
                contents.answers.nightlyAt = try NightlyStart(text)
            }
            if let value = dictionary["strategy"] {
                guard let text = value as? String else { throw fail("'strategy' must be \"queue\" or \"fail\"") }
                contents.answers.strategy = try ContinuedStrategy.parse(text)
            }
            if let value = dictionary["style"] {
                guard let text = value as? String else { throw fail("'style' must be \"app-delegate\" or \"swiftui\"") }
                contents.answers.style = try AppStyle.parse(text)
            }
            if let value = dictionary["prefix"] {
                guard let text = value as? String, !text.isEmpty else { throw fail("'prefix' must be a string such as \"Acme\"") }
                contents.answers.typePrefix = try Configuration.validatedTypePrefix(text)
            }
            if let value = dictionary["ios"] {
                guard let text = value as? String else { throw fail("'ios' must be a string such as \"16.0\"") }
                contents.answers.deploymentTarget = try DeploymentTarget(text).description
            }
        } catch let error as ConfigurationError {
            throw fail(error.description)
        } catch let error as AnswersFileError {
            throw error
        } catch {
            throw fail("\(error)")
        }
        for key in ["checkpoint", "gpu", "network", "objc", "power"] {
            guard let value = dictionary[key] else { continue }
            // JSON numbers bridge to Bool on some platforms; only a real `true`/`false` counts.
            guard !isNumber(value), let flag = value as? Bool else {
                throw fail("'\(key)' must be true or false")
            }
            switch key {
            case "checkpoint": contents.answers.checkpoint = flag
            case "gpu": contents.answers.gpu = flag
            case "network": contents.answers.requiresNetwork = flag
            case "objc": contents.answers.objectiveC = flag
            default: contents.answers.requiresPower = flag
            }
        }
        if let value = dictionary["files"] {
            guard let paths = value as? [String], paths.allSatisfy(isPlainRelativePath) else {
                throw fail("'files' must list paths inside the project, such as \"BackgroundProcessing/BackgroundTaskManager.swift\"")
            }
            contents.files = paths
        }
        if let value = dictionary["doctor"] {
            guard let doctor = value as? [String: Any], Set(doctor.keys).isSubset(of: ["disabled"]),
                  let disabled = doctor["disabled"] as? [String] else {
                throw fail("'doctor' must be an object such as {\"disabled\": [\"BG002\"]}")
            }
            if let unknown = disabled.first(where: { DoctorRule.named($0) == nil }) {
                throw fail("'doctor.disabled' lists '\(unknown)', which is not a doctor rule (rules: \(DoctorRule.all.map(\.id).joined(separator: ", ")))")
            }
            contents.disabledRules = disabled
        }
        if let value = dictionary["output"] {
            guard let text = value as? String, !text.isEmpty else { throw fail("'output' must be a folder path") }
            contents.output = text
        }
        return contents
    }

    /// A path bggen could have written: relative, no `..`, no empty part, no control character. A cloned
    /// repository's record must not be able to point a deletion anywhere else.
    private static func isPlainRelativePath(_ path: String) -> Bool {
        !path.isEmpty && !path.hasPrefix("/") && !path.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
            && path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." }
    }

    /// Whether a decoded JSON value is a number rather than `true`/`false`. Both arrive as NSNumber and cast to
    /// Int and Bool alike; only a boolean's Objective-C type is "c" (char), on Darwin and Linux.
    private static func isNumber(_ value: Any) -> Bool {
        guard let number = value as? NSNumber else { return false }
        return String(cString: number.objCType) != "c"
    }

    private static func jsonString(_ text: String) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: [text], options: [.withoutEscapingSlashes])) ?? Data("[\"\"]".utf8)
        return String(decoding: data, as: UTF8.self).dropFirst().dropLast().description
    }
}

/// An answers file that cannot be used. Named with its path so the user knows which file to fix.
public struct AnswersFileError: Error, Equatable, Sendable, CustomStringConvertible {
    public let path: String
    public let problem: String

    public var description: String {
        "\(path) cannot be used: \(problem); fix it or delete it."
    }
}
