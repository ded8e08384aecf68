import Foundation
import PixelCore

/// One image of a batch: where it comes from and where its result goes (`photos/a.png` → `out/a.png`
/// for `lunette apply --chain look.lua -o out/ photos/`).
public struct BatchJob: Equatable, Sendable {
    public var input: String
    public var output: String
    public init(input: String, output: String) { self.input = input; self.output = output }
}

/// Turns the command line's inputs (files, directories, quoted globs) into batch jobs.
/// CLI: `lunette apply --chain look.lua -o out/ photos/ 'more/*.png' one.png`
public enum BatchInputs {
    /// True when `arg` names a directory or is a glob pattern (so it stands for many files).
    public static func isMany(_ arg: String) -> Bool {
        var dir: ObjCBool = false
        if FileManager.default.fileExists(atPath: arg, isDirectory: &dir) { return dir.boolValue }
        return arg.contains { "*?[".contains($0) }
    }

    /// Every input file: directories give their `.png` files (sorted, not recursive), glob
    /// patterns their matches; plain paths stay as given (a missing file fails as an item).
    public static func expand(_ args: [String]) throws -> [String] {
        var out: [String] = []
        for arg in args {
            if arg == "-" { throw LunetteError(.usage, "standard input (-) cannot be one of several inputs") }
            var dir: ObjCBool = false
            if FileManager.default.fileExists(atPath: arg, isDirectory: &dir) {
                if dir.boolValue {
                    let names = try FileManager.default.contentsOfDirectory(atPath: arg)
                    let base = arg.hasSuffix("/") ? arg : arg + "/"
                    out += names.filter { !$0.hasPrefix(".") && $0.lowercased().hasSuffix(".png") }.sorted().map { base + $0 }
                } else {
                    out.append(arg)
                }
            } else if arg.contains(where: { "*?[".contains($0) }) {
                let matches = glob(arg)
                if matches.isEmpty { throw LunetteError(.usage, "no files match '\(arg)'") }
                out += matches
            } else {
                out.append(arg)
            }
        }
        return out
    }

    static func glob(_ pattern: String) -> [String] {
        var g = glob_t()
        defer { globfree(&g) }
        guard Glibc.glob(pattern, 0, nil, &g) == 0 else { return [] }
        return (0..<Int(g.gl_pathc)).compactMap { g.gl_pathv[$0].map { String(cString: $0) } }
            .filter { !isDirectory($0) }.sorted()
    }

    /// True when `path` is an existing folder.
    public static func isDirectory(_ path: String) -> Bool {
        var dir: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &dir) && dir.boolValue
    }

    /// One job per input, writing `OUTDIR/<name>.png`; two inputs with the same name are a
    /// usage error. The folder is created when missing.
    public static func jobs(_ inputs: [String], outputDirectory: String) throws -> [BatchJob] {
        if inputs.isEmpty { throw LunetteError(.usage, "no input images") }
        var dir: ObjCBool = false
        if FileManager.default.fileExists(atPath: outputDirectory, isDirectory: &dir), !dir.boolValue {
            throw LunetteError(.usage, "-o \(outputDirectory): several inputs need an output folder, and this is a file")
        }
        do {
            try FileManager.default.createDirectory(atPath: outputDirectory, withIntermediateDirectories: true)
        } catch {
            throw LunetteError.io("\(outputDirectory): cannot create the folder (\(error.localizedDescription))")
        }
        var seen: [String: String] = [:]
        return try inputs.map { input in
            let name = URL(fileURLWithPath: input).deletingPathExtension().lastPathComponent + ".png"
            if let other = seen[name] {
                throw LunetteError(.usage, "\(other) and \(input) would both be written to \(name)")
            }
            seen[name] = input
            let base = outputDirectory.hasSuffix("/") ? outputDirectory : outputDirectory + "/"
            return BatchJob(input: input, output: base + name)
        }
    }
}
