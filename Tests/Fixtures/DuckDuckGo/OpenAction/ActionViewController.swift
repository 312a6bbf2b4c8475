import UIKit

final class ActionViewController: UIViewController {}
