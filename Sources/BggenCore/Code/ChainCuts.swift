import BggenFormats
import Foundation

/// The names receiver chains need that `CodeModel.readChainDeclarations`'s budget left unread, each with how many
/// skipped files holding it were not read and why (`CodeModel.ChainCut`), as `LaunchReach.unfollowed(on:to:)` asks
/// for them. A name more than `CodeModel.mostDeclaringFiles` skipped files hold is read in none, and the search for
/// the chains' names stops looking for it once that many hold it: its files are counted only when a finding names
/// it, among the files left unread, whose bytes are kept for that. On home-assistant-iOS, finding every one of
/// `Current`'s 590 files, `info`'s 312 and `api`'s 139 was most of a search that took a seventh of doctor's
/// instructions, and no finding names them.
final class ChainCuts: @unchecked Sendable {
    /// The cuts known: of the names read in some files, and of those counted since.
    private var counted: [String: CodeModel.ChainCut]
    /// The names held by more files than a name may have read, not counted yet.
    private var uncounted: Set<String>
    /// The bytes of the Swift files the chains' reading left unread, while a name is uncounted.
    private var unread: [FramedBytes]
    private let lock = NSLock()

    init(counted: [String: CodeModel.ChainCut] = [:], uncounted: Set<String> = [], unread: [FramedBytes] = []) {
        self.counted = counted
        self.uncounted = uncounted
        self.unread = uncounted.isEmpty ? [] : unread
    }

    /// Whether no name was cut.
    var isEmpty: Bool {
        lock.withLock { counted.isEmpty && uncounted.isEmpty }
    }

    /// How `name` was cut, or nil where the budget read every skipped file holding it (or no such file holds it).
    func cut(of name: String) -> CodeModel.ChainCut? {
        lock.withLock {
            if let known = counted[name] { return known }
            guard uncounted.remove(name) != nil else { return nil }
            let needles = WordNeedles([Array(name.utf8)])
            let holding = unread.count { !ByteSearch.wholeWords(of: needles, in: $0, stopsAtFirst: true).isEmpty }
            if uncounted.isEmpty { unread = [] }
            guard holding > 0 else { return nil }
            let cut = CodeModel.ChainCut(unread: holding, heldByTooMany: true)
            counted[name] = cut
            return cut
        }
    }
}
