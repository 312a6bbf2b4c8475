import UIKit

final class Statistics: NSObject {}
