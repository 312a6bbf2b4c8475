@testable import BggenCore
import BggenTestSupport
import Testing

/// The files read to type receiver chains (`Current.sensors.start()`) are bounded: a name more than 8 skipped files
/// hold is not followed, nor the names past 32 files in all, rarest first. A chain left untyped may call any function
/// of its name, so a path through it may be another type's: the finding naming that path says what was not followed.
@Suite("Receiver chain budget")
struct ChainBudgetTests {
    /// `Current` held by 8 files: all are read, `Current.sensors` is a `Sensors`, and `.onAppear`'s `start()` is not
    /// the registering `Screen.start()`.
    @Test func aNameEightFilesHoldIsFollowed() throws {
        #expect(try lateRegistrations(currentHolders: 8, pads: 0) == [])
    }

    /// A 9th file holding `Current`: none of the 9 is read, the chain stays untyped, and the warning says so.
    @Test func aNameNineFilesHoldIsNotFollowedAndTheFindingSaysSo() throws {
        let messages = try lateRegistrations(currentHolders: 9, pads: 0)
        #expect(messages.count == 1)
        #expect(messages.first?.contains("from `.onAppear` at App/ContentView.swift:6 through start() (a call on it may be another type's: doctor did not follow the receiver's 'Current' (9 files that hold it unread: more than the 8 a name may have read))") == true,
                "\(messages)")
    }

    /// 23 rarer names of one file each, `sensors`'s one file and `Current`'s 8: 32 files, all read.
    @Test func thirtyTwoFilesInAllAreRead() throws {
        #expect(try lateRegistrations(currentHolders: 8, pads: 23) == [])
    }

    /// One more rare name: the 24 rarer names and `sensors` take 25 files, and `Current`'s 8 would be the 33rd to
    /// the 40th, so they are not read and the warning says so.
    @Test func theThirtyThirdFileIsNotReadAndTheFindingSaysSo() throws {
        let messages = try lateRegistrations(currentHolders: 8, pads: 24)
        #expect(messages.count == 1)
        #expect(messages.first?.contains("doctor did not follow the receiver's 'Current' (8 files that hold it unread: past the 32 files all receivers may have read))") == true,
                "\(messages)")
    }

    /// Among 300 other skipped files, searched in batches that drop a name once more than 8 files hold it: `Current`'s
    /// 8 files are all found and read wherever they fall.
    @Test func aNameEightOfManyFilesHoldIsFollowed() throws {
        #expect(try lateRegistrations(currentHolders: 8, pads: 0, fillers: 300) == [])
    }

    /// `Current` in 120 of 420 files: the search stops looking for it early, yet the warning counts every file holding
    /// it that was not read.
    @Test func aNameManyFilesHoldIsCountedWhenAFindingNamesIt() throws {
        let messages = try lateRegistrations(currentHolders: 120, pads: 0, fillers: 300)
        #expect(messages.count == 1)
        #expect(messages.first?.contains("doctor did not follow the receiver's 'Current' (120 files that hold it unread: more than the 8 a name may have read))") == true,
                "\(messages)")
    }

    /// The files read for other names are not counted as unread: two pads' files mention `Current` in a comment and are
    /// read for their `pad`, leaving 9 of `Current`'s 11 files unread.
    @Test func theFilesReadForOtherNamesAreNotCountedUnread() throws {
        let messages = try lateRegistrations(currentHolders: 9, pads: 2, padsMentionCurrent: true)
        #expect(messages.count == 1)
        #expect(messages.first?.contains("doctor did not follow the receiver's 'Current' (9 files that hold it unread: more than the 8 a name may have read))") == true,
                "\(messages)")
    }

    /// A name from the repository is quoted and escaped as repository text is, and the count of names said is bounded.
    @Test func theNamesSaidAreEscapedAndBounded() {
        let cut = CodeModel.ChainCut(unread: 1, heldByTooMany: false)
        #expect(cut.described("it's") == "'it\\'s' (1 file that holds it unread: past the 32 files all receivers may have read)")
    }

    /// BG004's messages for an app registering in `Screen.start()` at launch, whose view's `.onAppear` calls
    /// `Current.sensors.start()` and `pad<i>.start()` for each of `pads` globals of type `Pad`, each declared alone in
    /// a file. `Current` is declared in one file and read in `currentHolders - 1` others; `sensors` in one. `fillers`
    /// files hold none of the names; with `padsMentionCurrent`, each pad's file names `Current` in a comment.
    private func lateRegistrations(currentHolders: Int, pads: Int, fillers: Int = 0, padsMentionCurrent: Bool = false) throws -> [String] {
        let calls = (["Current.sensors.start()"] + (0..<pads).map { "pad\($0).start()" }).joined(separator: "; ")
        var repository = DoctorRepository(permitted: ["com.example.app.refresh"], modes: ["fetch"]).launching("Screen().start()")
            .with("App/Screen.swift", """
                import BackgroundTasks

                final class Screen {
                    func start() {
                        BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.app.refresh", using: nil) { task in
                            task.expirationHandler = {}
                            task.setTaskCompleted(success: true)
                        }
                    }
                }

                """)
            .with("App/Environment.swift", "var Current = Environment()\n\nfinal class Environment {}\n")
            .with("App/Environment+Sensors.swift", "extension Environment {\n    var sensors: Sensors { Sensors() }\n}\n")
            .with("App/Sensors.swift", "final class Sensors {\n    func start() {}\n}\n")
            .with("App/Pad.swift", "final class Pad {\n    func start() {}\n}\n")
            .with("App/ContentView.swift", """
                import SwiftUI

                struct ContentView: View {
                    var body: some View {
                        Text("Hello")
                            .onAppear { \(calls) }
                    }
                }

                """)
        for index in 0..<(currentHolders - 1) {
            repository = repository.with("App/Uses/Use\(index).swift", "enum Use\(index) {\n    static func read() -> Any { Current }\n}\n")
        }
        for index in 0..<pads {
            repository = repository.with("App/Pads/Pad\(index).swift", "var pad\(index) = Pad()\n" + (padsMentionCurrent ? "// Not Current.\n" : ""))
        }
        for index in 0..<fillers {
            repository = repository.with("App/Fillers/Filler\(index).swift", "enum Filler\(index) {\n    static let value = \(index)\n}\n")
        }
        let findings = try Doctor(fileSystem: repository.fileSystem).audit(root: DoctorRepository.root).findings
        return findings.filter { $0.rule.id == "BG004" }.map(\.message)
    }
}
