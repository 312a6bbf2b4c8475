import BggenFormats
import BggenModel

/// What each tool argument means, written for an agent that calls the tool rather than a person at a terminal:
/// no flags, no prompts, lists as lists, and where the value should come from. Keyed by the option's name in the
/// command's table, so every argument the tables offer needs an entry (`MCPSessionTests` fails on one without).
enum MCPArgumentText {
    static let descriptions: [String: String] = [
        "tasks": "The background work to generate, as a list: refresh (BGAppRefreshTask: short, periodic), processing (BGProcessingTask: long, deferrable, periodic), downloads and uploads (a background URLSession), silent-push (remote notifications that wake the app) and continued-processing (BGContinuedProcessingTask, iOS 26+: work the user starts and watches). The user chooses; bggen_inspect lists it in `missing` until the project or .bggen.json gives it.",
        "interval": "How often the periodic work (refresh, processing) may run at the earliest: hourly, few-hours (4 hours), daily, on-push (no periodic refresh: silent push triggers the work and silent-push is added), or a duration such as 30m, 6h or 1d (refresh needs at least 15m). iOS treats it as \"not before\", never as a timetable.",
        "network": "Whether the processing task needs network connectivity. Only with processing.",
        "power": "Whether the processing task runs only on external power. Only with processing.",
        "checkpoint": "Whether long processing work saves a cursor after each item and resumes from it on the next run. Only with processing.",
        "at": "The earliest local time, HH:MM on a 24-hour clock, at which processing starts each night; it replaces the processing interval. \"none\" removes a time .bggen.json records. Only with processing.",
        "strategy": "For continued-processing, when a job cannot start at once: queue (default) waits until the system can run it; fail refuses it, so the app can tell the user.",
        "gpu": "Whether continued-processing jobs ask for the GPU where the device allows it; adds the Background GPU Access entitlement. Only with continued-processing.",
        "style": "How the app starts: app-delegate (a UIKit app delegate) or swiftui (a SwiftUI App). In an existing app, pass bggen_inspect's answers.style.",
        "bundle-id": "The reverse-DNS prefix of every task identifier. In an existing app, pass bggen_inspect's answers.bundleId, the app's own bundle identifier: a different value is refused. Ask the user only when bggen_inspect lists it in `missing`.",
        "ios": "The app's deployment target, such as 16.0. In an existing app, pass bggen_inspect's answers.ios: a different value is refused. Ask the user only when bggen_inspect lists it in `missing`.",
        "output": "The folder for the generated Swift files, relative to `directory`. Leave it out: bggen chooses the app target's own folder.",
        "target": "The app target, when the project has several (bggen_inspect names them); ask the user which.",
        "all-targets": "Also add the Info.plist keys to the other app targets that compile the same folder (flavours of one app), which bggen_inspect's notes name. Ask the user.",
        "prefix": "A name put before every generated type and file name: an uppercase letter, then letters or digits, such as Acme. Leave it out: bggen picks Bggen itself when the app already declares one of its names.",
        "objc": "Whether the app delegate is Objective-C, so bggen also writes an @objc entry point it calls. Read from the project; pass it only when bggen_inspect's answers.objc is true.",
        "tests": "Whether to also write rehearsal tests of the background work into the app's unit-test target. Ask the user.",
        "spec": "The XcodeGen spec's path inside `directory`, when it is not project.yml and several YAML files look like one.",
        "replace": "Generate a task kind even though the app's own code already covers it (bggen_inspect's project.existingCode). Only with the user's consent.",
        "migrate-background-fetch": "Replace the app's legacy background fetch with a refresh task. The keys bggen adds switch legacy fetch off, so only with the user's consent.",
        "allow-binary-plist": "Convert a binary Info.plist to XML so it can be edited; without it a binary Info.plist is an error.",
        "force": "Overwrite generated files the user edited, which are conflicts otherwise; never deletes. Only with the user's consent.",
        "use-generators": "Run the repository's xcodegen or tuist to read the resolved project. That runs code from the repository: only when the user trusts it. Default false: the spec is read as written.",
        "fail-on": "The least severe finding that makes exitStatus 1: error (default), warning or note.",
        "strict": "Report every warning as an error.",
        "lenient": "Report every error as a warning.",
        "baseline": "A baseline file, absolute or relative to the folder the server started in (one that `bggen doctor` wrote with its write-baseline option): the findings it lists are left out, so only new ones are reported.",
        "dry-run": "true: return the changes as diffs and write nothing; false: write them. Show the diffs to the user before calling with false.",
    ]

    /// The arguments that are the tools' own, not an option of init or doctor.
    static let directory = "The app's folder: absolute, or relative to the folder the server started in (the default)."
    static let diffs = "true: the whole plan, with each file's unified diff, the project as read and the next steps (tens of KB when files are new). Default false: a summary, with each file's action and its lines added and removed."
}
