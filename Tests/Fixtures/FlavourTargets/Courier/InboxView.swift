import UIKit

final class InboxView: UIView {}
