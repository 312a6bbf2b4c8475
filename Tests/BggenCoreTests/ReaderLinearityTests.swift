@testable import BggenCore
import BggenFormats
import BggenModel
import BggenTestSupport
import Foundation
import Testing

/// Every reader and rule is linear in its input (issue 43, item 5): each input below, at a size and at four times
/// that size, takes at most about four times as long (`LinearTime`). Each was quadratic or worse before: the
/// targets of every file looked up by going through every target, once per target; an enclosing closure's header
/// read again for every registration in it; every Info.plist entry expanded again for every identifier; every
/// finding matched against every excluded path; every permitted entry with an undefined variable tried for every
/// identifier; a synchronized folder walked again for each target sharing it; a constant's definitions filtered
/// again for each use.
@Suite("Readers and rules: linear in their input", .serialized, .tags(.slow))
struct ReaderLinearityTests {
    static let root = DoctorRepository.root

    static let plist = DoctorRepository.plist([
        (BackgroundModes.permittedIdentifiersKey, "<array><string>com.example.app.refresh</string></array>"),
        (BackgroundModes.key, "<array><string>fetch</string></array>"),
    ])

    static let registration = #"BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.app.refresh", using: nil) { task in task.setTaskCompleted(success: true) }"#

    /// An XcodeGen spec of one app target, `App`, compiling `App/`.
    static let oneAppSpec = """
        name: App
        targets:
          App:
            type: application
            platform: iOS
            sources: [App]
            settings:
              base:
                INFOPLIST_FILE: App/Info.plist
                PRODUCT_BUNDLE_IDENTIFIER: com.example.app

        """

    /// Doctor's audit of `files` (relative to the root), as the timed work.
    static func audit(_ files: [String: String], settings: DoctorSettings = DoctorSettings()) -> () throws -> Void {
        let fileSystem = InMemoryFileSystem(files: Dictionary(uniqueKeysWithValues: files.map { ("\(root)/\($0.key)", $0.value) }))
        return { _ = try Doctor(fileSystem: fileSystem).audit(root: root, settings: settings) }
    }

    /// An app of `count` permitted entries in its Info.plist (`entry(n)`) and as many registrations of `identifier(n)`
    /// in one function, as `audit` takes it.
    static func permitting(_ count: Int, entry: (Int) -> String, registering identifier: (Int) -> String) -> [String: String] {
        let entries = (0..<count).map { "<string>\(entry($0))</string>" }.joined()
        let registrations = (0..<count).map {
            #"    BGTaskScheduler.shared.register(forTaskWithIdentifier: "\#(identifier($0))", using: nil) { task in task.setTaskCompleted(success: true) }"#
        }.joined(separator: "\n")
        let plist = DoctorRepository.plist([(BackgroundModes.permittedIdentifiersKey, "<array>\(entries)</array>"),
                                            (BackgroundModes.key, "<array><string>fetch</string></array>")])
        return ["project.yml": oneAppSpec, "App/Info.plist": plist,
                "App/Tasks.swift": "import BackgroundTasks\n\nfunc registerAll() {\n\(registrations)\n}\n"]
    }

    /// The same on disk, for repositories of many folders: the in-memory file system lists a folder by going
    /// through every file it holds, which would time the test's double, not doctor.
    static func auditOnDisk(_ files: [String: String]) throws -> () throws -> Void {
        let repository = try TemporaryDirectory()
        for (path, contents) in files { try repository.write(contents, to: path) }
        return { _ = try Doctor(fileSystem: LocalFileSystem()).audit(root: repository.path) }
    }

    /// `count` app targets, each compiling its own folder, and a file with a registration in a quarter of them:
    /// (files) × (targets)² before (800 targets and 200 files took 40–105 s).
    @Test func anXcodeGenSpecWithManyAppTargets() throws {
        try LinearTime.expectLinear(small: 60) { count in
            var files: [String: String] = [:]
            var spec = "name: App\ntargets:\n"
            for index in 0..<count {
                spec += "  T\(index):\n    type: application\n    platform: iOS\n    sources: [T\(index)]\n"
                    + "    settings:\n      base:\n        INFOPLIST_FILE: T\(index)/Info.plist\n        PRODUCT_BUNDLE_IDENTIFIER: com.example.t\(index)\n"
                files["T\(index)/Info.plist"] = Self.plist
            }
            for index in 0..<count / 4 {
                files["T\(index)/F\(index).swift"] = "import BackgroundTasks\nfunc f\(index)() { \(Self.registration) }\n"
            }
            files["project.yml"] = spec
            return try Self.auditOnDisk(files)
        }
    }

    /// The same in an Xcode project: each target with a synchronized folder and a file listed one by one.
    @Test func anXcodeProjectWithManyAppTargets() throws {
        try LinearTime.expectLinear(small: 80) { count in
            var files: [String: String] = [:]
            var objects: [String] = []
            for index in 0..<count {
                objects += [
                    #"G\#(index) = {isa = PBXFileSystemSynchronizedRootGroup; path = T\#(index); sourceTree = "<group>"; };"#,
                    #"T\#(index) = {isa = PBXNativeTarget; name = T\#(index); productType = "com.apple.product-type.application"; fileSystemSynchronizedGroups = (G\#(index), ); buildPhases = (S\#(index), ); buildConfigurationList = L\#(index); };"#,
                    "S\(index) = {isa = PBXSourcesBuildPhase; files = (B\(index), ); };",
                    "B\(index) = {isa = PBXBuildFile; fileRef = R\(index); };",
                    #"R\#(index) = {isa = PBXFileReference; path = Extra\#(index).swift; sourceTree = "<group>"; };"#,
                    "L\(index) = {isa = XCConfigurationList; buildConfigurations = (C\(index), ); };",
                    "C\(index) = {isa = XCBuildConfiguration; buildSettings = {INFOPLIST_FILE = T\(index)/Info.plist; PRODUCT_BUNDLE_IDENTIFIER = com.example.t\(index); }; name = Release; };",
                ]
                files["T\(index)/Info.plist"] = Self.plist
            }
            for index in 0..<count / 4 {
                files["T\(index)/F\(index).swift"] = "import BackgroundTasks\nfunc f\(index)() { \(Self.registration) }\n"
            }
            let targets = (0..<count).map { "T\($0), " }.joined()
            let children = (0..<count).map { "G\($0), R\($0), " }.joined()
            files["A.xcodeproj/project.pbxproj"] = """
                {
                    objects = {
                        ROOT = {isa = PBXProject; mainGroup = MAIN; targets = (\(targets)); buildConfigurationList = PL; };
                        MAIN = {isa = PBXGroup; children = (\(children)); sourceTree = "<group>"; };
                        PL = {isa = XCConfigurationList; buildConfigurations = (PR, ); };
                        PR = {isa = XCBuildConfiguration; buildSettings = {SDKROOT = iphoneos; IPHONEOS_DEPLOYMENT_TARGET = 16.0; }; name = Release; };
                        \(objects.joined(separator: "\n            "))
                    };
                    rootObject = ROOT;
                }
                """
            return try Self.auditOnDisk(files)
        }
    }

    /// The same in a Tuist manifest.
    @Test func aTuistManifestWithManyAppTargets() throws {
        try LinearTime.expectLinear(small: 25) { count in
            var files: [String: String] = [:]
            var manifest = "import ProjectDescription\n\nlet project = Project(name: \"App\", targets: [\n"
            for index in 0..<count {
                manifest += "    .target(name: \"T\(index)\", destinations: .iOS, product: .app, bundleId: \"com.example.t\(index)\", infoPlist: .file(path: \"T\(index)/Info.plist\"), sources: [\"T\(index)/**\"]),\n"
                files["T\(index)/Info.plist"] = Self.plist
            }
            for index in 0..<count / 4 {
                files["T\(index)/F\(index).swift"] = "import BackgroundTasks\nfunc f\(index)() { \(Self.registration) }\n"
            }
            files["Project.swift"] = manifest + "])\n"
            return try Self.auditOnDisk(files)
        }
    }

    /// `count` registrations inside one closure passed to a call with eight times as many arguments: the
    /// closure's header (the whole call) was read again for each registration (8,000 of each took 21–35 s).
    @Test func registrationsInAClosurePassedToALongCall() throws {
        try LinearTime.expectLinear(small: 100) { count in
            let arguments = (0..<count * 8).map { "a\($0)" }.joined(separator: ", ")
            let registrations = Array(repeating: "        " + Self.registration, count: count).joined(separator: "\n")
            return Self.audit(["project.yml": Self.oneAppSpec, "App/Info.plist": Self.plist,
                               "App/Tasks.swift": "import BackgroundTasks\n\nfunc g() {\n    call(\(arguments), {\n\(registrations)\n    })\n}\n"])
        }
    }

    /// `count` permitted identifiers and as many registrations: each entry was expanded again for every
    /// registration (4,000 of each took over two minutes).
    @Test func manyPermittedIdentifiersAndRegistrations() throws {
        try LinearTime.expectLinear(small: 150) { count in
            Self.audit(Self.permitting(count, entry: { "com.example.app.t\($0)" }, registering: { "com.example.app.t\($0)" }))
        }
    }

    /// `count` findings and as many excluded paths in `.bggen.json`'s doctor settings: every finding was matched
    /// against every path (4,000 of each took two minutes).
    @Test func manyFindingsAndExcludedPaths() throws {
        try LinearTime.expectLinear(small: 100) { count in
            let registrations = (0..<count).map {
                #"    BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.app.n\#($0)", using: nil) { task in task.setTaskCompleted(success: true) }"#
            }.joined(separator: "\n")
            let settings = DoctorSettings(excluded: (0..<count).map { "Elsewhere\($0)" } + (0..<count).map { "Other\($0)/*.swift" })
            return Self.audit(["project.yml": Self.oneAppSpec, "App/Info.plist": Self.plist,
                               "App/Tasks.swift": "import BackgroundTasks\n\nfunc registerAll() {\n\(registrations)\n}\n"], settings: settings)
        }
    }

    /// A file of `count` constants and as many constants interpolating them, one of which names the task: the
    /// fixed constants were filtered anew for every interpolated one (a 1 MB file took 35 s).
    @Test func aFileOfConstantsAndInterpolatedConstants() throws {
        try LinearTime.expectLinear(small: 300) { count in
            let constants = (0..<count).map { "    static let c\($0) = \"com.example.app.c\($0)\"\n    static let d\($0) = \"\\(c\($0)).x\"" }
                .joined(separator: "\n")
            return Self.audit(["project.yml": Self.oneAppSpec, "App/Info.plist": Self.plist,
                               "App/Names.swift": "enum Names {\n    static let refresh = \"com.example.app.refresh\"\n\(constants)\n}\n",
                               "App/Tasks.swift": "import BackgroundTasks\n\nfunc register() {\n    \(Self.registration.replacingOccurrences(of: "\"com.example.app.refresh\"", with: "Names.d\(count - 1)"))\n}\n"])
        }
    }

    /// `count` permitted entries with a variable nothing defines (`$(TEAM_PREFIX).t1`) and as many registrations
    /// they permit: every entry was turned into a pattern and tried again for every registration.
    @Test func manyPermittedEntriesWithAnUndefinedVariable() throws {
        try LinearTime.expectLinear(small: 150) { count in
            Self.audit(Self.permitting(count, entry: { "$(TEAM_PREFIX).t\($0)" }, registering: { "com.example.app.t\($0)" }))
        }
    }

    /// `count` permitted entries with undefined variables at both ends that differ only in the text between them
    /// (`$(A).x7.$(B)`), and as many registrations each fitting one: the entries sharing a beginning and an ending
    /// were tried one by one for every identifier.
    @Test func manyPermittedEntriesDifferingOnlyBetweenTheirVariables() throws {
        try LinearTime.expectLinear(small: 150) { count in
            let files = Self.permitting(count, entry: { "$(A).x\($0).$(B)" }, registering: { "com.example.x\($0).refresh" })
            let fileSystem = InMemoryFileSystem(files: Dictionary(uniqueKeysWithValues: files.map { ("\(Self.root)/\($0.key)", $0.value) }))
            return {
                let report = try Doctor(fileSystem: fileSystem).audit(root: Self.root)
                #expect(!report.findings.contains { $0.rule.id == "BG001" }, "every registration fits its entry")
            }
        }
    }

    /// `count` app targets sharing one synchronized folder of `count` files: the folder was walked again for each
    /// target. The project reader alone is timed: doctor's audit of each target's files is (targets) × (files)
    /// by its nature when every target compiles every file.
    @Test func aSynchronizedFolderSharedByManyTargets() throws {
        try LinearTime.expectLinear(small: 100) { count in
            var files: [String: String] = [:]
            var objects: [String] = []
            for index in 0..<count {
                objects += [
                    #"T\#(index) = {isa = PBXNativeTarget; name = T\#(index); productType = "com.apple.product-type.application"; fileSystemSynchronizedGroups = (G, ); buildConfigurationList = L\#(index); };"#,
                    "L\(index) = {isa = XCConfigurationList; buildConfigurations = (C\(index), ); };",
                    "C\(index) = {isa = XCBuildConfiguration; buildSettings = {GENERATE_INFOPLIST_FILE = YES; PRODUCT_BUNDLE_IDENTIFIER = com.example.t\(index); }; name = Release; };",
                ]
                files["\(Self.root)/Shared/F\(index).swift"] = "enum F\(index) {}\n"
            }
            files["\(Self.root)/A.xcodeproj/project.pbxproj"] = """
                {
                    objects = {
                        ROOT = {isa = PBXProject; mainGroup = MAIN; targets = (\((0..<count).map { "T\($0), " }.joined())); buildConfigurationList = PL; };
                        MAIN = {isa = PBXGroup; children = (G, ); sourceTree = "<group>"; };
                        G = {isa = PBXFileSystemSynchronizedRootGroup; path = Shared; sourceTree = "<group>"; };
                        PL = {isa = XCConfigurationList; buildConfigurations = (PR, ); };
                        PR = {isa = XCBuildConfiguration; buildSettings = {SDKROOT = iphoneos; IPHONEOS_DEPLOYMENT_TARGET = 16.0; }; name = Release; };
                        \(objects.joined(separator: "\n            "))
                    };
                    rootObject = ROOT;
                }
                """
            let reader = XcodeProjectReader(root: Self.root, fileSystem: InMemoryFileSystem(files: files))
            return {
                let reading = try reader.read("A.xcodeproj")
                #expect(reading.appTargets.count == count)
                #expect(reading.appTargets.allSatisfy { $0.sourceFolder == "Shared" })
            }
        }
    }

    /// `count` files each defining a constant of one name, and a file using that name `count` times: the
    /// definitions were filtered again for every use.
    @Test func aConstantDefinedInManyFilesAndUsedManyTimes() throws {
        try LinearTime.expectLinear(small: 100) { count in
            var files = ["project.yml": Self.oneAppSpec, "App/Info.plist": Self.plist]
            for index in 0..<count {
                files["App/Names\(index).swift"] = "enum Names\(index) {\n    static let taskID = \"com.example.app.t\(index)\"\n}\n"
            }
            let registrations = Array(repeating: "    BGTaskScheduler.shared.register(forTaskWithIdentifier: taskID, using: nil) { task in task.setTaskCompleted(success: true) }",
                                      count: count).joined(separator: "\n")
            files["App/Tasks.swift"] = "import BackgroundTasks\n\nfunc registerAll() {\n\(registrations)\n}\n"
            return Self.audit(files)
        }
    }

    /// `count` registrations of a member a `switch self` gives each case of an enum (DuckDuckGo's
    /// `type.backgroundTaskIdentifier`): each case's use was looked for among all those kept before it.
    @Test func manyUsesOfAMemberEachCaseGives() throws {
        try LinearTime.expectLinear(small: 300) { count in
            let cases = (0..<4).map { "        case .k\($0): \"com.example.app.t\($0)\"" }.joined(separator: "\n")
            let kind = "enum Kind {\n    case k0, k1, k2, k3\n\n    var backgroundTaskIdentifier: String {\n        switch self {\n\(cases)\n        }\n    }\n}\n"
            let registrations = Array(repeating: "    BGTaskScheduler.shared.register(forTaskWithIdentifier: kind.backgroundTaskIdentifier, using: nil) { task in task.setTaskCompleted(success: true) }",
                                      count: count).joined(separator: "\n")
            return Self.audit(["project.yml": Self.oneAppSpec, "App/Info.plist": Self.plist,
                               "App/Tasks.swift": "import BackgroundTasks\n\n\(kind)\nfunc register(_ kind: Kind) {\n\(registrations)\n}\n"])
        }
    }

    /// An Objective-C app delegate registering `count` identifiers.
    @Test func anObjectiveCFileWithManyRegistrations() throws {
        try LinearTime.expectLinear(small: 100) { count in
            let registrations = (0..<count).map {
                #"    [[BGTaskScheduler sharedScheduler] registerForTaskWithIdentifier:@"com.example.app.t\#($0)" usingQueue:nil launchHandler:^(BGTask *task) { [task setTaskCompletedWithSuccess:YES]; }];"#
            }.joined(separator: "\n")
            return Self.audit(["project.yml": Self.oneAppSpec, "App/Info.plist": Self.plist,
                               "App/AppDelegate.m": "#import <BackgroundTasks/BackgroundTasks.h>\n\n@implementation AppDelegate\n- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)options {\n\(registrations)\n    return YES;\n}\n@end\n"])
        }
    }

    /// The pbxproj parser on `count` quoted strings each plain up to an escape at its end (scanned for the escape,
    /// then decoded from there) and `count` entries of one key written again (a dictionary is made from its entries
    /// at its `}`), and `count` files 60 groups deep, their paths worked out through the groups above them.
    @Test func aProjectFileOfEscapedStringsRepeatedKeysAndNestedGroups() throws {
        try LinearTime.expectLinear(small: 300) { count in
            let strings = (0..<count).map { "s\($0) = \"\(String(repeating: "a", count: 40))\\n\"; same = (x, \"y\"); " }.joined()
            var objects = ["MAIN = {isa = PBXGroup; children = (D0, ); sourceTree = \"<group>\"; };"]
            for depth in 0..<60 {
                objects.append("D\(depth) = {isa = PBXGroup; path = d\(depth); children = (\(depth == 59 ? (0..<count).map { "R\($0), " }.joined() : "D\(depth + 1), ")); sourceTree = \"<group>\"; };")
            }
            for index in 0..<count {
                objects.append("R\(index) = {isa = PBXFileReference; path = F\(index).swift; sourceTree = \"<group>\"; };")
                objects.append("B\(index) = {isa = PBXBuildFile; fileRef = R\(index); };")
            }
            let text = """
                {
                    \(strings)
                    objects = {
                        ROOT = {isa = PBXProject; mainGroup = MAIN; targets = (T, ); };
                        T = {isa = PBXNativeTarget; name = T; buildPhases = (S, ); };
                        S = {isa = PBXSourcesBuildPhase; files = (\((0..<count).map { "B\($0), " }.joined())); };
                        \(objects.joined(separator: "\n            "))
                    };
                    rootObject = ROOT;
                }
                """
            return {
                let model = try XcodeProjectModel(data: Data(text.utf8), projectPath: "A.xcodeproj")
                #expect(model.targets.first?.sourceFiles.count == count)
            }
        }
    }

    /// The JSON reader `.bggen.json` and `bggen mcp` share, on an object of `count` members each holding a list.
    @Test func aJSONDocumentWithManyMembers() throws {
        try LinearTime.expectLinear(small: 1_500) { count in
            let text = "{\n" + (0..<count).map { "  \"k\($0)\": [\"v\($0)\", \($0), true, null] // note\n" }.joined(separator: ",") + "}\n"
            return { _ = try JSONDocument(parsing: text) }
        }
    }
}
