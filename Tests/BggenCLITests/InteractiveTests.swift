import BggenCore
import BggenTestSupport
import Foundation
import Testing

/// The real binary on a pseudo-terminal, answered key by key.
@Suite("Interactive questions", .serialized)
struct InteractiveTests {
    @Test func arrowKeysSpaceAndEnterPickTasksAndWriteTheSameFilesAsFlags() throws {
        let folder = try TemporaryDirectory()
        let session = try PseudoTerminal(arguments: ["init", "typed"], directory: folder.url)
        try session.expect("What background work do you need?")
        try session.expect("silent push: server-triggered content updates")
        // refresh and processing start selected: drop processing, add downloads.
        session.send(PseudoTerminal.down)
        session.type(" ")
        session.send(PseudoTerminal.down)
        session.type(" ")
        session.type("\r")
        try session.expect("→ refresh, downloads")
        try session.expect("How often should it run?")
        session.send(PseudoTerminal.down)
        session.type("\r")
        try session.expect("→ daily")
        try session.expect("How does your app start?")
        session.type("\r")
        try session.expect("Bundle identifier prefix [com.example.app]: ")
        session.type("com.acme\"; exit(1); \"\n")
        try session.expect("is not a valid bundle identifier")
        try session.expect("Bundle identifier prefix [com.example.app]: ")
        session.type("com.acme.news\n")
        try session.expect("Lowest iOS version the app runs on (deployment target) [16.0]: ")
        session.type("\n")
        try session.expect("BackgroundProcessing/BackgroundDownloadManager.swift")
        try session.expect("com.acme.news.background-downloads")
        try session.expect("Write these files? [Y/n]")
        session.type("\n")
        #expect(session.waitForExit() == 0, "\(session.transcript)")

        let flags = try BinaryRunner.run(
            ["init", "flagged", "--tasks", "refresh,downloads", "--interval", "daily", "--bundle-id", "com.acme.news"], in: folder.url,
            environment: [:]
        )
        #expect(flags.status == 64, "without a terminal, --ios is still missing")
        let withIOS = try BinaryRunner.run(
            ["init", "flagged", "--tasks", "refresh,downloads", "--interval", "daily", "--bundle-id", "com.acme.news", "--ios", "16.0"],
            in: folder.url
        )
        #expect(withIOS.status == 0, "\(withIOS.stderr)")
        let all = try folder.files()
        let typed = all.filter { $0.key.hasPrefix("typed/") }.reduce(into: [:]) { $0[String($1.key.dropFirst(6))] = $1.value }
        let flagged = all.filter { $0.key.hasPrefix("flagged/") }.reduce(into: [:]) { $0[String($1.key.dropFirst(8))] = $1.value }
        #expect(!typed.isEmpty)
        #expect(typed == flagged, "typed answers and flags must give byte-identical files")
    }

    /// Flavours sharing the app's folder: a person is asked whether their Info.plists get the keys too.
    @Test func theOtherTargetsSharingTheFolderAreOfferedOnATerminal() throws {
        let repo = try Fixtures.copy("TypeNameClash")
        let original = try repo.files()
        let session = try PseudoTerminal(arguments: ["init", "--target", "Kite", "--tasks", "refresh", "--interval", "daily",
                                                     "--bundle-id", "com.kiteapp.Kite", "--ios", "17.0", "--style", "app-delegate"],
                                         directory: repo.url, environment: ["TERM": "dumb"])
        try session.expect("KiteBeta also compile Kite/BackgroundProcessing. Add the keys to their Info.plists too? [Y/n]")
        session.type("\n")
        try session.expect("Write these files? [Y/n]")
        session.type("\n")
        #expect(session.waitForExit() == 0, "\(session.transcript)")
        let files = try repo.files()
        #expect(files["Config/KiteBeta-Info.plist"] != original["Config/KiteBeta-Info.plist"])
        #expect(files["Config/KiteBeta-Info.plist"]?.contains("<string>com.kiteapp.Kite.refresh</string>") == true)
    }

    @Test func numberedChoicesWhenTheTerminalIsDumbAndWrongAnswersAreAskedAgain() throws {
        let folder = try TemporaryDirectory()
        let session = try PseudoTerminal(arguments: ["init", "--bundle-id", "org.sample.photos"], directory: folder.url, environment: ["TERM": "dumb"])
        try session.expect("What background work do you need? Pick one or more, separated by commas.")
        try session.expect("Choice [1,2]: ")
        session.type("2,7\n")
        try session.expect("'7' is not one of 1-6.")
        try session.expect("Choice [1,2]: ")
        session.type("2, 5\n")
        try session.expect("→ processing, silent-push")
        try session.expect("Choice [2]: ")
        session.type("\n")
        try session.expect("Does the processing task need network access? [y/N] ")
        session.type("maybe\n")
        try session.expect("Answer y or n.")
        session.type("yes\n")
        try session.expect("Should it run only on external power? [y/N] ")
        session.type("y\n")
        try session.expect("save its progress and resume from it next time? [y/N] ")
        session.type("\n")
        try session.expect("Start processing at a fixed local time each night (HH:MM, or none) [none]: ")
        session.type("25:61\n")
        try session.expect("'25:61' is not a time of day")
        session.type("01:45\n")
        try session.expect("How does your app start?")
        try session.expect("Choice [1]: ")
        session.type("2\n")
        try session.expect("Lowest iOS version the app runs on (deployment target) [16.0]: ")
        session.type("17.0\n")
        try session.expect("Write these files? [Y/n] ")
        session.type("y\n")
        #expect(session.waitForExit() == 0, "\(session.transcript)")
        #expect(!session.transcript.contains("Bundle identifier prefix"), "a flag that was given is not asked again")
        let recorded = try AnswersFile.decode(try String(contentsOf: folder.url.appendingPathComponent(".bggen.json"), encoding: .utf8), path: ".bggen.json")
        #expect(recorded.answers.tasks == [.processing, .silentPush])
        #expect(recorded.answers[AnswerSpecs.network] == true && recorded.answers[AnswerSpecs.power] == true)
        #expect(recorded.answers[AnswerSpecs.bundleID]?.description == "org.sample.photos")
        #expect(recorded.answers[AnswerSpecs.ios]?.description == "17.0", "the deployment target is asked, not recorded silently")
        #expect(recorded.answers[AnswerSpecs.at] == .at(try TimeOfDay("01:45")))
        #expect(recorded.answers[AnswerSpecs.checkpoint] == nil, "a declined checkpoint is not recorded")
        #expect(recorded.answers[AnswerSpecs.style] == .swiftUI)
    }

    @Test func controlCInAKeyPromptExits130RestoresTheTerminalAndWritesNothing() throws {
        let folder = try TemporaryDirectory()
        let session = try PseudoTerminal(arguments: ["init"], directory: folder.url)
        try session.expect("What background work do you need?")
        session.send(PseudoTerminal.controlC)
        #expect(session.waitForExit() == 130)
        #expect(session.transcript.contains("error: interrupted; nothing was written."))
        #expect(session.settings() == session.settingsAtStart, "the terminal mode is restored")
        #expect(try folder.files().isEmpty)
    }

    @Test func interruptInALinePromptExits130AndWritesNothing() throws {
        let folder = try TemporaryDirectory()
        let session = try PseudoTerminal(arguments: ["init", "--tasks", "refresh", "--interval", "daily", "--style", "swiftui"], directory: folder.url)
        try session.expect("Bundle identifier prefix")
        // What the line discipline sends the foreground process on Ctrl-C.
        kill(session.process.processIdentifier, SIGINT)
        #expect(session.waitForExit() == 130)
        // The line raw mode prints too, on a line of its own, so the shell's prompt does not follow the question.
        #expect(session.transcript.contains("\nerror: interrupted; nothing was written."), "\(session.transcript)")
        #expect(try folder.files().isEmpty)
    }

    @Test func endOfInputExits1AndWritesNothing() throws {
        let folder = try TemporaryDirectory()
        let session = try PseudoTerminal(arguments: ["init", "--tasks", "refresh", "--interval", "daily", "--style", "app-delegate"], directory: folder.url)
        try session.expect("Bundle identifier prefix")
        session.send(PseudoTerminal.controlD)
        #expect(session.waitForExit() == 1)
        #expect(session.transcript.contains("nothing was written"))
        #expect(try folder.files().isEmpty)
    }

    @Test func onlyTheQuestionsTheChosenTasksUseAreAsked() throws {
        let folder = try TemporaryDirectory()
        let session = try PseudoTerminal(
            arguments: ["init", "--tasks", "silent-push", "--bundle-id", "com.acme.app", "--style", "app-delegate", "--ios", "17.0"],
            directory: folder.url
        )
        try session.expect("Write these files? [Y/n] ")
        session.type("y\n")
        #expect(session.waitForExit() == 0, "\(session.transcript)")
        #expect(!session.transcript.contains("How often should it run?"), "silent push alone has no interval")
        #expect(!session.transcript.contains("Identifiers:"), "no empty heading")
    }

    @Test func decliningTheConfirmationWritesNothing() throws {
        let folder = try TemporaryDirectory()
        let session = try PseudoTerminal(
            arguments: ["init", "--tasks", "refresh", "--interval", "daily", "--bundle-id", "com.acme.app", "--style", "app-delegate"],
            directory: folder.url
        )
        try session.expect("Lowest iOS version the app runs on (deployment target) [16.0]: ")
        session.type("\n")
        try session.expect("Write these files? [Y/n] ")
        session.type("n\n")
        #expect(session.waitForExit() == 0, "declining is an answer, not a failure")
        #expect(session.transcript.contains("Nothing was written."))
        #expect(try folder.files().isEmpty)
    }
}
