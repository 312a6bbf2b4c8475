import Foundation

/// A value of an old-style (OpenStep / ASCII) property list, the format of `project.pbxproj`.
///
/// Not `indirect`: arrays and dictionaries already hold their elements on the heap, and boxing every value as well
/// cost an allocation per string of a megabyte-sized project.
package enum OpenStepValue: Equatable, Sendable {
    case string(String)
    case array([OpenStepValue])
    case dictionary(OpenStepDictionary)

    package var string: String? {
        if case .string(let value) = self { value } else { nil }
    }

    package var array: [OpenStepValue]? {
        if case .array(let value) = self { value } else { nil }
    }

    package var dictionary: OpenStepDictionary? {
        if case .dictionary(let value) = self { value } else { nil }
    }

    /// A build setting may be written as a list (`OTHER_LDFLAGS = ("-ObjC", "$(inherited)")`); Xcode joins it with spaces.
    package var settingText: String? {
        switch self {
        case .string(let value): value
        case .array(let values): values.compactMap(\.string).joined(separator: " ")
        case .dictionary: nil
        }
    }
}

/// A syntax problem at a 1-based line, before the caller adds the file name.
package struct OpenStepSyntaxError: Error, Equatable {
    package let line: Int
    package let reason: String

    package init(line: Int, reason: String) {
        self.line = line
        self.reason = reason
    }
}

/// Reads the ASCII property-list syntax Xcode writes: `{ key = value; }`, `( a, b, )`, quoted and bare strings,
/// `<hex data>`, and `/* */` and `//` comments. Comments are skipped, so the `/* Foo.swift */` labels Xcode puts
/// after object IDs never reach the model.
///
/// It scans the text's UTF-8 bytes in place and makes a `String` only for each key and value it keeps: a project of
/// a megabyte is read in milliseconds (issue 39).
package enum OpenStepParser {
    package static func parse(_ text: String) throws(OpenStepSyntaxError) -> OpenStepValue {
        var text = text
        return try text.withUTF8 { parse(utf8: $0) }.get()
    }

    /// The file's bytes as they were read, checked to be UTF-8 (`FileSystem.readUTF8`), so that no String of the
    /// whole file is made only to be scanned.
    package static func parse(utf8 data: Data) throws(OpenStepSyntaxError) -> OpenStepValue {
        try data.withUnsafeBytes { parse(utf8: $0.assumingMemoryBound(to: UInt8.self)) }.get()
    }

    private static func parse(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Result<OpenStepValue, OpenStepSyntaxError> {
        var scanner = OpenStepScanner(bytes: bytes)
        do throws(OpenStepSyntaxError) {
            return .success(try scanner.parseDocument())
        } catch {
            return .failure(error)
        }
    }
}
