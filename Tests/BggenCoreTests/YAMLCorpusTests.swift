@testable import BggenCore
import BggenTestSupport
import Foundation
import Testing

/// bggen's YAML reader against PyYAML on real XcodeGen specs: the trees must be the same (every scalar a string,
/// merge keys applied), and what PyYAML refuses bggen refuses too.
@Suite("YAML: the XcodeGen corpus read as PyYAML reads it")
struct YAMLCorpusTests {
    static let fixtures = RepositoryPaths.root.appendingPathComponent("Tests/Fixtures")

    /// Every spec in `Tests/Fixtures`, the corpus included.
    static let files: [String] = {
        let walker = FileManager.default.enumerator(atPath: fixtures.path)
        var files: [String] = []
        while let path = walker?.nextObject() as? String {
            if path.hasSuffix(".yml") || path.hasSuffix(".yaml") { files.append(path) }
        }
        return files.sorted()
    }()

    /// PyYAML's reading of each file (`{"tree": …}` or `{"error": …}`) as JSON, by relative path; nil when PyYAML
    /// (or python3) is missing.
    static let trees: [String: Data]? = {
        let script = fixtures.appendingPathComponent("XcodeGenCorpus/pyyaml-trees.py").path
        guard let run = try? Subprocess.run(["/usr/bin/env", "python3", script] + files.map { fixtures.appendingPathComponent($0).path }, in: fixtures),
              run.exitCode == 0, let object = try? JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: [String: Any]]
        else { return nil }
        return Dictionary(uniqueKeysWithValues: object.compactMap { path, reading in
            (try? JSONSerialization.data(withJSONObject: reading)).map { (String(path.dropFirst(fixtures.path.count + 1)), $0) }
        })
    }()

    @Test func theCorpusHoldsAtLeastTwentySpecs() {
        #expect(Self.files.filter { $0.hasPrefix("XcodeGenCorpus/") }.count >= 20)
    }

    @Test(.enabled(if: trees != nil, "PyYAML is missing (pip install pyyaml), so the corpus was not compared"), arguments: files)
    func bggenReadsTheTreePyYAMLReads(_ file: String) throws {
        let data = try #require(Self.trees?[file])
        let expected = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let text = try String(contentsOf: Self.fixtures.appendingPathComponent(file), encoding: .utf8)
        if let error = expected["error"] {
            #expect(throws: YAMLSyntaxError.self, "PyYAML refuses it: \(error)") { try YAMLSubset.parse(text) }
            return
        }
        let node = try YAMLSubset.parse(text)
        let ours = Self.foundation(node) as? NSObject
        let theirs = (expected["tree"] as? NSObject) ?? NSDictionary()
        #expect(ours?.isEqual(theirs) == true, "\(file): bggen read \(ours.map(String.init(describing:)) ?? "nothing"), PyYAML \(theirs)")
    }

    /// The node as JSON reads: strings, arrays and dictionaries (a later key wins, as in PyYAML).
    static func foundation(_ node: YAMLNode) -> Any {
        switch node {
        case .scalar(let value): return value
        case .list(let items): return items.map(foundation)
        case .map(let pairs):
            var dictionary: [String: Any] = [:]
            for pair in pairs { dictionary[pair.key] = foundation(pair.value) }
            return dictionary
        }
    }
}
