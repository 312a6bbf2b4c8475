import Foundation

/// Holds a large value (doctor's model of the code and the project) until a background thread lets it go, so that
/// freeing it costs the thread that writes the report nothing.
///
/// The last release of a value frees it on whichever thread makes it: handing a copy to a background block is not
/// enough while the caller still holds one of its own. The caller keeps only this box, and the box lets the value go
/// on the background thread, so that release is the last.
final class HeldUntilReleased<Value: Sendable>: @unchecked Sendable {
    /// Read before `releaseInBackground`, which is the only writer: the dispatch orders the two.
    private var held: Value?

    init(_ value: Value) {
        held = value
    }

    var value: Value { held! }

    func releaseInBackground() {
        DispatchQueue.global().async { self.held = nil }
    }
}
