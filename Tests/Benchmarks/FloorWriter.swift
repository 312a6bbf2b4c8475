// The floor for the init benchmark: a trivial program that writes the same files bggen writes, with nothing
// else — no parsing, no templates, no planning. Usage: FloorWriter <manifest-dir> <output-dir>
import Foundation

let arguments = CommandLine.arguments
let source = URL(fileURLWithPath: arguments[1])
let target = URL(fileURLWithPath: arguments[2])
let manager = FileManager.default
let enumerator = manager.enumerator(at: source, includingPropertiesForKeys: nil)!
for case let file as URL in enumerator where !file.hasDirectoryPath {
    let relative = String(file.path.dropFirst(source.path.count + 1))
    let destination = target.appendingPathComponent(relative)
    try manager.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(contentsOf: file).write(to: destination, options: .atomic)
}
