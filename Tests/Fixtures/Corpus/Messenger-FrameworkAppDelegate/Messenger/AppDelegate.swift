import OTRKit
import UIKit

@main
final class AppDelegate: OTRAppDelegate {}
