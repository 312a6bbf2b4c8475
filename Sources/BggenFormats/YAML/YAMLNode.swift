import Foundation

/// A YAML value, as far as XcodeGen specs need: maps, lists and scalars.
package indirect enum YAMLNode: Sendable {
    case scalar(String)
    case list([YAMLNode])
    /// Keys in file order; the last of duplicate keys wins on lookup.
    case map([(key: String, value: YAMLNode)])

    package subscript(key: String) -> YAMLNode? {
        guard case .map(let pairs) = self else { return nil }
        return pairs.last { $0.key == key }?.value
    }

    package var string: String? {
        if case .scalar(let value) = self { value } else { nil }
    }

    package var list: [YAMLNode]? {
        if case .list(let items) = self { items } else { nil }
    }

    package var pairs: [(key: String, value: YAMLNode)]? {
        if case .map(let pairs) = self { pairs } else { nil }
    }

    /// A scalar, or the scalars of a list (`platform: iOS` and `platform: [iOS, macOS]` alike).
    package var strings: [String] {
        switch self {
        case .scalar(let value): [value]
        case .list(let items): items.compactMap(\.string)
        case .map: []
        }
    }

    /// Deep merge: maps merge key by key with `overlay` winning; anything else is replaced by `overlay`.
    package func merged(with overlay: YAMLNode) -> YAMLNode {
        guard case .map(var base) = self, case .map(let top) = overlay else { return overlay }
        for (key, value) in top {
            if let index = base.lastIndex(where: { $0.key == key }) {
                base[index].value = base[index].value.merged(with: value)
            } else {
                base.append((key, value))
            }
        }
        return .map(base)
    }
}
