import Observation

@Observable
final class LightStore {
    var lights: [String] = ["Kitchen", "Hall"]
}
