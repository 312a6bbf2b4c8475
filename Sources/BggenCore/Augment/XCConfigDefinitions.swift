import BggenFormats

/// Where the repository's xcconfigs set the variables a build setting is built from, so a warning about a value
/// that resolves badly names the lines to fix (`MAIN_APP_BUNDLE_IDENTIFIER = com.$(TEAM).acme.Reader` and the
/// empty `TEAM =`), the variable that brings the wrong character, and an optional include that is absent.
enum XCConfigDefinitions {
    /// What the xcconfigs say about one setting.
    struct Trace: Sendable, Equatable {
        /// `file:line` of every assignment of the setting and of each variable it uses, in file order.
        var lines: [String] = []
        /// Each variable it uses with its assignments' values and places, in file order.
        var assignments: [(name: String, value: String, place: String)] = []
        /// `#include?` lines of the files holding those assignments whose file is absent: `(included path, place)`.
        var absentOptionalIncludes: [(path: String, place: String)] = []

        static func == (lhs: Trace, rhs: Trace) -> Bool {
            lhs.lines == rhs.lines && lhs.assignments.map(\.place) == rhs.assignments.map(\.place)
                && lhs.absentOptionalIncludes.map(\.place) == rhs.absentOptionalIncludes.map(\.place)
        }

        /// Why the resolved value is wrong, in the xcconfigs' terms: the variables whose values hold `wrong` (a
        /// placeholder such as `##TEAM_ID##`), the `unresolved` ones nothing sets, and the optional includes that
        /// are absent (a git-ignored `Local.xcconfig` that would set them). Nil when there is nothing to say.
        func cause(wrong: Character?, unresolved: [String]) -> String? {
            var parts: [String] = []
            if let wrong {
                let from = assignments.filter { $0.value.contains(wrong) && XCConfigDefinitions.variables(in: $0.value).isEmpty }
                parts += from.map { "\(RepositoryText.quoted(String(wrong))) comes from \(RepositoryText.bare($0.name)) = \(RepositoryText.bare($0.value.trimmingCharacters(in: .whitespaces))) at \($0.place)" }
            }
            if !unresolved.isEmpty {
                parts.append("nothing in the repository sets \(unresolved.map(RepositoryText.bare).joined(separator: ", "))")
            }
            if !absentOptionalIncludes.isEmpty, !parts.isEmpty {
                let includes = absentOptionalIncludes.map { "\(RepositoryText.bare($0.path)) (#include? at \($0.place))" }
                parts.append("the optional include \(includes.joined(separator: ", ")), which may set it, is absent")
            }
            return parts.isEmpty ? nil : parts.joined(separator: "; ")
        }
    }

    /// The trace of `key`, whose value as written is `setting`. One pass over the xcconfigs, then a walk over what
    /// they assign.
    static func trace(of key: String, written setting: String, root: String, fileSystem: any FileSystem) -> Trace {
        let files = RepositoryWalker.files(root: root, fileSystem: fileSystem) { $0.hasSuffix(".xcconfig") }
        var assignments: [(key: String, value: String, place: String, file: String)] = []
        var optionalIncludes: [(file: String, path: String, place: String)] = []
        for file in files.sorted() {
            guard let text = try? fileSystem.read(PathText.join(root, file)) else { continue }
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                var content = Substring(line)
                if let comment = content.range(of: "//") { content = content[..<comment.lowerBound] }
                let trimmed = content.trimmingCharacters(in: .whitespaces)
                if trimmed.hasPrefix("#include?"), let open = trimmed.firstIndex(of: "\""), let close = trimmed.lastIndex(of: "\""), open < close {
                    let path = PathText.join(PathText.parent(of: file), String(trimmed[trimmed.index(after: open)..<close]))
                    if PathText.leavesRoot(path) || fileSystem.kind(of: PathText.join(root, path)) != .file {
                        optionalIncludes.append((file, path, "\(file):\(index + 1)"))
                    }
                    continue
                }
                guard let equals = content.firstIndex(of: "=") else { continue }
                let key = content[..<equals].split(separator: "[").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
                guard !key.isEmpty, !key.hasPrefix("#") else { continue }
                assignments.append((key, String(content[content.index(after: equals)...]), "\(file):\(index + 1)", file))
            }
        }
        var wanted = [key] + variables(in: setting).filter { $0 != "inherited" }
        var seen = Set<String>()
        var used = Set<Int>()
        while let name = wanted.popLast() {
            guard seen.insert(name).inserted else { continue }
            for (index, assignment) in assignments.enumerated() where assignment.key == name {
                used.insert(index)
                wanted += variables(in: assignment.value)
            }
        }
        let kept = assignments.indices.filter(used.contains).map { assignments[$0] }
        let holding = Set(kept.map(\.file))
        return Trace(lines: kept.map(\.place), assignments: kept.map { ($0.key, $0.value, $0.place) },
                     absentOptionalIncludes: optionalIncludes.filter { holding.contains($0.file) }.map { ($0.path, $0.place) })
    }

    /// The names `$(NAME)`, `${NAME}` and `$(NAME:operator)` in `text`.
    static func variables(in text: String) -> [String] {
        var names: [String] = []
        var rest = Substring(text)
        while let dollar = rest.firstIndex(of: "$") {
            rest = rest[rest.index(after: dollar)...]
            guard let open = rest.first, open == "(" || open == "{" else { continue }
            let body = rest.dropFirst().prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            if !body.isEmpty { names.append(String(body)) }
        }
        return names
    }
}
