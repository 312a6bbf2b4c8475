import BggenFormats

/// Where the repository's xcconfigs set the variables a build setting is built from, so a warning about a value
/// that resolves badly names the lines to fix (`MAIN_APP_BUNDLE_IDENTIFIER = com.$(TEAM).acme.Reader` and the
/// empty `TEAM =`).
enum XCConfigDefinitions {
    /// `file:line` of every assignment of `key` and of each variable `setting` (its value as written) uses, followed through the values assigned, in
    /// file order. One pass over the xcconfigs, then a walk over what they assign.
    static func lines(of key: String, written setting: String, root: String, fileSystem: any FileSystem) -> [String] {
        let files = RepositoryWalker.files(root: root, fileSystem: fileSystem) { $0.hasSuffix(".xcconfig") }
        var assignments: [(key: String, value: String, place: String)] = []
        for file in files.sorted() {
            guard let text = try? fileSystem.read(PathText.join(root, file)) else { continue }
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                var content = Substring(line)
                if let comment = content.range(of: "//") { content = content[..<comment.lowerBound] }
                guard let equals = content.firstIndex(of: "=") else { continue }
                let key = content[..<equals].split(separator: "[").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
                guard !key.isEmpty, !key.hasPrefix("#") else { continue }
                assignments.append((key, String(content[content.index(after: equals)...]), "\(file):\(index + 1)"))
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
        return assignments.indices.filter(used.contains).map { assignments[$0].place }
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
