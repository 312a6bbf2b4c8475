import UIKit

@main
enum AppMain {
    static func main() {
        UIApplicationMain(CommandLine.argc, CommandLine.unsafeArgv, nil, NSStringFromClass(delegateClass()))
    }

    /// Unit tests run in a host app that must not start the real app's services.
    private static func delegateClass() -> AnyClass {
        if NSClassFromString("XCTestCase") != nil {
            return TestingAppDelegate.self
        }
        return RDRAppDelegate.self
    }
}
