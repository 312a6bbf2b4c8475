import UIKit

final class Widgets: NSObject {}
