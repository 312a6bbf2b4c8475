import Foundation

/// How often periodic work should run. The system treats every interval as a lower bound, never as a timetable.
public enum Interval: Sendable, Equatable, CustomStringConvertible {
    case hourly
    case fewHours
    case daily
    /// No periodic refresh: a silent push from the server triggers the work.
    case onPush
    case every(seconds: Int)

    /// The shortest refresh interval bggen accepts. iOS rarely runs a refresh sooner, so asking for less only
    /// misleads whoever reads the code.
    public static let minimumRefreshSeconds = 15 * 60
    /// Processing tasks are heavy maintenance; scheduling them more often than hourly wastes the budget.
    public static let minimumProcessingSeconds = 60 * 60

    public static let keywords = ["hourly", "few-hours", "daily", "on-push"]

    /// A duration as `parse` reads it, as a JSON Schema pattern (the MCP tools' `interval`); `parse` also bounds it.
    public static let durationPattern = "^[1-9][0-9]*[mhd]$"

    /// Parses a keyword or a duration such as `30m`, `6h` or `1d`.
    public static func parse(_ text: String) throws(ConfigurationError) -> Interval {
        let value = text.trimmingCharacters(in: .whitespaces).lowercased()
        switch value {
        case "hourly": return .hourly
        case "few-hours": return .fewHours
        case "daily": return .daily
        case "on-push": return .onPush
        default: break
        }
        let units: [Character: Int] = ["m": 60, "h": 3600, "d": 86_400]
        guard let unit = value.last, let multiplier = units[unit],
              let count = Int(value.dropLast()), count > 0, count <= 365 * 86_400 / multiplier
        else {
            throw .invalidInterval(text)
        }
        let seconds = count * multiplier
        guard seconds >= minimumRefreshSeconds else {
            throw .intervalTooShort(text)
        }
        return .every(seconds: seconds)
    }

    /// Seconds until the earliest next run, or nil when the work is push-driven.
    public var seconds: Int? {
        switch self {
        case .hourly: 3600
        case .fewHours: 4 * 3600
        case .daily: 24 * 3600
        case .onPush: nil
        case .every(let seconds): seconds
        }
    }

    /// The spelling a user would type, so answers files and `--json` round-trip.
    public var description: String {
        switch self {
        case .hourly: "hourly"
        case .fewHours: "few-hours"
        case .daily: "daily"
        case .onPush: "on-push"
        case .every(let seconds):
            if seconds % 86_400 == 0 { "\(seconds / 86_400)d" }
            else if seconds % 3600 == 0 { "\(seconds / 3600)h" }
            else { "\(seconds / 60)m" }
        }
    }

    /// Human wording for comments in generated code, e.g. "4 hours".
    package static func humanDuration(seconds: Int) -> String {
        func unit(_ count: Int, _ name: String) -> String { "\(count) \(name)\(count == 1 ? "" : "s")" }
        if seconds % 86_400 == 0 { return unit(seconds / 86_400, "day") }
        if seconds % 3600 == 0 { return unit(seconds / 3600, "hour") }
        if seconds > 3600 { return "\(unit(seconds / 3600, "hour")) \(unit(seconds % 3600 / 60, "minute"))" }
        return unit(seconds / 60, "minute")
    }
}
