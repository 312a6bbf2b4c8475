import Foundation

/// Regenerates the Swift files that carry Templates/ and skills/bggen/ inside the binary, so it works when copied
/// alone: `swift run TemplateEmbedder` from the checkout. The files are kept in the repository rather than made by a
/// build-tool plugin, because a build plugin inside a tool that is itself a plugin's dependency makes SwiftPM rebuild
/// that tool (with errors) on every build of the package that uses it. `EmbeddedFilesTests` fails when a generated
/// file no longer matches its folder, naming this command.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
guard CommandLine.arguments.count == 1 else {
    // The throwing write: `write(_: Data)` raises an Objective-C exception on Apple's Foundation when stderr is gone.
    try? FileHandle.standardError.write(contentsOf: Data("usage: swift run TemplateEmbedder (it takes no arguments)\n".utf8))
    exit(64)
}
do {
    for embedding in Embedding.all {
        let folder = root.appendingPathComponent(embedding.folder)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }
        let files = try names.map { ($0, try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)) }
        let source = embedding.source(files: files)
        let output = root.appendingPathComponent(embedding.output)
        if (try? String(contentsOf: output, encoding: .utf8)) == source {
            print("\(embedding.output) is up to date")
        } else {
            try source.write(to: output, atomically: true, encoding: .utf8)
            print("wrote \(embedding.output) from the \(files.count) in \(embedding.folder)/")
        }
    }
} catch {
    try? FileHandle.standardError.write(contentsOf: Data("error: \(error.localizedDescription)\n".utf8))
    exit(1)
}
