import Foundation

// RegisterTool OUT.swift FILE…: writes `BuiltinFilters.all`, every filter declared in the
// FILEs. The rule: a line `static let descriptor` (optionally `public`) registers the
// type it is declared in, the nearest `enum`, `struct`, `class` or `extension` above it
// that starts at the beginning of a line. Listed by type name, so the order is stable.
let args = CommandLine.arguments
guard args.count >= 2 else {
    FileHandle.standardError.write(Data("usage: RegisterTool OUTPUT.swift FILE...\n".utf8))
    exit(1)
}
let typeLine = try! NSRegularExpression(
    pattern: #"^(?:(?:public|internal|final)\s+)*(?:enum|struct|class|extension)\s+([A-Za-z_][A-Za-z0-9_]*)"#)
let descriptorLine = try! NSRegularExpression(pattern: #"^\s+(?:public\s+)?static\s+let\s+descriptor\b"#)

func matches(_ re: NSRegularExpression, _ line: String) -> NSTextCheckingResult? {
    re.firstMatch(in: line, range: NSRange(line.startIndex..., in: line))
}

var types: [String] = []
for path in args.dropFirst(2) {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
        FileHandle.standardError.write(Data("RegisterTool: cannot read \(path)\n".utf8))
        exit(1)
    }
    var current: String?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
        if let m = matches(typeLine, line), let r = Range(m.range(at: 1), in: line) { current = String(line[r]) }
        if matches(descriptorLine, line) != nil {
            guard let current else {
                FileHandle.standardError.write(Data("RegisterTool: \(path): a descriptor outside a type\n".utf8))
                exit(1)
            }
            types.append(current)
        }
    }
}
let entries = types.sorted().map { "        \($0).descriptor,\n" }.joined()
let source = """
    // Generated at build time by the RegisterFilters plugin from every `static let descriptor`
    // in Sources/Filters; do not edit.

    /// Every built-in filter descriptor (\(types.count)).
    public enum BuiltinFilters {
        public static let all: [FilterDescriptor] = [
    \(entries)    ]
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
