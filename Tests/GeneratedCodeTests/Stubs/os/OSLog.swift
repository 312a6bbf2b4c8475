// Mirrors os.swiftinterface (iOS 18 SDK): OSLogType, OSLog and the StaticString `os_log` functions that iOS 13
// targets use instead of `Logger`. Built as the Swift overlay of the empty Clang module in clang/, like Darwin's.
// The underlying Clang module `os` is re-exported through -import-underlying-module.
import Foundation
import StubRuntime

/// os_log_type_t, an OS_ENUM over uint8_t.
public struct OSLogType: RawRepresentable, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public init(_ rawValue: UInt8) { self.rawValue = rawValue }
}

extension OSLogType {
    @available(macOS 10.12, iOS 10.0, watchOS 3.0, tvOS 10.0, *)
    public static let `default` = OSLogType(0x00)
    @available(macOS 10.12, iOS 10.0, watchOS 3.0, tvOS 10.0, *)
    public static let info = OSLogType(0x01)
    @available(macOS 10.12, iOS 10.0, watchOS 3.0, tvOS 10.0, *)
    public static let debug = OSLogType(0x02)
    @available(macOS 10.12, iOS 10.0, watchOS 3.0, tvOS 10.0, *)
    public static let error = OSLogType(0x10)
    @available(macOS 10.12, iOS 10.0, watchOS 3.0, tvOS 10.0, *)
    public static let fault = OSLogType(0x11)

    var name: String {
        switch rawValue {
        case 0x01: "info"
        case 0x02: "debug"
        case 0x10: "error"
        case 0x11: "fault"
        default: "default"
        }
    }
}

/// os_log_t. An ObjC object that the overlay declares `@unchecked Sendable`.
@available(macOS 10.12, iOS 10.0, watchOS 3.0, tvOS 10.0, *)
open class OSLog: NSObject, @unchecked Sendable {
    let subsystem: String
    let category: String

    init(subsystemName: String, categoryName: String) {
        subsystem = subsystemName
        category = categoryName
        super.init()
    }

    public static let disabled = OSLog(subsystemName: "", categoryName: "disabled")
    public static let `default` = OSLog(subsystemName: "", categoryName: "")

    public convenience init(subsystem: String, category: String) {
        self.init(subsystemName: subsystem, categoryName: category)
    }

    @available(macOS 10.14, iOS 12.0, watchOS 5.0, tvOS 12.0, *)
    public convenience init(subsystem: String, category: OSLog.Category) {
        self.init(subsystemName: subsystem, categoryName: category.rawValue)
    }

    open func isEnabled(type: OSLogType) -> Bool { self !== OSLog.disabled }

    @available(macOS 10.14, iOS 12.0, watchOS 5.0, tvOS 12.0, *)
    public var signpostsEnabled: Bool { false }

    func emit(_ type: OSLogType, _ logged: (message: String, arguments: [LoggedArgument])) {
        guard isEnabled(type: type) else { return }
        StubLedger.shared.record(.logged(
            subsystem: subsystem, category: category, level: type.name, message: logged.message, arguments: logged.arguments
        ))
    }
}

@available(macOS 10.14, iOS 12.0, watchOS 5.0, tvOS 12.0, *)
extension OSLog {
    public struct Category: Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let pointsOfInterest = Category(rawValue: "PointsOfInterest")
        @available(macOS 10.15, iOS 13.0, watchOS 6.0, tvOS 13.0, *)
        public static let dynamicTracing = Category(rawValue: "DynamicTracing")
        @available(macOS 10.15, iOS 13.0, watchOS 6.0, tvOS 13.0, *)
        public static let dynamicStackTracing = Category(rawValue: "DynamicStackTracing")
    }
}

@available(macOS 10.12, iOS 10.0, watchOS 3.0, tvOS 10.0, *)
public func os_log(
    _ message: StaticString,
    dso: UnsafeRawPointer? = #dsohandle,
    log: OSLog = .default,
    type: OSLogType = .default,
    _ args: any CVarArg...
) {
    log.emit(type, renderPrintfStyle(message, args))
}

@available(macOS 10.14, iOS 12.0, watchOS 5.0, tvOS 12.0, *)
public func os_log(
    _ type: OSLogType,
    dso: UnsafeRawPointer = #dsohandle,
    log: OSLog = .default,
    _ message: StaticString,
    _ args: any CVarArg...
) {
    log.emit(type, renderPrintfStyle(message, args))
}

@available(macOS 11.0, iOS 14.0, watchOS 7.0, tvOS 14.0, *)
@_disfavoredOverload
@_semantics("oslog.requires_constant_arguments")
public func os_log(_ message: OSLogMessage) {
    OSLog.default.emit(.default, message.interpolation.logged)
}

@available(macOS 11.0, iOS 14.0, watchOS 7.0, tvOS 14.0, *)
@_disfavoredOverload
@_semantics("oslog.log_with_level")
public func os_log(_ logLevel: OSLogType = .default, log logObject: OSLog = .default, _ message: OSLogMessage) {
    logObject.emit(logLevel, message.interpolation.logged)
}

/// Substitutes the arguments as the persisted log shows them: `%{public}…` readable, `%{private}…` redacted, and
/// without either, scalars readable and objects (`%@`, `%s`) redacted, as os_log does for dynamic strings.
private func renderPrintfStyle(_ format: StaticString, _ args: [any CVarArg]) -> (message: String, arguments: [LoggedArgument]) {
    var message = ""
    var arguments: [LoggedArgument] = []
    var rest = Substring(format.description)
    while let percent = rest.firstIndex(of: "%") {
        message += rest[..<percent]
        rest = rest[rest.index(after: percent)...]
        if rest.first == "%" {
            message += "%"
            rest = rest.dropFirst()
            continue
        }
        var annotation = ""
        if rest.first == "{", let close = rest.firstIndex(of: "}") {
            annotation = String(rest[rest.index(after: rest.startIndex)..<close])
            rest = rest[rest.index(after: close)...]
        }
        guard let conversion = rest.firstIndex(where: { ($0.isLetter || $0 == "@") && !"lhqjzt".contains($0) }) else { break }
        let isObject = rest[conversion] == "@" || rest[conversion] == "s"
        rest = rest[rest.index(after: conversion)...]
        guard arguments.count < args.count else { break }
        let isPublic = annotation.contains("public") || (!annotation.contains("private") && !isObject)
        let argument = LoggedArgument(value: String(describing: args[arguments.count]), isPublic: isPublic)
        arguments.append(argument)
        message += argument.isPublic ? argument.value : "<private>"
    }
    return (message + rest, arguments)
}
