@testable import BggenCore
import BggenFormats
import Testing

/// The receivers a file leaves for other files' declarations to type (`ReceiverTypes.chain(ofReceiverAt:)`), and the
/// declarations that type them (`PropertyType`, `PropertyTable`): issue 39's program model.
@Suite("Receiver chains")
struct ReceiverChainTests {
    /// The chain of the receiver of the last call of `call` in `text`.
    private func chain(_ text: String, at call: String) throws -> ReceiverChain? {
        let tokens = try SourceLexer.tokens(of: text, language: .swift)
        let index = try #require(tokens.indices.last { tokens[$0].text == call && $0 + 1 < tokens.count && tokens[$0 + 1].text == "(" })
        var known: [Int: String?] = [:]
        return ReceiverTypes(tokens: tokens).chain(ofReceiverAt: index, known: &known)
    }

    private func declarations(_ text: String) throws -> Set<PropertyType> {
        Set(PropertyType.all(in: try SourceLexer.tokens(of: text, language: .swift)))
    }

    @Test func selfInASubclassWhoseFileDoesNotDeclareThePropertyIsTheSubclassThenTheProperty() throws {
        #expect(try chain("final class Feature: Base {\n    func boot() {\n        self.sensors.start()\n    }\n}\n", at: "start")
                    == ReceiverChain(root: "Feature", rootIsType: true, members: ["sensors"]))
        // An extension's type may be any conforming type's: nothing, as before.
        #expect(try chain("extension Feature {\n    func boot() {\n        self.sensors.start()\n    }\n}\n", at: "start") == nil)
    }

    @Test func aStaticFunctionsValueIsItsTypeThenTheFunction() throws {
        let made = try #require(try chain("func boot() {\n    let sensors = Factory.make()\n    sensors.queue.start()\n}\n", at: "start"))
        #expect(made == ReceiverChain(root: "Factory", rootIsType: true, members: ["make()", "queue"]))
        #expect(made.names == ["make", "queue"])
        // `Type.shared`, `Type.init(…)` and `Type.Nested(…)` stay what they were.
        #expect(try chain("func boot() {\n    let sensors = Factory.shared\n    sensors.queue.start()\n}\n", at: "start")
                    == ReceiverChain(root: "Factory", rootIsType: true, members: ["queue"]))
        #expect(try chain("func boot() {\n    let sensors = Factory.init()\n    sensors.queue.start()\n}\n", at: "start")
                    == ReceiverChain(root: "Factory", rootIsType: true, members: ["queue"]))
    }

    @Test func tryAndAwaitBeforeACallAreReadPast() throws {
        #expect(try chain("func boot() async throws {\n    let sensors = try await makeSensors()\n    sensors.start()\n}\n", at: "start")
                    == ReceiverChain(root: "makeSensors", rootIsType: false, rootIsCall: true, members: []))
        #expect(try chain("func boot() async {\n    let sensors = try? await Factory.make()\n    sensors?.start()\n}\n", at: "start")
                    == ReceiverChain(root: "Factory", rootIsType: true, members: ["make()"]))
        #expect(try chain("func boot() {\n    let sensors = try! makeSensors()\n    sensors.start()\n}\n", at: "start")
                    == ReceiverChain(root: "makeSensors", rootIsType: false, rootIsCall: true, members: []))
    }

    @Test func aChainOfAnyLengthIsRead() throws {
        let links = Array(repeating: "link", count: 12)
        #expect(try chain("func boot() {\n    Current.\(links.joined(separator: ".")).start()\n}\n", at: "start")
                    == ReceiverChain(root: "Current", rootIsType: false, members: links))
    }

    @Test func staticFunctionsAndSelfAreDeclaredReturnTypes() throws {
        let found = try declarations("""
            enum Factory {
                static func make() async throws -> Sensors { Sensors() }
            }

            final class Manager {
                class func current() -> Self { fatalError() }
                func instance() -> Sensors { Sensors() }
            }

            extension Manager {
                public static func backup() -> Sensors? { nil }
            }

            func makeSensors() -> Sensors { Sensors() }

            """)
        #expect(found == [PropertyType(owner: "Factory", name: "make()", type: "Sensors"),
                          PropertyType(owner: "Manager", name: "current()", type: "Manager"),
                          PropertyType(owner: "Manager", name: "backup()", type: "Sensors"),
                          PropertyType(owner: nil, name: "makeSensors()", type: "Sensors")])
    }

    /// What a generic, opaque, tuple or closure return type is depends on the call: left untyped.
    @Test func genericAndOpaqueReturnTypesAreLeftUntyped() throws {
        #expect(try declarations("""
            enum Factory {
                static func make<T: Starting>() -> T { fatalError() }
                static func view() -> some Starting { Sensors() }
                static func pair() -> (Sensors, Sensors) { (Sensors(), Sensors()) }
                static func later() -> () -> Sensors { { Sensors() } }
                static func list() -> Array<Sensors> { [] }
            }

            """) == [])
    }

    @Test func theTableTypesAStaticFunctionsValueAndAnInheritedPropertyOfSelf() throws {
        var table = PropertyTable(try declarations("""
            enum Factory {
                static func make() -> Sensors { Sensors() }
            }

            class Base {
                let sensors = Sensors()
            }

            """), supertypes: ["Feature": ["Base"]])
        #expect(table.type(of: ReceiverChain(root: "Factory", rootIsType: true, members: ["make()"])) == "Sensors")
        #expect(table.type(of: ReceiverChain(root: "Feature", rootIsType: true, members: ["sensors"])) == "Sensors")
        // A static function no file declares (an enum case with a payload, `State.loading(progress)`) gives its type, as before.
        #expect(table.type(of: ReceiverChain(root: "State", rootIsType: true, members: ["loading()"])) == "State")
        #expect(table.type(of: ReceiverChain(root: "Factory", rootIsType: true, members: ["build()"])) == "Factory")
    }
}
