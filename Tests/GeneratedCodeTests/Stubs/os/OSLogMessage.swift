// Mirrors OSLogMessage and OSLogInterpolation from os.swiftinterface (iOS 18 SDK), keeping what makes them strict:
// - a message is an interpolation literal, never a String value;
// - every interpolated value is an `@autoclosure @escaping` closure, so class members need an explicit `self.`;
// - there is no overload for Optional or for types that are not CustomStringConvertible;
// - `@_semantics("oslog.requires_constant_arguments")` makes the compiler's own os_log check (it runs on Linux
//   too) reject `privacy:`, `format:` and `align:` arguments that are not static members or literals.
import Foundation
import StubRuntime

@available(macOS 11.0, iOS 14.0, watchOS 7.0, tvOS 14.0, *)
public struct OSLogPrivacy {
    enum Option { case `private`, `public`, sensitive, auto }

    let option: Option
    let mask: Mask

    /// Not @frozen, as in the SDK.
    public enum Mask: Hashable {
        case hash
        case none
    }

    @_semantics("constant_evaluable")
    public static var `public`: OSLogPrivacy { OSLogPrivacy(option: .public, mask: .none) }
    @_semantics("constant_evaluable")
    public static var `private`: OSLogPrivacy { OSLogPrivacy(option: .private, mask: .none) }
    @_semantics("constant_evaluable")
    public static func `private`(mask: Mask) -> OSLogPrivacy { OSLogPrivacy(option: .private, mask: mask) }
    @_semantics("constant_evaluable")
    public static var sensitive: OSLogPrivacy { OSLogPrivacy(option: .sensitive, mask: .none) }
    @_semantics("constant_evaluable")
    public static func sensitive(mask: Mask) -> OSLogPrivacy { OSLogPrivacy(option: .sensitive, mask: mask) }
    @_semantics("constant_evaluable")
    public static var auto: OSLogPrivacy { OSLogPrivacy(option: .auto, mask: .none) }
    @_semantics("constant_evaluable")
    public static func auto(mask: Mask) -> OSLogPrivacy { OSLogPrivacy(option: .auto, mask: mask) }

    /// The unified log redacts private, sensitive and (for non-scalar values) automatic arguments unless a
    /// debugger is attached; a simulator reading the log sees the same.
    func isPublic(isScalar: Bool) -> Bool {
        switch option {
        case .public: true
        case .auto where isScalar: true
        default: false
        }
    }
}

@available(macOS 11.0, iOS 14.0, watchOS 7.0, tvOS 14.0, *)
public struct OSLogStringAlignment {
    @_semantics("constant_evaluable")
    public static var none: OSLogStringAlignment { OSLogStringAlignment() }
    @_semantics("constant_evaluable")
    public static func right(columns: @autoclosure @escaping () -> Int) -> OSLogStringAlignment { OSLogStringAlignment() }
    @_semantics("constant_evaluable")
    public static func left(columns: @autoclosure @escaping () -> Int) -> OSLogStringAlignment { OSLogStringAlignment() }
}

@available(macOS 11.0, iOS 14.0, watchOS 7.0, tvOS 14.0, *)
public struct OSLogIntegerFormatting {
    let radix: Int

    @_semantics("constant_evaluable")
    public static var decimal: OSLogIntegerFormatting { OSLogIntegerFormatting(radix: 10) }
    @_semantics("constant_evaluable")
    public static func decimal(explicitPositiveSign: Bool = false) -> OSLogIntegerFormatting {
        OSLogIntegerFormatting(radix: 10)
    }
    @_semantics("constant_evaluable")
    public static func decimal(
        explicitPositiveSign: Bool = false, minDigits: @autoclosure @escaping () -> Int
    ) -> OSLogIntegerFormatting { OSLogIntegerFormatting(radix: 10) }
    @_semantics("constant_evaluable")
    public static var hex: OSLogIntegerFormatting { OSLogIntegerFormatting(radix: 16) }
    @_semantics("constant_evaluable")
    public static func hex(
        explicitPositiveSign: Bool = false, includePrefix: Bool = false, uppercase: Bool = false
    ) -> OSLogIntegerFormatting { OSLogIntegerFormatting(radix: 16) }
    @_semantics("constant_evaluable")
    public static func hex(
        explicitPositiveSign: Bool = false, includePrefix: Bool = false, uppercase: Bool = false,
        minDigits: @autoclosure @escaping () -> Int
    ) -> OSLogIntegerFormatting { OSLogIntegerFormatting(radix: 16) }
    @_semantics("constant_evaluable")
    public static var octal: OSLogIntegerFormatting { OSLogIntegerFormatting(radix: 8) }
    @_semantics("constant_evaluable")
    public static func octal(
        explicitPositiveSign: Bool = false, includePrefix: Bool = false, uppercase: Bool = false
    ) -> OSLogIntegerFormatting { OSLogIntegerFormatting(radix: 8) }
}

@available(macOS 11.0, iOS 14.0, watchOS 7.0, tvOS 14.0, *)
public struct OSLogFloatFormatting {
    @_semantics("constant_evaluable")
    public static var fixed: OSLogFloatFormatting { OSLogFloatFormatting() }
    @_semantics("constant_evaluable")
    public static func fixed(explicitPositiveSign: Bool = false, uppercase: Bool = false) -> OSLogFloatFormatting {
        OSLogFloatFormatting()
    }
    @_semantics("constant_evaluable")
    public static func fixed(
        precision: @autoclosure @escaping () -> Int, explicitPositiveSign: Bool = false, uppercase: Bool = false
    ) -> OSLogFloatFormatting { OSLogFloatFormatting() }
    @_semantics("constant_evaluable")
    public static var hex: OSLogFloatFormatting { OSLogFloatFormatting() }
    @_semantics("constant_evaluable")
    public static var exponential: OSLogFloatFormatting { OSLogFloatFormatting() }
    @_semantics("constant_evaluable")
    public static var hybrid: OSLogFloatFormatting { OSLogFloatFormatting() }
}

@available(macOS 11.0, iOS 14.0, watchOS 7.0, tvOS 14.0, *)
public enum OSLogBoolFormat: Hashable {
    case truth
    case answer
}

@available(macOS 11.0, iOS 14.0, watchOS 7.0, tvOS 14.0, *)
public enum OSLogInt32ExtendedFormat: Hashable {
    case ipv4Address, secondsSince1970, darwinErrno, darwinMode, darwinSignal, machErrno
    case bitrate, bitrateIEC, byteCount, byteCountIEC, truth, answer
}

@available(macOS 12.0, iOS 15.0, watchOS 8.0, tvOS 15.0, *)
public enum OSLogIntExtendedFormat: Hashable {
    case bitrate, bitrateIEC, byteCount, byteCountIEC
}

@available(macOS 11.0, iOS 14.0, watchOS 7.0, tvOS 14.0, *)
public enum OSLogPointerFormat: Hashable {
    case ipv6Address, timeval, timespec, uuid, sockaddr, none
}

@available(macOS 11.0, iOS 14.0, watchOS 7.0, tvOS 14.0, *)
public struct OSLogInterpolation: StringInterpolationProtocol {
    /// A literal, or a value rendered lazily (the SDK also evaluates arguments only when the level is enabled).
    enum Part {
        case literal(String)
        case argument(() -> String, OSLogPrivacy, isScalar: Bool)
    }

    var parts: [Part] = []

    public init(literalCapacity: Int, interpolationCount: Int) {}

    public mutating func appendLiteral(_ literal: String) {
        parts.append(.literal(literal))
    }

    mutating func append(_ value: @escaping () -> String, _ privacy: OSLogPrivacy, isScalar: Bool) {
        parts.append(.argument(value, privacy, isScalar: isScalar))
    }

    /// The message as the persisted log shows it, and every argument with its privacy.
    var logged: (message: String, arguments: [LoggedArgument]) {
        var message = ""
        var arguments: [LoggedArgument] = []
        for part in parts {
            switch part {
            case .literal(let text):
                message += text
            case .argument(let value, let privacy, let isScalar):
                let argument = LoggedArgument(value: value(), isPublic: privacy.isPublic(isScalar: isScalar))
                arguments.append(argument)
                message += argument.isPublic ? argument.value : "<private>"
            }
        }
        return (message, arguments)
    }

    public typealias StringLiteralType = String
}

@available(macOS 11.0, iOS 14.0, watchOS 7.0, tvOS 14.0, *)
public struct OSLogMessage: ExpressibleByStringInterpolation, ExpressibleByStringLiteral {
    public let interpolation: OSLogInterpolation

    public init(stringInterpolation: OSLogInterpolation) {
        interpolation = stringInterpolation
    }

    public init(stringLiteral value: String) {
        var interpolation = OSLogInterpolation(literalCapacity: 1, interpolationCount: 0)
        interpolation.appendLiteral(value)
        self.interpolation = interpolation
    }

    public var bufferSize: Int { 2 }

    public typealias StringInterpolation = OSLogInterpolation
    public typealias StringLiteralType = String
    public typealias ExtendedGraphemeClusterLiteralType = String
    public typealias UnicodeScalarLiteralType = String
}
