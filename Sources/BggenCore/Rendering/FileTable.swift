/// A row of docs/generated-code.md's "What it writes" table, or the rows of the task kinds' files.
enum WrittenFiles: Sendable {
    /// A file no task kind owns, rendered from `template` to `path` (nil: beside the Swift files, named as the
    /// template is) when `when` holds; `placement` says where that is when the project decides.
    case shared(template: String, path: String?, placement: String?, when: WrittenWhen, purpose: String)
    /// A row for each of bggen's files of the kinds BGTaskScheduler runs (`TaskSpec.isScheduledTask`), or of the others.
    case toolFiles(ofScheduledTasks: Bool)
    /// One row for every kind's file of the user's own.
    case userFiles(when: String)

    static func shared(_ template: String, at path: String? = nil, placedIn placement: String? = nil, when: WrittenWhen,
                       _ purpose: String) -> WrittenFiles {
        .shared(template: template, path: path, placement: placement, when: when, purpose: purpose)
    }
}

/// When a file no task kind owns is written: the words its row of the table says it in, and the test the renderer
/// makes, declared together so that what the docs say and what bggen does cannot drift apart.
struct WrittenWhen: Sendable {
    let words: String
    let holds: @Sendable (Configuration) -> Bool

    init(_ words: String, _ holds: @escaping @Sendable (Configuration) -> Bool) {
        self.words = words
        self.holds = holds
    }

    static let always = WrittenWhen("always") { _ in true }
}

extension OutputRenderer {
    /// The "What it writes" table of docs/generated-code.md, made from `writtenFiles`: a kind's file is written
    /// when any of the kinds that list it is chosen, which its row says in `TaskKind`'s order.
    static var fileTable: String {
        "| file | when | owner |\n|---|---|---|\n" + fileTableRows.map(\.line).joined()
    }

    /// The row of the file no task kind owns that `template` renders: where it goes (nil: beside the Swift files)
    /// and when it is written.
    static func sharedFile(_ template: String) -> (path: String?, when: WrittenWhen)? {
        for case .shared(template, let path, _, let when, _) in writtenFiles { return (path, when) }
        return nil
    }

    /// The templates the table names, each of which bggen renders to a file.
    static var tabledTemplates: [String] { fileTableRows.flatMap(\.templates) }

    private static var fileTableRows: [(templates: [String], line: String)] {
        writtenFiles.flatMap { entry -> [(templates: [String], line: String)] in
            switch entry {
            case .shared(let template, let path, let placement, let when, let purpose):
                let file = "`\(path ?? template)`" + (placement.map { " in \($0)" } ?? "")
                return [([template], row(file, when.words, .tool, purpose))]
            case .toolFiles(let scheduled):
                let files = taskFiles.filter { file in
                    file.ownership == .tool && file.kinds.contains { TaskSpec.of($0).isScheduledTask } == scheduled
                }
                return files.map { file in
                    ([file.name], row("`\(file.name)`", ProseList.joined(file.kinds.map(spoken), "or"), .tool, file.purpose))
                }
            case .userFiles(let when):
                let files = taskFiles.filter { $0.ownership == .user }
                return [(files.map(\.name), row(files.map { "`\($0.name)`" }.joined(separator: ", "), when, .user, files.first?.purpose ?? ""))]
            }
        }
    }

    private static func row(_ file: String, _ when: String, _ ownership: Ownership, _ purpose: String) -> String {
        "| \(file) | \(when) | \(ownership == .user ? "**you**" : "bggen"): \(purpose) |\n"
    }

    /// A kind as a sentence names it: `silent push`.
    private static func spoken(_ kind: TaskKind) -> String {
        String(kind.rawValue.map { $0 == "-" ? " " : $0 })
    }
}
