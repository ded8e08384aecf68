import Foundation

// BuiltinsTool OUT.swift CATALOGUE.json FILE…: writes Core Image's typed filters
// (`CIFilterBuiltins`) for every filter declared in the FILEs (Sources/Filters) that
// Core Image's catalogue lists. A declaration's filter name is the first string literal
// after its `static let descriptor`; the catalogue gives the input keys, classes and
// descriptions (ConformanceTests keeps the declarations equal to it).
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("BuiltinsTool: \(message)\n".utf8))
    exit(1)
}

let args = CommandLine.arguments
guard args.count >= 3 else { fail("usage: BuiltinsTool OUTPUT.swift CATALOGUE.json FILE...") }
guard let data = FileManager.default.contents(atPath: args[2]),
    let list = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]]
else {
    fail("cannot read the catalogue \(args[2])")
}
let catalogue = Dictionary(list.compactMap { e in (e["name"] as? String).map { ($0, e) } }, uniquingKeysWith: { a, _ in a })

let declaration = try! NSRegularExpression(pattern: #"static\s+let\s+descriptor\b[^"]*"([^"]+)""#)
var declared = Set<String>()
for path in args.dropFirst(3) {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { fail("cannot read \(path)") }
    for m in declaration.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
        if let r = Range(m.range(at: 1), in: text) { declared.insert(String(text[r])) }
    }
}

let names = declared.filter { catalogue[$0] != nil }.sorted()
var out = """
    // Generated at build time by the GenerateBuiltins plugin from Core Image's catalogue
    // and the filters declared in Sources/Filters; do not edit.
    import Foundation

    """
for name in names { out += typedFilter(catalogue[name]!) }
out += "\nextension CIFilter {\n"
out += "    /// Every typed factory by filter name (what the tests check against the registry).\n"
out += "    static let typedFactories: [(name: String, make: () -> CIFilter)] = [\n"
for name in names { out += "        (\"\(name)\", { CIFilter.\(Naming.factory(name))() }),\n" }
out += "    ]\n\n"
out += "    /// Every typed property: its filter, input key, getter and setter (for the tests).\n"
out += "    static let typedProperties: [(name: String, key: String, get: (CIFilter) -> Any, set: (CIFilter, Any) -> Void)] = [\n"
out += typedPropertyTable
out += "    ]\n}\n"

do {
    // Unchanged output keeps its timestamp, so CoreImage is not recompiled for nothing.
    if (try? String(contentsOfFile: args[1], encoding: .utf8)) != out {
        try out.write(toFile: args[1], atomically: true, encoding: .utf8)
    }
} catch {
    fail("\(error)")
}
