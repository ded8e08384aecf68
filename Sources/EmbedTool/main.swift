import Foundation

// Writes `let embeddedStdlib = "<contents of a file>"` as Swift source: embed-tool IN OUT.
let args = CommandLine.arguments
guard args.count == 3, let text = try? String(contentsOfFile: args[1], encoding: .utf8) else {
    FileHandle.standardError.write("usage: EmbedTool INPUT.lua OUTPUT.swift\n".data(using: .utf8)!)
    exit(1)
}
var hashes = "#"
while text.contains("\"\"\"" + hashes) || text.contains("\"" + hashes) { hashes += "#" }
let source = "// Generated from stdlib.lua at build time; do not edit.\n"
    + "let embeddedStdlib = \(hashes)\"\"\"\n\(text)\n\"\"\"\(hashes)\n"
do {
    try source.write(toFile: args[2], atomically: true, encoding: .utf8)
} catch {
    FileHandle.standardError.write("EmbedTool: \(error)\n".data(using: .utf8)!)
    exit(1)
}
