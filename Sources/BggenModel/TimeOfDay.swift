/// A local wall-clock time such as 02:30, for processing that should wait for the night.
public struct TimeOfDay: Sendable, Equatable, CustomStringConvertible {
    public let hour: Int
    public let minute: Int

    public init(_ text: String) throws(ConfigurationError) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count <= 2, parts[1].count == 2,
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let hour = Int(parts[0]), let minute = Int(parts[1]), (0..<24).contains(hour), (0..<60).contains(minute)
        else {
            throw .invalidTimeOfDay(text)
        }
        self.hour = hour
        self.minute = minute
    }

    public var description: String {
        (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
    }
}

/// Whether processing waits for a time of night: an answer of its own, so "no fixed time" can override a
/// recorded one.
public enum NightlyStart: Sendable, Equatable, CustomStringConvertible {
    case anyTime
    case at(TimeOfDay)

    /// `02:30`, or `none` for no fixed time.
    public init(_ text: String) throws(ConfigurationError) {
        self = text.lowercased() == "none" ? .anyTime : .at(try TimeOfDay(text))
    }

    public var time: TimeOfDay? {
        if case .at(let time) = self { return time }
        return nil
    }

    public var description: String { time?.description ?? "none" }
}
