import UIKit

protocol SensorObserver: AnyObject {
    func sensorsDidChange()
}

final class SensorContainer {
    private var observers: [SensorObserver] = []

    func register(observer: SensorObserver) {
        observers.append(observer)
    }
}

enum OnboardingStep {
    case beforeRegister, register, afterRegister
}

final class WebViewController: UIViewController, SensorObserver {
    let sensors = SensorContainer()

    override func viewDidLoad() {
        super.viewDidLoad()
        sensors.register(observer: self)
        steps(.beforeRegister, .register, .afterRegister)
    }

    func steps(_ steps: OnboardingStep...) {}

    func sensorsDidChange() {}
}
