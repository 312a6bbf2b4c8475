// Compiled into the app module under test, never into a stub module.
//
// Linux has no file protection classes: Foundation's `FileManager.setAttributes(_:ofItemAtPath:)` takes
// `.protectionKey` and does nothing with it. A member declared in the app module shadows Foundation's of the same
// signature, so there the generated code's call is this one: it records the class it gives a path in the ledger
// (`StubEvent.protectionSet`), where the checks find it in order with the flushes, and then does what Foundation does.
#if os(Linux)
import Foundation
import StubRuntime

extension FileManager {
    public nonisolated func setAttributes(_ attributes: [FileAttributeKey: Any], ofItemAtPath path: String) throws {
        if let protection = attributes[.protectionKey] as? FileProtectionType {
            let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
            StubLedger.shared.record(.protectionSet(path: resolved, protection: protection.rawValue))
        }
        try FoundationFiles.setAttributes(attributes, ofItemAtPath: path, in: self)
    }
}
#endif
