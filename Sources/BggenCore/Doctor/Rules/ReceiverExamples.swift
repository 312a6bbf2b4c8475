/// BG004's examples of receivers typed through other files' declarations: launch runs `Screen().start()`, which
/// registers, and a view reaches a `start()` whose receiver only another file types. A `Screen` makes the later path
/// real (a warning); a `Sensors`, whose `start()` does not register, makes it another type's (nothing).
extension ExampleSources {
    /// A view's `.onAppear` calls `feature.sensors.start()`, and `Feature` (a file of its own) inherits `sensors` from
    /// `base`, another file.
    static func inheritedProperty(_ base: String, marker: String = "") -> ExampleApp {
        inherited(base, feature: "final class Feature: Base {}\n", call: "feature.sensors.start()", marker: marker)
    }

    /// A view's `.onAppear` calls `feature.boot()`, and `Feature` (a file of its own, which declares no `sensors`)
    /// calls `self.sensors.start()` on what it inherits from `base`, another file.
    static func inheritedThroughSelf(_ base: String, marker: String = "") -> ExampleApp {
        inherited(base, feature: "final class Feature: Base {\n    func boot() {\n        self.sensors.start()\n    }\n}\n",
                  call: "feature.boot()", marker: marker)
    }

    /// Launch runs `Screen().start()` (`marker` before the registering `start()`); a view holding a `Feature`, declared
    /// by `feature` over `base`, runs `call` in `.onAppear`.
    private static func inherited(_ base: String, feature: String, call: String, marker: String) -> ExampleApp {
        late("func start() {", marker: marker).launching("Screen().start()")
            .with("App/Base.swift", base)
            .with("App/Feature.swift", feature)
            .with("App/Sensors.swift", "final class Sensors {\n    func start() {}\n}\n")
            .with("App/ContentView.swift", """
                import SwiftUI

                struct ContentView: View {
                    let feature = Feature()

                    var body: some View {
                        Text("Hello")
                            .onAppear { \(call) }
                    }
                }

                """)
    }

    /// A view calls `start()` on a value bound in `modifier`'s closure (`body`, `sensors.start()` after it), which
    /// `declaration`, in another file, returns as a `type` (`T` in it).
    static func madeByFunction(_ type: String, declaration: String = "func makeSensors() -> T {\n    T()\n}\n",
                               modifier: String = ".onAppear", body: String = "let sensors = makeSensors()", marker: String = "") -> ExampleApp {
        late("func start() {", marker: marker).launching("Screen().start()")
            .with("App/Factory.swift", declaration.replacingOccurrences(of: "T", with: type))
            .with("App/Sensors.swift", "final class Sensors {\n    func start() {}\n}\n")
            .with("App/ContentView.swift", view("\(modifier) {\n                \(body)\n                sensors.start()\n            }"))
            .with("App/Model.swift", model)
    }

    /// `Factory.make()`, a static function of another file returning a `type`.
    static func madeByStaticFunction(_ type: String, marker: String = "") -> ExampleApp {
        madeByFunction(type, declaration: "enum Factory {\n    static func make() -> T {\n        T()\n    }\n}\n", body: "let sensors = Factory.make()", marker: marker)
    }

    /// `try await makeSensors()` in a `.task`, an `async throws` function of another file returning a `type`.
    static func madeByAsyncFunction(_ type: String, marker: String = "") -> ExampleApp {
        madeByFunction(type, declaration: "func makeSensors() async throws -> T {\n    T()\n}\n", modifier: ".task",
                       body: "guard let sensors = try? await makeSensors() else { return }", marker: marker)
    }

    /// `.onAppear` calls `Current.app.services.sync.sensors.start()`, a chain of five names whose global and
    /// properties two other files declare, the last a `type`.
    static func fiveNameChain(_ type: String, marker: String = "") -> ExampleApp {
        late("func start() {", marker: marker).launching("Screen().start()")
            .with("App/Environment.swift", """
                var Current = Environment()

                final class Environment {
                    let app = AppServices()
                }

                final class AppServices {
                    let services = Services()
                }

                final class Services {
                    let sync = SyncServices()
                }

                """)
            .with("App/SyncServices.swift", "final class SyncServices {\n    let sensors = \(type)()\n}\n")
            .with("App/Sensors.swift", "final class Sensors {\n    func start() {}\n}\n")
            .with("App/ContentView.swift", view(".onAppear { Current.app.services.sync.sensors.start() }"))
    }
}
