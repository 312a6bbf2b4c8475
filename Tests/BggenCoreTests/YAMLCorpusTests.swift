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

    /// Besides XcodeGen's own specs, real apps' specs from at least ten repositories (named `<repository>__<path>`).
    @Test func theCorpusHoldsRealAppSpecsFromTenRepositories() {
        let real = Self.files.filter { $0.hasPrefix("XcodeGenCorpus/specs/") }.map { String($0.dropFirst("XcodeGenCorpus/specs/".count)) }
            .filter { !$0.hasPrefix("Tests__") && !$0.hasPrefix("SettingPresets__") && !$0.hasPrefix("synthetic__") }
        #expect(real.count >= 20, "\(real)")
        #expect(Set(real.map { $0.components(separatedBy: "__")[0] }).count >= 10, "\(real)")
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
        #expect(ours?.isEqual(theirs) == true, "\(file): \(Self.firstDifference(ours, theirs) ?? "the trees differ")")
    }

    /// Where the trees first part, as a key path with both readings, so a failure says what to fix.
    static func firstDifference(_ ours: Any?, _ theirs: Any?, at path: String = "") -> String? {
        if let ours = ours as? [String: Any], let theirs = theirs as? [String: Any] {
            for key in Set(ours.keys).union(theirs.keys).sorted() {
                if let difference = firstDifference(ours[key], theirs[key], at: path + "/" + key) { return difference }
            }
            return nil
        }
        if let ours = ours as? [Any], let theirs = theirs as? [Any] {
            for index in 0..<max(ours.count, theirs.count) {
                if let difference = firstDifference(index < ours.count ? ours[index] : nil, index < theirs.count ? theirs[index] : nil,
                                                    at: path + "/\(index)") { return difference }
            }
            return nil
        }
        if let ours = ours as? NSObject, let theirs = theirs as? NSObject, ours.isEqual(theirs) { return nil }
        if ours == nil, theirs == nil || theirs is NSNull { return nil }
        return "at \(path.isEmpty ? "/" : path) bggen read \(ours.map { String(describing: $0) } ?? "nothing"), PyYAML \(theirs.map { String(describing: $0) } ?? "nothing")"
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
