import Foundation

// EmbedTool ROOT OUT.swift FILE…: writes `embeddedScripts`, a list of (path relative to
// ROOT, contents) for every FILE, as Swift source with raw string literals.
let args = CommandLine.arguments
guard args.count >= 3 else {
    FileHandle.standardError.write("usage: EmbedTool ROOT OUTPUT.swift FILE...\n".data(using: .utf8)!)
    exit(1)
}
let root = URL(fileURLWithPath: args[1]).standardizedFileURL.path + "/"
var entries: [String] = []
for path in args.dropFirst(3) {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
        FileHandle.standardError.write("EmbedTool: cannot read \(path)\n".data(using: .utf8)!)
        exit(1)
    }
    let full = URL(fileURLWithPath: path).standardizedFileURL.path
    let relative = full.hasPrefix(root) ? String(full.dropFirst(root.count)) : full
    var hashes = "#"
    while text.contains("\"" + hashes) { hashes += "#" }
    entries.append("    (\"\(relative)\", \(hashes)\"\"\"\n\(text)\n\"\"\"\(hashes)),\n")
}
let source =
    "// Generated at build time from stdlib.lua, stdlib/ and scripts/; do not edit.\n"
    + "let embeddedScripts: [(path: String, source: String)] = [\n" + entries.joined() + "]\n"
do {
    try source.write(toFile: args[2], atomically: true, encoding: .utf8)
} catch {
    FileHandle.standardError.write("EmbedTool: \(error)\n".data(using: .utf8)!)
    exit(1)
}
