import UIKit

final class ReaderSceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?
}
