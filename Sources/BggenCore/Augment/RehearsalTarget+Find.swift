import BggenFormats
import BggenModel

/// Finding the app's unit-test target for `--tests` (the value itself is in `Rendering/`, which renders the file).
extension RehearsalTarget {
    /// The app's unit-test target, or nil with the note that says there is none and where to add one.
    /// `outputFolder` is where the generated code goes; in a package, the target compiling it is the app's module.
    static func find(in project: ExistingProject, outputFolder: String, fileSystem: any FileSystem)
        -> (target: RehearsalTarget?, note: String?) {
        let root = project.report.root
        if project.report.kind == .swiftPackage {
            return inPackage(root: root, outputFolder: outputFolder, fileSystem: fileSystem)
        }
        guard let app = project.target else { return (nil, nil) }
        let module = appModule(of: app)
        // A host app is named by its product (`Home Assistant.app` for target App), a dependency by its target.
        let names = Set([app.name] + app.buildSettings.values.compactMap { $0.value("PRODUCT_NAME")?.resolved })
        let candidates = project.report.otherTargets.filter { $0.isUnitTestBundle && $0.dependencies.contains(where: names.contains) }
        // `TalkTests` beside `TalkUITests` and a framework's tests: the one named after the app first.
        guard let test = candidates.first(where: { $0.name == app.name + "Tests" }) ?? candidates.first else {
            return (nil, noTestTarget(app: app.name, kind: project.report.kind, definedIn: app.definedIn))
        }
        // A folder the spec names that does not exist yet is created with the file.
        let existing = test.sourceFolders.first { fileSystem.kind(of: PathText.join(root, $0)) == .directory }
        guard let folder = test.synchronizedFolders.first ?? existing ?? test.sourceFolders.first else {
            return (nil, "\(test.name) tests \(app.name), but bggen cannot tell which folder it compiles, so the rehearsal tests were written to \(OutputRenderer.defaultRehearsalFolder): move \(fileName) into \(test.name)'s folder and add it to the target.")
        }
        if let outside = outside(folder, of: test.name) { return (nil, outside) }
        let file = PathText.join(folder, fileName)
        let note: String?
        switch project.report.kind {
        case .xcodeProject:
            note = test.synchronizedFolders.contains(folder) ? nil
                : "\(test.name) lists its files one by one: add \(file) to the \(test.name) target in Xcode (File > Add Files)."
        case .xcodeGen:
            note = "run xcodegen generate so \(test.name) picks up \(file)."
        case .tuist:
            note = "run tuist generate so \(test.name) picks up \(file)."
        case .swiftPackage:
            note = nil
        }
        return (RehearsalTarget(name: test.name, folder: folder, appModule: module,
                                usesSwiftTesting: importsTesting(folder: folder, root: root, fileSystem: fileSystem),
                                integrationNote: note), nil)
    }

    /// The module `@testable import` names: `PRODUCT_MODULE_NAME`, else `PRODUCT_NAME` (NetNewsWire's iOS target
    /// `NetNewsWire-iOS` builds `NetNewsWire`), else the target's name, made an identifier as Xcode makes it.
    static func appModule(of app: AppTarget) -> String {
        let settings = TargetFacts.representative(app.buildSettings.sorted { $0.key < $1.key }.map { (name: $0.key, value: $0.value) })
        let written = ["PRODUCT_MODULE_NAME", "PRODUCT_NAME"].lazy.compactMap { settings?.value($0) }
            .first { $0.isFullyResolved && !$0.resolved.isEmpty }
        return OutputRenderer.moduleName(forTarget: written?.resolved ?? app.name)
    }

    /// A package's `.testTarget` depending on the target whose folder holds the generated code.
    private static func inPackage(root: String, outputFolder: String, fileSystem: any FileSystem) -> (target: RehearsalTarget?, note: String?) {
        guard let manifest = try? fileSystem.read(PathText.join(root, "Package.swift")),
              let targets = try? PackageManifestReader.targets(in: manifest),
              let module = targets.filter({ $0.kind != "testTarget" && PathText.isInside(outputFolder, $0.folder) })
                  .max(by: { $0.folder.count < $1.folder.count }) else { return (nil, nil) }
        guard let test = targets.first(where: { $0.kind == "testTarget" && $0.dependencies.contains(module.name) }) else {
            return (nil, "Package.swift has no test target depending on \(module.name), so the rehearsal tests were written to \(OutputRenderer.defaultRehearsalFolder): add .testTarget(name: \"\(PathText.name(of: OutputRenderer.defaultRehearsalFolder))\", dependencies: [\"\(module.name)\"]) to its targets; bggen never adds one.")
        }
        if let outside = outside(test.folder, of: test.name) { return (nil, outside) }
        return (RehearsalTarget(name: test.name, folder: test.folder, appModule: OutputRenderer.moduleName(forTarget: module.name),
                                usesSwiftTesting: importsTesting(folder: test.folder, root: root, fileSystem: fileSystem),
                                integrationNote: nil), nil)
    }

    /// The note for a test target whose folder, as its project writes it, is absolute or climbs out with `..`:
    /// bggen writes only inside the repository, so the file goes to the default folder, and the note says so
    /// rather than show one path and write another. Nil for a folder inside.
    private static func outside(_ folder: String, of test: String) -> String? {
        guard PathText.leavesRoot(PathText.normalize(folder)) else { return nil }
        return "\(RepositoryText.name(test))'s folder \(RepositoryText.quoted(folder)) lies outside the repository, so the rehearsal tests were written to \(OutputRenderer.defaultRehearsalFolder): move \(fileName) into a folder of \(RepositoryText.name(test)) inside the repository and add it to the target."
    }

    /// Where to add a test target, in the project's own terms.
    private static func noTestTarget(app: String, kind: ProjectKind, definedIn: String) -> String {
        let folder = OutputRenderer.defaultRehearsalFolder
        let how: String
        switch kind {
        case .xcodeProject:
            how = "add a Unit Testing Bundle target with \(app) as its host application (File > New > Target) and add \(folder) to it"
        case .xcodeGen:
            how = "add a target to \(definedIn): \(app)Tests: {type: bundle.unit-test, platform: iOS, sources: [\(folder)], dependencies: [{target: \(app)}]}, then run xcodegen generate"
        case .tuist:
            how = "add .target(name: \"\(app)Tests\", destinations: .iOS, product: .unitTests, bundleId: \"…\", sources: [\"\(folder)/**\"], dependencies: [.target(name: \"\(app)\")]) to \(definedIn), then run tuist generate"
        case .swiftPackage:
            how = "add a test target for \(folder)"
        }
        return "\(app) has no unit-test target, so the rehearsal tests were written to \(folder): \(how); bggen never creates a target."
    }

    /// Whether a Swift file in `folder` (other than the rehearsal file) has `import Testing`.
    public static func importsTesting(folder: String, root: String, fileSystem: any FileSystem) -> Bool {
        let files = RepositoryWalker.files(root: PathText.join(root, folder), fileSystem: fileSystem, maximumDepth: 8) {
            $0.hasSuffix(".swift") && $0 != fileName
        }
        return files.contains { file in
            guard let text = try? fileSystem.read(PathText.join(PathText.join(root, folder), file)) else { return false }
            // Only the lines holding the word are split into words: splitting every line of every test file into
            // `Character`s cost 160 M instructions on pocket-casts-ios's 49 test files, a quarter of `init`'s.
            return lines(of: text, holding: "Testing").contains { line in
                let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == ";" })
                return words.count >= 2 && words[0] == "import" && words[1] == "Testing"
            }
        }
    }

    /// The lines of `text` that hold `word` (ASCII), each once, split where `Character.isNewline` splits them: LF,
    /// VT, FF, CR, NEL, LS and PS, each a grapheme of its own, so their bytes mark the same places.
    package static func lines(of text: String, holding word: String) -> [Substring] {
        var text = text
        let ranges: [Range<Int>] = text.withUTF8 { bytes in
            let word = Array(word.utf8)
            // Most files do not hold it at all: found at once, many bytes at a time (`memchr`).
            guard ByteSearch.contains(word, in: bytes) else { return [] }
            var found: [Range<Int>] = []
            var start = 0
            var index = 0
            while index < bytes.count {
                let length = newlineLength(at: index, in: bytes)
                if length == 0 { index += 1; continue }
                if holds(word, in: bytes, from: start, to: index) { found.append(start..<index) }
                index += length
                start = index
            }
            if holds(word, in: bytes, from: start, to: bytes.count) { found.append(start..<bytes.count) }
            return found
        }
        let utf8 = text.utf8
        return ranges.map { range in
            text[utf8.index(utf8.startIndex, offsetBy: range.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: range.upperBound)]
        }
    }

    /// How many bytes the newline at `index` takes (0 for none): LF, VT, FF, CR, or NEL, LS, PS in UTF-8.
    private static func newlineLength(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        switch bytes[index] {
        case 0x0A...0x0D: 1
        case 0xC2: index + 1 < bytes.count && bytes[index + 1] == 0x85 ? 2 : 0
        case 0xE2: index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9) ? 3 : 0
        default: 0
        }
    }

    /// Whether `bytes[start..<end]` holds `word`.
    private static func holds(_ word: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
        end - start >= word.count && ByteSearch.contains(word, in: UnsafeBufferPointer(rebasing: bytes[start..<end]))
    }
}
