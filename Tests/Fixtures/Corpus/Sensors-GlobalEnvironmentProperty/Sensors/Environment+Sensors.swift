import Foundation

extension Environment {
    var sensors: SensorContainer { SensorContainer.shared }
}
