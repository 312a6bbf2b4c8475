import Foundation

/// Foundation's own `FileManager` calls, for the app module's shims that replace them there
/// (AppShim/FileProtectionShim.swift): in the app module the name is the shim's, here it is Foundation's.
public enum FoundationFiles {
    public static func setAttributes(
        _ attributes: [FileAttributeKey: Any], ofItemAtPath path: String, in fileManager: FileManager
    ) throws {
        try fileManager.setAttributes(attributes, ofItemAtPath: path)
    }
}
