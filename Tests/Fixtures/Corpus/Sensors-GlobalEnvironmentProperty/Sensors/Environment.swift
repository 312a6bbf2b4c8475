import Foundation

/// The app's dependencies, replaced in tests.
var Current = Environment()

final class Environment {
    var date: () -> Date = Date.init
}
