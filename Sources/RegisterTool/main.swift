import Foundation

// RegisterTool OUT.swift FILE…: writes `BuiltinFilters.entries`, every filter declared in the
// FILEs with its name. The rule: a line `static let descriptor` (optionally `public`) registers
// the type it is declared in, the nearest `enum`, `struct`, `class` or `extension` above it
// that starts at the beginning of a line; the filter's name is the first "CI…" string literal
// on that line or the three after it (a test checks it against the built descriptor). Listed
// by type name, so the order is stable.
let args = CommandLine.arguments
guard args.count >= 2 else {
    FileHandle.standardError.write(Data("usage: RegisterTool OUTPUT.swift FILE...\n".utf8))
    exit(1)
}
let typeLine = try! NSRegularExpression(
    pattern: #"^(?:(?:public|internal|final)\s+)*(?:enum|struct|class|extension)\s+([A-Za-z_][A-Za-z0-9_]*)"#)
let descriptorLine = try! NSRegularExpression(pattern: #"^\s+(?:public\s+)?static\s+let\s+descriptor\b"#)
let nameLiteral = try! NSRegularExpression(pattern: #""(CI[A-Za-z0-9]+)""#)

func matches(_ re: NSRegularExpression, _ line: String) -> NSTextCheckingResult? {
    re.firstMatch(in: line, range: NSRange(line.startIndex..., in: line))
}

var types: [(type: String, name: String)] = []
for path in args.dropFirst(2) {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
        FileHandle.standardError.write(Data("RegisterTool: cannot read \(path)\n".utf8))
        exit(1)
    }
    var current: String?
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    for (i, line) in lines.enumerated() {
        if let m = matches(typeLine, line), let r = Range(m.range(at: 1), in: line) { current = String(line[r]) }
        if matches(descriptorLine, line) != nil {
            guard let current else {
                FileHandle.standardError.write(Data("RegisterTool: \(path): a descriptor outside a type\n".utf8))
                exit(1)
            }
            let name = lines[i..<min(i + 4, lines.count)].lazy.compactMap { l in
                matches(nameLiteral, l).flatMap { Range($0.range(at: 1), in: l) }.map { String(l[$0]) }
            }.first
            guard let name else {
                FileHandle.standardError.write(
                    Data("RegisterTool: \(path): no \"CI…\" name within 4 lines of \(current).descriptor\n".utf8))
                exit(1)
            }
            types.append((current, name))
        }
    }
}
let entries = types.sorted { $0.type < $1.type }.map { "        (\"\($0.name)\", { \($0.type).descriptor }),\n" }
    .joined()
let source = """
    // Generated at build time by the RegisterFilters plugin from every `static let descriptor`
    // in Sources/Filters; do not edit.

    /// Every built-in filter (\(types.count)), by name; a descriptor is built when first asked for.
    public enum BuiltinFilters {
        public static let entries: [(name: String, descriptor: @Sendable () -> FilterDescriptor)] = [
    \(entries)    ]

        /// Every built-in filter descriptor (builds them all).
        public static var all: [FilterDescriptor] { entries.map { $0.descriptor() } }
    }

    """
do {
    // Unchanged output keeps its timestamp, so the Filters module is not recompiled for nothing.
    if (try? String(contentsOfFile: args[1], encoding: .utf8)) != source {
        try source.write(toFile: args[1], atomically: true, encoding: .utf8)
    }
} catch {
    FileHandle.standardError.write(Data("RegisterTool: \(error)\n".utf8))
    exit(1)
}
