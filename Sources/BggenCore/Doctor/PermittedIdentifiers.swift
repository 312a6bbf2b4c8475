import BggenFormats

/// The entries of an Info.plist's `BGTaskSchedulerPermittedIdentifiers`, each expanded once with a target's build
/// settings as Xcode expands it (`$(PRODUCT_BUNDLE_IDENTIFIER).refresh`), so that asking about every identifier
/// the code uses costs a lookup each: expanding every entry for every identifier made doctor's time grow with
/// (entries) × (registrations) (issue 43, item 5: 4,000 of each took over two minutes).
struct PermittedIdentifiers {
    /// What entries (wildcards included, taken literally) expand to in some configuration.
    private var exact = Set<String>()
    /// The same without the wildcard entries, which a continued-processing identifier matches as prefixes.
    private var exactOfPlainEntries = Set<String>()
    /// Expansions that leave a variable nothing defines: they permit what their known parts fit.
    private var open = OpenPermittedEntries()
    /// `prefix.` of each `prefix.*` entry, expanded.
    private var wildcardPrefixes = Set<String>()
    /// Some wildcard's prefix leaves a variable unresolved: it may permit any continued-processing identifier.
    private var someWildcardOpen = false

    init(entries: [String], target: AppTarget) {
        for entry in entries {
            let isWildcard = entry.hasSuffix(".*")
            for value in target.expansions(of: entry) {
                if value.isFullyResolved {
                    exact.insert(value.resolved)
                    if !isWildcard { exactOfPlainEntries.insert(value.resolved) }
                } else {
                    open.insert(value.resolved, isWildcard: isWildcard)
                }
            }
            guard isWildcard else { continue }
            for prefix in target.expansions(of: String(entry.dropLast())) {
                if prefix.isFullyResolved { wildcardPrefixes.insert(prefix.resolved) } else { someWildcardOpen = true }
            }
        }
    }

    /// Whether `identifier` may be permitted: exactly, or (continued processing only) by a `prefix.*` wildcard. An
    /// entry whose variables nothing defines counts when its known parts fit: doctor cannot tell, and a finding
    /// that is wrong teaches people to ignore it.
    func permits(_ identifier: String, continued: Bool) -> Bool {
        guard continued else {
            return exact.contains(identifier) || open.fit(identifier, plainOnly: false)
        }
        if exactOfPlainEntries.contains(identifier) || someWildcardOpen { return true }
        return open.fit(identifier, plainOnly: true) || underWildcard(identifier)
    }

    /// Whether a continued-processing identifier is permitted only by an entry naming it exactly: no `prefix.*`
    /// entry covers it, which is the form iOS requires for continued processing (CPT002). An entry with an
    /// undefined variable may be one, so then it is not said.
    func permitsOnlyByPlainEntry(_ identifier: String) -> Bool {
        exactOfPlainEntries.contains(identifier) && !someWildcardOpen && !open.fit(identifier, plainOnly: false) && !underWildcard(identifier)
    }

    /// A wildcard's prefix ends with its `.`: only the identifier's prefixes ending at a dot can be one.
    private func underWildcard(_ identifier: String) -> Bool {
        identifier.utf8.indices.contains { index in
            identifier.utf8[index] == UInt8(ascii: ".") && wildcardPrefixes.contains(String(identifier[...index]))
        }
    }
}
