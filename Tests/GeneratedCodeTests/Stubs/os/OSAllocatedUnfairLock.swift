// Mirrors OSAllocatedUnfairLock from os.swiftinterface (iOS 18 SDK), including its Swift 6 traps:
// - `withLock` takes an `@Sendable` body and needs a `Sendable` result;
// - `init(initialState:)` exists only when `State: Sendable` (otherwise `init(uncheckedState:)`);
// - `lock()`/`unlock()` are `@_unavailableFromAsync`.
// Backed by NSLock here; the SDK uses os_unfair_lock.
import Foundation

@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
public struct OSAllocatedUnfairLockFlags: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let adaptiveSpin = OSAllocatedUnfairLockFlags(rawValue: 1 << 18)
}

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
public struct OSAllocatedUnfairLock<State>: @unchecked Sendable {
    final class Storage {
        let lock = NSLock()
        var state: State
        init(_ state: State) { self.state = state }
    }

    let storage: Storage

    public init(uncheckedState initialState: State) {
        storage = Storage(initialState)
    }

    public func withLockUnchecked<R>(_ body: (inout State) throws -> R) rethrows -> R {
        storage.lock.lock()
        defer { storage.lock.unlock() }
        return try body(&storage.state)
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    public func withLockUnchecked<R>(
        flags: OSAllocatedUnfairLockFlags, _ body: (inout State) throws -> R
    ) rethrows -> R {
        try withLockUnchecked(body)
    }

    public func withLock<R: Sendable>(_ body: @Sendable (inout State) throws -> R) rethrows -> R {
        try withLockUnchecked(body)
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    public func withLock<R: Sendable>(
        flags: OSAllocatedUnfairLockFlags, _ body: @Sendable (inout State) throws -> R
    ) rethrows -> R {
        try withLockUnchecked(body)
    }

    public func withLockIfAvailableUnchecked<R>(_ body: (inout State) throws -> R) rethrows -> R? {
        guard storage.lock.try() else { return nil }
        defer { storage.lock.unlock() }
        return try body(&storage.state)
    }

    public func withLockIfAvailable<R: Sendable>(_ body: @Sendable (inout State) throws -> R) rethrows -> R? {
        try withLockIfAvailableUnchecked(body)
    }

    @frozen public enum Ownership: Hashable, Sendable {
        case owner
        case notOwner
    }

    /// Ownership is not tracked by NSLock, so this checks nothing.
    public func precondition(_ condition: Ownership) {}
}

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
extension OSAllocatedUnfairLock where State: Sendable {
    public init(initialState: State) {
        self.init(uncheckedState: initialState)
    }
}

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
extension OSAllocatedUnfairLock where State == () {
    public init() {
        self.init(uncheckedState: ())
    }

    public func withLockUnchecked<R>(_ body: () throws -> R) rethrows -> R {
        try withLockUnchecked { _ in try body() }
    }

    public func withLock<R: Sendable>(_ body: @Sendable () throws -> R) rethrows -> R {
        try withLockUnchecked { _ in try body() }
    }

    public func withLockIfAvailableUnchecked<R>(_ body: () throws -> R) rethrows -> R? {
        try withLockIfAvailableUnchecked { _ in try body() }
    }

    public func withLockIfAvailable<R: Sendable>(_ body: @Sendable () throws -> R) rethrows -> R? {
        try withLockIfAvailableUnchecked { _ in try body() }
    }

    @_unavailableFromAsync(message: "Use withLock for scoped locking")
    public func lock() { storage.lock.lock() }

    @_unavailableFromAsync(message: "Use withLock for scoped locking")
    public func unlock() { storage.lock.unlock() }

    @_unavailableFromAsync(message: "Use withLockIfAvailable for scoped locking")
    public func lockIfAvailable() -> Bool { storage.lock.try() }
}
