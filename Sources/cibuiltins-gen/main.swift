import BuiltinsGenerator
import Foundation

// Regenerates Sources/CoreImage/Generated/CIFilterBuiltins.swift from the descriptors
// (run from the package root: `swift run cibuiltins-gen`; `--check` only compares).
let check = CommandLine.arguments.contains("--check")
let path = BuiltinsGenerator.outputPath
do {
    let text = BuiltinsGenerator.source(for: try BuiltinsGenerator.shippedDescriptors())
    let current = try? String(contentsOfFile: path, encoding: .utf8)
    if check {
        if current != text { print("\(path) is out of date: run `swift run cibuiltins-gen`"); exit(1) }
        print("\(path) is current")
    } else {
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        print("wrote \(path)")
    }
} catch {
    FileHandle.standardError.write(Data("cibuiltins-gen: \(error)\n".utf8))
    exit(1)
}
