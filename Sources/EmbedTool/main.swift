import CLua
import Foundation

// EmbedTool ROOT OUT.swift FILE…: writes `embeddedScripts`, a list of (path relative to
// ROOT, contents) for every FILE, as Swift source with raw string literals, and
// `embeddedBytecode`: stdlib.lua's parts (`stdlib/*.lua`) compiled by the Lua linked, in
// base64, so a state starts without parsing them (the parser was a tenth of an empty run).

/// Lua bytecode of `text` as the chunk `@name`, with its line information (error messages
/// and tracebacks stay as they are); nil when it does not compile (the text then fails at
/// run time with Lua's own message).
func bytecode(_ text: String, name: String) -> [UInt8]? {
    guard let L = luaL_newstate() else { return nil }
    defer { lua_close(L) }
    let bytes = Array(text.utf8)
    let status = bytes.withUnsafeBufferPointer { b in
        b.withMemoryRebound(to: CChar.self) { luaL_loadbufferx(L, $0.baseAddress, $0.count, "@" + name, "t") }
    }
    guard status == LUA_OK else { return nil }
    var out: [UInt8] = []
    let dumped = withUnsafeMutablePointer(to: &out) { p in
        lua_dump(
            L,
            { _, data, size, ud in
                let out = ud!.assumingMemoryBound(to: [UInt8].self)
                out.pointee.append(contentsOf: UnsafeRawBufferPointer(start: data, count: size))
                return 0
            }, p, 0)
    }
    return dumped == 0 ? out : nil
}
let args = CommandLine.arguments
guard args.count >= 3 else {
    FileHandle.standardError.write("usage: EmbedTool ROOT OUTPUT.swift FILE...\n".data(using: .utf8)!)
    exit(1)
}
let root = URL(fileURLWithPath: args[1]).standardizedFileURL.path + "/"
var entries: [String] = []
var compiled: [String] = []
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
    if relative.hasPrefix("stdlib/"), let code = bytecode(text, name: relative) {
        compiled.append("    (\"\(relative)\", \"\(Data(code).base64EncodedString())\"),\n")
    }
}
let source =
    "// Generated at build time from stdlib.lua, stdlib/ and scripts/; do not edit.\n"
    + "let embeddedScripts: [(path: String, source: String)] = [\n" + entries.joined() + "]\n"
    + "let embeddedBytecode: [(path: String, base64: String)] = [\n" + compiled.joined() + "]\n"
do {
    try source.write(toFile: args[2], atomically: true, encoding: .utf8)
} catch {
    FileHandle.standardError.write("EmbedTool: \(error)\n".data(using: .utf8)!)
    exit(1)
}
