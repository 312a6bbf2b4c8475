import BggenCore

/// The help pages. Kept beside the parser's option list so the two are reviewed together.
enum HelpText {
    static let version = "0.1.0"

    static let main = """
        bggen \(version): scaffold iOS background work — BGTaskScheduler refresh and processing tasks, background \
        URLSession downloads and uploads, and silent push — with the Info.plist and entitlements entries they need.

        USAGE:
          bggen init [DIR] [options]   generate the code (see `bggen init --help`)
          bggen doctor [DIR] [options] audit an app's background work (see `bggen doctor --help`)
          bggen help [init|doctor]     show help
          bggen --version              print the version

        Exit status: 0 success, 1 the job failed (a conflict, a read or write error), 64 a usage error.

        """

    static let initCommand = """
        USAGE: bggen init [DIR] [options]

        Generates background-work code into DIR (default: the current folder; created if missing).

        OPTIONS:
          --tasks LIST             comma-separated: \(TaskKind.allCases.map(\.rawValue).joined(separator: ", "))
                                     (default: refresh,processing)
          --interval VALUE         how often periodic work may run (default: few-hours):
                                     hourly      1 hour
                                     few-hours   4 hours
                                     daily       24 hours
                                     on-push     no periodic refresh; silent push triggers the work
                                                 (adds silent-push; replaces the default refresh)
                                     30m, 6h, 1d any duration; the refresh minimum is 15 minutes
                                   Processing uses the same interval, raised to 1 hour if shorter.
                                   iOS treats every interval as "not before", never as a timetable.
          --network, --no-network  the processing task needs network connectivity (default: no)
          --power, --no-power      the processing task needs external power (default: no)
          --checkpoint             processing saves a cursor after each item and resumes from it next run
          --at HH:MM               processing starts no earlier than this local time each night (pair it
                                   with --power for overnight work); replaces the processing interval;
                                   --at none removes a recorded time
          --strategy queue|fail    continued processing: wait for the system, or refuse at once so the app
                                   can tell the user (default: queue)
          --gpu, --no-gpu          continued processing asks for the GPU where the device supports it
                                   (needs the Background GPU Access capability, written to the
                                   entitlements fragment; refused, a job goes on without it; default: no)
          --style STYLE            app-delegate (default; schedules from a scene delegate) or swiftui: where
                                   registration and scheduling go; with swiftui on iOS 16+, SwiftUI's
                                   .backgroundTask registers the refresh
          --bundle-id ID           reverse-DNS prefix of every identifier (default: com.example.app)
          --ios VERSION            deployment target, 12.0 to 27.x (default: 16.0); below 13.0 the code is
                                   guarded with @available; from 27.0 requests are submitted with
                                   submitTaskRequest, as the iOS 27 SDK asks
          --output PATH            folder for the Swift files, relative to DIR
          --target NAME            the app target to add to, when the project has several
          --all-targets            also add the keys to the Info.plists of the other app targets that
                                   compile the same folder (flavours of one app); asked on a terminal
          --prefix NAME            put NAME before every generated type and Swift file name
                                   (BackgroundTaskManager becomes NAMEBackgroundTaskManager); an uppercase
                                   letter, then letters or digits. Chosen as Bggen when the app already
                                   declares one of bggen's names, and recorded in .bggen.json
          --objc                   the app delegate is Objective-C: also generate BackgroundTasksObjC.swift,
                                   an @objc entry point, and print Objective-C calls (detected in an
                                   existing app)
          --spec PATH              the XcodeGen spec, when it is not project.yml and several YAML files
                                   look like one (one with top-level name: and targets: is found alone)
          --replace                generate a task kind even where existing code already covers it
          --allow-binary-plist     convert a binary Info.plist to XML to patch it (otherwise an error)
          -y, --yes                take the defaults for everything not given; never prompt
          --dry-run                print the plan (create / update / unchanged / conflict / delete) with
                                   unified diffs; write nothing (exit 1 if a real run would conflict)
          --force                  overwrite generated files that were edited, and files bggen did not
                                   write; never deletes anything
          --json                   print the plan or the result as JSON on stdout
          -h, --help               show this help

        WHERE FILES GO:
          In an existing project, Swift files go to BackgroundProcessing/ in the app target's own folder.
          Otherwise they go to DIR/Sources/BackgroundProcessing/ when DIR/Sources/ exists, else to
          DIR/App/BackgroundProcessing/ when DIR/App/ exists, else to DIR/BackgroundProcessing/.
          The Info.plist and entitlements fragments go to DIR/bggen/, outside the source folders, so they
          never become stray build inputs or a second Info.plist.
          Files marked "Generated by bggen" are bggen's: re-runs update them, and refuse (unless --force)
          when you edited them. Files marked "This file is yours" hold your work: written once, never
          overwritten. A re-run deletes only files .bggen.json records as generated, and only while
          untouched (also after --output changes). bggen writes and deletes only inside DIR, judged on
          real paths: a project folder or symbolic link leading elsewhere is an error (exit 1). One run
          at a time per folder: a second one stops at once (exit 1).

        IN AN EXISTING APP:
          bggen first reads the project (.xcodeproj and its xcconfigs, XcodeGen project.yml, Tuist
          Project.swift, or Package.swift) and reports it: the app target, its deployment target, Swift
          version, default isolation and bundle identifier (the defaults for --ios and --bundle-id), its
          Info.plist and entitlements, and existing background code with file:line. A task kind that code
          already covers is skipped (and said so) unless --replace; an identifier the app already
          registers is never registered again. A type or Swift file the app already has (anywhere in the
          repository, packages included) is never generated a second time: bggen's names get a prefix
          (--prefix, else Bggen, said so), and a chosen prefix that still clashes is an error (exit 1).
          bggen then adds the missing keys to the app's Info.plist and aps-environment to its
          entitlements with additions-only edits, and prints the exact change for anything it does not
          edit itself (generated Info.plists, XcodeGen and Tuist specs, files shared with extensions).
          Swift files go into the app target's own folder; other app targets that compile it are named
          (--all-targets patches their Info.plists too). The style is read from every file the target
          compiles; an Objective-C app delegate gets an @objc entry point (--objc). A target that also
          builds for macOS gets every file behind #if canImport(BackgroundTasks) && canImport(UIKit).
          Code that covers a task kind is code compiled into the app: its own files, linked frameworks
          and packages.
          A folder that plainly holds an app (an Info.plist, an app delegate or @main App, an .xcodeproj)
          but no project bggen can read, or a project with no iOS app target bggen can read (Tuist
          targets built by helper functions), stops the run with exit 1 and nothing written: pass
          --spec, run bggen where the project is, or pass --output to generate only the files.

        QUESTIONS AND ANSWERS FILE:
          On a terminal, bggen asks for every answer no flag gave (arrow keys and space, or numbers such as
          1,3 when TERM=dumb), shows the plan, and writes only after you confirm. Ctrl-C exits 130 and
          end of input exits 1, both with nothing written.
          Each run records its answers in DIR/.bggen.json, for example:
            {"bundleId": "com.acme.news", "interval": "daily", "ios": "16.0", "network": false,
             "power": false, "tasks": ["refresh", "downloads"], "version": 1}
          A later run offers them as defaults, and `bggen init --yes` replays them exactly; flags win
          over the file. An invalid file is an error that names it; it is never ignored.
          Without a terminal on stdin, pass --yes or every answer as a flag; bggen never waits for input.

        EXAMPLES:
          bggen init --yes MyApp
          bggen init . --tasks refresh,downloads --interval daily --bundle-id com.acme.news --ios 17.0
          bggen init --tasks processing --network --power --dry-run

        """

    static let doctorCommand = """
        USAGE: bggen doctor [DIR] [options]

        Audits the background work of every iOS app target in DIR (default: the current folder): code,
        Info.plist and entitlements, read as `bggen init` reads them (Pods, .git, DerivedData and other
        people's code are skipped). Nothing is written without --fix. Works on any repository, whether
        or not bggen generated its code.

        OPTIONS:
          --target NAME            audit only this app target
          --format FORMAT          text (default; grouped by file), xcode (path:line:column: error: ...
                                   for a Run Script build phase), json (schema version \(DoctorOutput.jsonSchemaVersion)), or
                                   sarif (SARIF 2.1.0 for GitHub code scanning)
          --fail-on SEVERITY       exit 1 when a finding is at least this severe: error (default),
                                   warning or note
          --fix                    add what is missing to the app's Info.plist and entitlements
                                   (permitted identifiers, background modes, aps-environment,
                                   Background GPU Access) with additions-only edits; never removes or changes a value, never edits
                                   extensions' or generators' files; code is never rewritten
          --dry-run                with --fix: print the diffs, write nothing
          -h, --help               show this help

        RULES:
        \(DoctorRule.all.map { "  \($0.id.padding(toLength: 9, withPad: " ", startingAt: 0))\($0.severity.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0))\($0.summary)" }.joined(separator: "\n"))
          When the code is too dynamic to decide (an identifier built at run time), doctor says so as a
          CHECK001 note rather than guess. Checks that depend on code doctor cannot read (Pods, remote
          packages) are notes in a repository that has such dependencies.

        SUPPRESSING:
          // bggen:ignore BG002        on the finding's line or the line above (<!-- ... --> in a plist)
          .bggen.json                  {"doctor": {"disabled": ["MODE003"]}} skips rules everywhere

        Exit status: 0 no finding at or above --fail-on, 1 findings (or a file could not be read),
        64 a usage error.

        EXAMPLES:
          bggen doctor
          bggen doctor ~/src/MyApp --format sarif > bggen.sarif
          bggen doctor --fix --dry-run

        """
}
