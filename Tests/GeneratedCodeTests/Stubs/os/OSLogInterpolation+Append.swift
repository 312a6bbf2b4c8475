// The `appendInterpolation` overloads of os.swiftinterface (iOS 18 SDK), with the same parameter types, defaults,
// `@_disfavoredOverload` markers and constant-argument semantics, transcribed from the interface. Keep the
// overload set exact, since which interpolations compile is the point of this stub.
import Foundation

@available(macOS 11.0, iOS 14.0, watchOS 7.0, tvOS 14.0, *)
extension OSLogInterpolation {
    // MARK: String

    @_semantics("oslog.requires_constant_arguments")
    public mutating func appendInterpolation(
        _ argumentString: @autoclosure @escaping () -> String,
        align: OSLogStringAlignment = .none,
        privacy: OSLogPrivacy = .auto
    ) {
        append(argumentString, privacy, isScalar: false)
    }

    @_semantics("oslog.requires_constant_arguments")
    public mutating func appendInterpolation(
        _ argumentString: @autoclosure @escaping () -> String,
        align: OSLogStringAlignment = .none,
        privacy: OSLogPrivacy = .auto,
        attributes: String
    ) {
        append(argumentString, privacy, isScalar: false)
    }

    // MARK: Integers

    @_semantics("oslog.requires_constant_arguments")
    public mutating func appendInterpolation(
        _ number: @autoclosure @escaping () -> Int,
        format: OSLogIntegerFormatting = .decimal,
        align: OSLogStringAlignment = .none,
        privacy: OSLogPrivacy = .auto
    ) {
        append({ String(number(), radix: format.radix) }, privacy, isScalar: true)
    }

    @_semantics("oslog.requires_constant_arguments")
    public mutating func appendInterpolation(
        _ number: @autoclosure @escaping () -> Int8,
        format: OSLogIntegerFormatting = .decimal,
        align: OSLogStringAlignment = .none,
        privacy: OSLogPrivacy = .auto
    ) {
        append({ String(number(), radix: format.radix) }, privacy, isScalar: true)
    }

    @_semantics("oslog.requires_constant_arguments")
    public mutating func appendInterpolation(
        _ number: @autoclosure @escaping () -> Int16,
        format: OSLogIntegerFormatting = .decimal,
        align: OSLogStringAlignment = .none,
        privacy: OSLogPrivacy = .auto
    ) {
        append({ String(number(), radix: format.radix) }, privacy, isScalar: true)
    }

    @_semantics("oslog.requires_constant_arguments")
    public mutating func appendInterpolation(
        _ number: @autoclosure @escaping () -> Int32,
        format: OSLogIntegerFormatting = .decimal,
        align: OSLogStringAlignment = .none,
        privacy: OSLogPrivacy = .auto
    ) {
        append({ String(number(), radix: format.radix) }, privacy, isScalar: true)
    }

    @_semantics("oslog.requires_constant_arguments")
    public mutating func appendInterpolation(
        _ number: @autoclosure @escaping () -> Int64,
        format: OSLogIntegerFormatting = .decimal,
        align: OSLogStringAlignment = .none,
        privacy: OSLogPrivacy = .auto
    ) {
        append({ String(number(), radix: format.radix) }, privacy, isScalar: true)
    }

    @_semantics("oslog.requires_constant_arguments")
    public mutating func appendInterpolation(
        _ number: @autoclosure @escaping () -> UInt,
        format: OSLogIntegerFormatting = .decimal,
        align: OSLogStringAlignment = .none,
        privacy: OSLogPrivacy = .auto
    ) {
        append({ String(number(), radix: format.radix) }, privacy, isScalar: true)
    }

    @_semantics("oslog.requires_constant_arguments")
    public mutating func appendInterpolation(
        _ number: @autoclosure @escaping () -> UInt8,
        format: OSLogIntegerFormatting = .decimal,
        align: OSLogStringAlignment = .none,
        privacy: OSLogPrivacy = .auto
    ) {
        append({ String(number(), radix: format.radix) }, privacy, isScalar: true)
    }

    @_semantics("oslog.requires_constant_arguments")
    public mutating func appendInterpolation(
        _ number: @autoclosure @escaping () -> UInt16,
        format: OSLogIntegerFormatting = .decimal,
        align: OSLogStringAlignment = .none,
        privacy: OSLogPrivacy = .auto
    ) {
        append({ String(number(), radix: format.radix) }, privacy, isScalar: true)
    }

    @_semantics("oslog.requires_constant_arguments")
    public mutating func appendInterpolation(
        _ number: @autoclosure @escaping () -> UInt32,
        format: OSLogIntegerFormatting = .decimal,
        align: OSLogStringAlignment = .none,
        privacy: OSLogPrivacy = .auto
    ) {
        append({ String(number(), radix: format.radix) }, privacy, isScalar: true)
    }

    @_semantics("oslog.requires_constant_arguments")
    public mutating func appendInterpolation(
        _ number: @autoclosure @escaping () -> UInt64,
        format: OSLogIntegerFormatting = .decimal,
        align: OSLogStringAlignment = .none,
        privacy: OSLogPrivacy = .auto
    ) {
        append({ String(number(), radix: format.radix) }, privacy, isScalar: true)
    }

    @_semantics("oslog.requires_constant_arguments")
    public mutating func appendInterpolation<T: FixedWidthInteger>(
        _ number: @autoclosure @escaping () -> T,
        format: OSLogIntegerFormatting = .decimal,
        align: OSLogStringAlignment = .none,
        privacy: OSLogPrivacy = .auto,
        attributes: String
    ) {
        append({ String(number(), radix: format.radix) }, privacy, isScalar: true)
    }

    @_semantics("oslog.requires_constant_arguments")
    public mutating func appendInterpolation(
        _ number: @autoclosure @escaping () -> Int32,
        format: OSLogInt32ExtendedFormat,
        privacy: OSLogPrivacy = .auto
    ) {
        append({ String(number()) }, privacy, isScalar: true)
    }

    @_semantics("oslog.requires_constant_arguments")
    public mutating func appendInterpolation(
        _ number: @autoclosure @escaping () -> Int32,
        format: OSLogInt32ExtendedFormat,
        privacy: OSLogPrivacy = .auto,
        attributes: String
    ) {
        append({ String(number()) }, privacy, isScalar: true)
    }

    @available(macOS 12.0, iOS 15.0, watchOS 8.0, tvOS 15.0, *)
    @_semantics("oslog.requires_constant_arguments")
    public mutating func appendInterpolation(
        _ number: @autoclosure @escaping () -> Int,
        format: OSLogIntExtendedFormat,
        privacy: OSLogPrivacy = .auto,
        attributes: String = ""
    ) {
        append({ String(number()) }, privacy, isScalar: true)
    }

    // MARK: Floating point and Bool

    @_semantics("oslog.requires_constant_arguments")
    public mutating func appendInterpolation(
        _ number: @autoclosure @escaping () -> Float,
        format: OSLogFloatFormatting = .fixed,
        align: OSLogStringAlignment = .none,
        privacy: OSLogPrivacy = .auto
    ) {
        append({ String(number()) }, privacy, isScalar: true)
    }

    @_semantics("oslog.requires_constant_arguments")
    public mutating func appendInterpolation(
        _ number: @autoclosure @escaping () -> Float,
        format: OSLogFloatFormatting = .fixed,
        align: OSLogStringAlignment = .none,
        privacy: OSLogPrivacy = .auto,
        attributes: String
    ) {
        append({ String(number()) }, privacy, isScalar: true)
    }

    @_semantics("oslog.requires_constant_arguments")
    public mutating func appendInterpolation(
        _ number: @autoclosure @escaping () -> Double,
        format: OSLogFloatFormatting = .fixed,
        align: OSLogStringAlignment = .none,
        privacy: OSLogPrivacy = .auto
    ) {
        append({ String(number()) }, privacy, isScalar: true)
    }

    @_semantics("oslog.requires_constant_arguments")
    public mutating func appendInterpolation(
        _ number: @autoclosure @escaping () -> Double,
        format: OSLogFloatFormatting = .fixed,
        align: OSLogStringAlignment = .none,
        privacy: OSLogPrivacy = .auto,
        attributes: String
    ) {
        append({ String(number()) }, privacy, isScalar: true)
    }

    @_semantics("oslog.requires_constant_arguments")
    public mutating func appendInterpolation(
        _ boolean: @autoclosure @escaping () -> Bool,
        format: OSLogBoolFormat = .truth,
        privacy: OSLogPrivacy = .auto
    ) {
        append({ boolean() ? (format == .truth ? "true" : "YES") : (format == .truth ? "false" : "NO") }, privacy, isScalar: true)
    }

    // MARK: Objects and errors

    @_semantics("oslog.requires_constant_arguments")
    public mutating func appendInterpolation(
        _ argumentObject: @autoclosure @escaping () -> NSObject,
        privacy: OSLogPrivacy = .auto
    ) {
        append({ argumentObject().description }, privacy, isScalar: false)
    }

    @_semantics("oslog.requires_constant_arguments")
    public mutating func appendInterpolation(
        _ argumentObject: @autoclosure @escaping () -> NSObject,
        privacy: OSLogPrivacy = .auto,
        attributes: String
    ) {
        append({ argumentObject().description }, privacy, isScalar: false)
    }

    @_semantics("oslog.requires_constant_arguments")
    public mutating func appendInterpolation(
        _ object: @autoclosure @escaping () -> NSObject?,
        privacy: OSLogPrivacy = .auto,
        attributes: String = ""
    ) {
        append({ object()?.description ?? "(null)" }, privacy, isScalar: false)
    }

    @_disfavoredOverload
    @_semantics("oslog.requires_constant_arguments")
    public mutating func appendInterpolation(
        _ error: @autoclosure @escaping () -> any Error,
        privacy: OSLogPrivacy = .auto,
        attributes: String = ""
    ) {
        append({ String(describing: error() as NSError) }, privacy, isScalar: false)
    }

    @_disfavoredOverload
    @_semantics("oslog.requires_constant_arguments")
    public mutating func appendInterpolation(
        _ error: @autoclosure @escaping () -> (any Error)?,
        privacy: OSLogPrivacy = .auto,
        attributes: String = ""
    ) {
        append({ error().map { String(describing: $0 as NSError) } ?? "(null)" }, privacy, isScalar: false)
    }

    // MARK: Anything else that describes itself, and metatypes

    @_disfavoredOverload
    @_semantics("oslog.requires_constant_arguments")
    public mutating func appendInterpolation<T: CustomStringConvertible>(
        _ value: @autoclosure @escaping () -> T,
        align: OSLogStringAlignment = .none,
        privacy: OSLogPrivacy = .auto
    ) {
        append({ value().description }, privacy, isScalar: false)
    }

    @_disfavoredOverload
    @_semantics("oslog.requires_constant_arguments")
    public mutating func appendInterpolation<T: CustomStringConvertible>(
        _ value: @autoclosure @escaping () -> T,
        align: OSLogStringAlignment = .none,
        privacy: OSLogPrivacy = .auto,
        attributes: String
    ) {
        append({ value().description }, privacy, isScalar: false)
    }

    @_semantics("oslog.requires_constant_arguments")
    public mutating func appendInterpolation(
        _ value: @autoclosure @escaping () -> any Any.Type,
        align: OSLogStringAlignment = .none,
        privacy: OSLogPrivacy = .auto
    ) {
        append({ _typeName(value(), qualified: false) }, privacy, isScalar: false)
    }

    @_semantics("oslog.requires_constant_arguments")
    public mutating func appendInterpolation(
        _ value: @autoclosure @escaping () -> any Any.Type,
        align: OSLogStringAlignment = .none,
        privacy: OSLogPrivacy = .auto,
        attributes: String
    ) {
        append({ _typeName(value(), qualified: false) }, privacy, isScalar: false)
    }

    // MARK: Raw memory

    @_semantics("oslog.requires_constant_arguments")
    public mutating func appendInterpolation(
        _ pointer: @autoclosure @escaping () -> UnsafeRawBufferPointer,
        format: OSLogPointerFormat = .none,
        privacy: OSLogPrivacy = .auto
    ) {
        append({ "<\(pointer().count) bytes>" }, privacy, isScalar: false)
    }

    @_semantics("oslog.requires_constant_arguments")
    public mutating func appendInterpolation(
        _ pointer: @autoclosure @escaping () -> UnsafeRawPointer,
        bytes: @autoclosure @escaping () -> Int,
        format: OSLogPointerFormat = .none,
        privacy: OSLogPrivacy = .auto
    ) {
        append({ "<\(bytes()) bytes>" }, privacy, isScalar: false)
    }
}
