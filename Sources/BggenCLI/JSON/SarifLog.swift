/// The part of SARIF 2.1.0 doctor writes. No `helpUri` or `informationUri`: bggen has no web home yet, and each
/// rule's `help` carries its documentation.
struct Sarif: Encodable {
    struct Text: Encodable { let text: String }
    /// A multiformat message string: plain text, and GitHub-flavoured Markdown where there is any.
    struct Message: Encodable {
        let text: String
        let markdown: String
    }
    struct Configuration: Encodable { let level: String }
    struct Properties: Encodable { let tags: [String] }
    struct Rule: Encodable {
        let id: String
        let shortDescription: Text
        let fullDescription: Message
        let help: Message
        let properties: Properties
        let defaultConfiguration: Configuration
    }
    struct Driver: Encodable {
        let name: String
        let version: String
        let rules: [Rule]
    }
    struct Tool: Encodable { let driver: Driver }
    struct ArtifactLocation: Encodable {
        let uri: String
        let uriBaseId: String
    }
    struct Region: Encodable {
        let startLine: Int
        let startColumn: Int
    }
    struct PhysicalLocation: Encodable {
        let artifactLocation: ArtifactLocation
        let region: Region?
    }
    struct Location: Encodable { let physicalLocation: PhysicalLocation }
    struct Result: Encodable {
        let ruleId: String
        let ruleIndex: Int
        let level: String
        let message: Text
        let locations: [Location]
        let partialFingerprints: [String: String]
    }
    /// Where `%SRCROOT%` is: an absolute `file:` URI ending in `/`.
    struct BaseURI: Encodable { let uri: String }
    struct Run: Encodable {
        let tool: Tool
        let originalUriBaseIds: [String: BaseURI]
        let results: [Result]
    }

    let version: String
    let schema: String
    let runs: [Run]

    enum CodingKeys: String, CodingKey {
        case version
        case schema = "$schema"
        case runs
    }
}
