import UIKit

/// The app's UIApplication subclass, which main.swift also names: not a delegate.
final class QuestsApplication: UIApplication {}
