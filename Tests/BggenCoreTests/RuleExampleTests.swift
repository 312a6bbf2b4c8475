@testable import BggenCore
import BggenTestSupport
import Testing

/// Every example of every doctor rule, run through the public entry point (`Doctor.audit`) on an in-memory
/// repository: the findings doctor reports, of any rule, are exactly the marked ones. A rule needs examples of both
/// kinds, so none is documented without being specified.
@Suite("Doctor rule examples")
struct RuleExampleTests {
    @Test(arguments: DoctorRule.all)
    func everyExampleOfTheRuleGivesTheMarkedFindings(rule: DoctorRule) throws {
        #expect(rule.examples.contains { $0.kind == .triggering }, "\(rule.id) has no example that triggers it")
        #expect(rule.examples.contains { $0.kind == .nonTriggering }, "\(rule.id) has no example that must not trigger it")
        for example in rule.examples {
            let marked = try MarkedRepository(example.app)
            let expected = try example.findings.map { finding in
                let location = try #require(marked.locations[finding.marker], "\(rule.id) '\(example.title)': \(finding.marker) is in no file")
                let id = finding.rule ?? rule.id
                let severity = try finding.severity ?? #require(DoctorRule.named(id), "\(rule.id) '\(example.title)': no rule \(id)").severity
                return "\(id) \(severity.rawValue) \(location)"
            }.sorted()
            let unused = Set(marked.locations.keys).subtracting(example.findings.map(\.marker))
            #expect(unused.isEmpty, "\(rule.id) '\(example.title)': \(unused.sorted()) mark no expected finding")
            let own = expected.filter { $0.hasPrefix("\(rule.id) ") }
            switch example.kind {
            case .triggering: #expect(!own.isEmpty, "\(rule.id) '\(example.title)' is a triggering example that expects no \(rule.id)")
            case .nonTriggering: #expect(own.isEmpty, "\(rule.id) '\(example.title)' must not trigger, yet expects \(own)")
            }
            let check = {
                let report = try Doctor(fileSystem: marked.fileSystem).audit(root: MarkedRepository.root)
                let found = report.findings.map { "\($0.rule.id) \($0.severity.rawValue) \($0.location.file):\($0.location.line):\($0.location.column)" }.sorted()
                #expect(found == expected, "\(rule.id) \(example.kind.rawValue) example '\(example.title)'")
            }
            if let gap = example.knownGap {
                withKnownIssue("\(rule.id) '\(example.title)': \(gap)") { try check() }
            } else {
                try check()
            }
        }
    }

    /// A rule's findings come from its own check, and its check makes no other rule's: with only the rule's check
    /// run, each example gives exactly the marked findings of the rule, beside what doctor finds with no check run
    /// (files it could not read). GEN002 and GEN003 have no check: `Doctor` makes them from the whole repository.
    @Test(arguments: DoctorRule.all.filter { $0.check != nil })
    func theRuleAloneGivesItsFindings(rule: DoctorRule) throws {
        func places(_ findings: [DoctorFinding]) -> [String] {
            findings.map { "\($0.rule.id) \($0.severity) \($0.location.file):\($0.location.line):\($0.location.column)" }.sorted()
        }
        for example in rule.examples where example.knownGap == nil {
            let marked = try MarkedRepository(example.app)
            let doctor = Doctor(fileSystem: marked.fileSystem)
            let unchecked = try places(doctor.audit(root: MarkedRepository.root, checking: []).findings)
            let own = try example.findings.filter { ($0.rule ?? rule.id) == rule.id }.map { finding in
                "\(rule.id) \(finding.severity ?? rule.severity) \(try #require(marked.locations[finding.marker]))"
            }
            let found = try places(doctor.audit(root: MarkedRepository.root, checking: [rule.id]).findings)
            #expect(found == (unchecked + own).sorted(), "\(rule.id) \(example.kind.rawValue) example '\(example.title)' with only \(rule.id)'s check run")
        }
    }

    @Test func theRulesHaveOneIdAndOneAnchorEach() {
        #expect(Set(DoctorRule.all.map(\.id)).count == DoctorRule.all.count)
        #expect(Set(DoctorRule.all.map(\.anchor)).count == DoctorRule.all.count)
        for rule in DoctorRule.all {
            #expect(!rule.summary.contains("\n") && !rule.summary.contains("`"), "\(rule.id)'s summary is one line of plain text")
            #expect(!rule.finds.isEmpty && !rule.why.isEmpty && !rule.fix.isEmpty && !rule.tags.isEmpty, "\(rule.id) is documented")
        }
    }

    @Test func markersBecomeLinesAndColumnsAndLeaveTheText() throws {
        let app = ExampleApp(permitted: ["a", "2️⃣b"]).with("App/A.swift", "let a = 1\nlet 1️⃣b = 2\n")
        let marked = try MarkedRepository(app)
        #expect(marked.locations == ["1️⃣": "App/A.swift:2:5", "2️⃣": "App/Info.plist:10:3"])
        #expect(marked.fileSystem.files["/repo/App/A.swift"] == "let a = 1\nlet b = 2\n")
        #expect(marked.fileSystem.files["/repo/App/Info.plist"]?.contains("\t\t<string>b</string>\n") == true)
        #expect(throws: MarkedRepository.Twice.self) { try MarkedRepository(ExampleApp().with("App/A.swift", "1️⃣ 1️⃣")) }
    }
}

/// An example's repository on an in-memory file system, its markers stripped and turned into places.
struct MarkedRepository {
    static let root = "/repo"

    /// Marker → `file:line:column` (1-based).
    let locations: [String: String]
    let fileSystem: InMemoryFileSystem

    struct Twice: Error {}

    init(_ app: ExampleApp) throws {
        var files: [String: String] = [:]
        var locations: [String: String] = [:]
        for (path, text) in app.renderedFiles {
            var stripped = ""
            var line = 1
            var column = 1
            for character in text {
                if RuleExample.markers.contains(String(character)) {
                    guard locations.updateValue("\(path):\(line):\(column)", forKey: String(character)) == nil else { throw Twice() }
                    continue
                }
                stripped.append(character)
                if character == "\n" { line += 1; column = 1 } else { column += 1 }
            }
            files["\(Self.root)/\(path)"] = stripped
        }
        files["\(Self.root)/App.xcodeproj/project.pbxproj"] = Self.project(app)
        self.locations = locations
        fileSystem = InMemoryFileSystem(files: files)
    }

    /// The app target `App` compiling the synchronized folder `App/`, and each further target compiling its folder.
    private static func project(_ app: ExampleApp) -> String {
        let targets = app.targets.enumerated().map { index, target in
            let n = index + 2
            return """
                        SYNC\(n) = {isa = PBXFileSystemSynchronizedRootGroup; path = \(target.folder); sourceTree = "<group>"; };
                        T\(n) = {isa = PBXNativeTarget; name = \(target.name); productType = "\(target.kind.rawValue)"; fileSystemSynchronizedGroups = (SYNC\(n), ); buildConfigurationList = TL\(n); };
                        TL\(n) = {isa = XCConfigurationList; buildConfigurations = (TR\(n), ); };
                        TR\(n) = {isa = XCBuildConfiguration; buildSettings = {PRODUCT_BUNDLE_IDENTIFIER = com.example.\(target.name.lowercased()); \(target.settings) }; name = Release; };
                        D\(n) = {isa = PBXTargetDependency; target = T\(n); };

                """
        }.joined()
        let numbers = app.targets.indices.map { $0 + 2 }
        let dependencies = app.targets.indices.filter { app.targets[$0].isLinked }.map { "D\($0 + 2), " }.joined()
        return """
            {
                objects = {
                    ROOT = {isa = PBXProject; mainGroup = MAIN; targets = (T1, \(numbers.map { "T\($0), " }.joined())); buildConfigurationList = PL; };
                    MAIN = {isa = PBXGroup; children = (SYNC, \(numbers.map { "SYNC\($0), " }.joined())); sourceTree = "<group>"; };
                    SYNC = {isa = PBXFileSystemSynchronizedRootGroup; path = App; sourceTree = "<group>"; };
                    PL = {isa = XCConfigurationList; buildConfigurations = (PR, ); };
                    PR = {isa = XCBuildConfiguration; buildSettings = {SDKROOT = iphoneos; GENERATE_INFOPLIST_FILE = YES; }; name = Release; };
                    T1 = {isa = PBXNativeTarget; name = App; productType = "com.apple.product-type.application"; fileSystemSynchronizedGroups = (SYNC, ); dependencies = (\(dependencies)); buildConfigurationList = TL; };
                    TL = {isa = XCConfigurationList; buildConfigurations = (TR, ); };
                    TR = {isa = XCBuildConfiguration; buildSettings = {PRODUCT_BUNDLE_IDENTIFIER = com.example.app; INFOPLIST_FILE = App/Info.plist; CODE_SIGN_ENTITLEMENTS = App/App.entitlements; \(app.settings) }; name = Release; };
            \(targets)    };
                rootObject = ROOT;
            }

            """
    }
}

extension DoctorRule: CustomTestStringConvertible {
    public var testDescription: String { id }
}
