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
/// The whole file as a tree of values; a reader that wants a few keys of a large file asks `OpenStepDocument`,
/// which this reads through.
package enum OpenStepParser {
    package static func parse(_ text: String) throws(OpenStepSyntaxError) -> OpenStepValue {
        let document = try OpenStepDocument(text)
        return document.tree(document.root)
    }
}
