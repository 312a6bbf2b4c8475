import UIKit

UIApplicationMain(
    CommandLine.argc, CommandLine.unsafeArgv,
    NSStringFromClass(QuestsApplication.self), NSStringFromClass(QuestsAppDelegate.self)
)
