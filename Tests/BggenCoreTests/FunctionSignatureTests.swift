import BggenFormats
import BggenTestSupport
import Foundation
import Testing

/// `FunctionScopes.signature(declaredAt:)`, which `TaskHelper` asks of every function of a file, reads a function's
/// name and parameters as `function(declaredAt:)` does, its body's names left unread.
@Suite("Function signatures")
struct FunctionSignatureTests {
    @Test func aSignatureIsTheScopeWithoutItsLocals() throws {
        var compared = 0
        let files = FileManager.default.enumerator(atPath: Fixtures.folder.path)?.compactMap { $0 as? String } ?? []
        for file in files where file.hasSuffix(".swift") {
            let text = try String(contentsOf: Fixtures.folder.appendingPathComponent(file), encoding: .utf8)
            guard let tokens = try? SourceLexer.tokens(of: text, language: .swift) else { continue }
            var scopes = FunctionScopes(tokens: tokens)
            for index in tokens.indices where tokens[index].keyword == .func && tokens[index].kind == .identifier {
                let signature = scopes.signature(declaredAt: index)
                let scope = scopes.function(declaredAt: index)?.scope
                #expect((signature == nil) == (scope == nil), "\(file):\(tokens[index].line)")
                guard let signature, let scope else { continue }
                #expect(signature.name == scope.name && signature.parameters == scope.parameters, "\(file):\(tokens[index].line)")
                #expect(signature.signature.mapValues { "\($0.label) \($0.type)" } == scope.signature.mapValues { "\($0.label) \($0.type)" })
                #expect(signature.locals.isEmpty)
                compared += 1
            }
        }
        #expect(compared > 100, "the fixtures declare functions with bodies")
    }
}
