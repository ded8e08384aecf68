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
        try expandKeyed(args).map(\.path)
    }

    /// `expand`, each file with its key: its path relative to the folder or to the fixed part
    /// of the glob it came from (a plain path is its own key, without a leading `./`). Shards
    /// hash keys, so the same files agree wherever the folder is mounted.
    public static func expandKeyed(_ args: [String]) throws -> [(path: String, key: String)] {
        var out: [(path: String, key: String)] = []
        for arg in args {
            if arg == "-" { throw LunetteError(.usage, "standard input (-) cannot be one of several inputs") }
            var dir: ObjCBool = false
            if FileManager.default.fileExists(atPath: arg, isDirectory: &dir) {
                if dir.boolValue {
                    let names = try FileManager.default.contentsOfDirectory(atPath: arg)
                    let base = arg.hasSuffix("/") ? arg : arg + "/"
                    out += names.filter { !$0.hasPrefix(".") && $0.lowercased().hasSuffix(".png") }.sorted().map {
                        (base + $0, $0)
                    }
                } else {
                    out.append((arg, plainKey(arg)))
                }
            } else if arg.contains(where: { "*?[".contains($0) }) {
                let matches = glob(arg)
                if matches.isEmpty { throw LunetteError(.usage, "no files match '\(arg)'") }
                let fixed = arg.prefix { !"*?[".contains($0) }
                let root = fixed.contains("/") ? String(fixed[...fixed.lastIndex(of: "/")!]) : ""
                out += matches.map { ($0, $0.hasPrefix(root) ? String($0.dropFirst(root.count)) : plainKey($0)) }
            } else {
                out.append((arg, plainKey(arg)))
            }
        }
        return out
    }

    static func plainKey(_ path: String) -> String {
        var p = Substring(path)
        while p.hasPrefix("./") { p = p.dropFirst(2) }
        return String(p)
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

    /// One job per input, writing `OUTDIR/NAME` where NAME comes from `template` (see
    /// `OutputName`); two inputs with the same output are a usage error, and so is an output
    /// that is one of the inputs unless `overwrite`. The folder is created when missing.
    public static func jobs(
        _ inputs: [String], outputDirectory: String, name template: String = OutputName.default,
        overwrite: Bool = false
    ) throws -> [BatchJob] {
        if inputs.isEmpty { throw LunetteError(.usage, "no input images") }
        try OutputName.check(template)
        var dir: ObjCBool = false
        if FileManager.default.fileExists(atPath: outputDirectory, isDirectory: &dir), !dir.boolValue {
            throw LunetteError(.usage, "-o \(outputDirectory): several inputs need an output folder, and this is a file")
        }
        if !dir.boolValue, !outputDirectory.hasSuffix("/"), OutputName.looksLikeImageFile(outputDirectory) {
            throw LunetteError(
                .usage,
                "-o \(outputDirectory): several inputs need an output folder, not a file name (end it with / to make a folder of that name)"
            )
        }
        let base = outputDirectory.hasSuffix("/") ? outputDirectory : outputDirectory + "/"
        var seen: [String: String] = [:]
        let jobs = try inputs.enumerated().map { i, input in
            let name = OutputName.expand(template, input: input, index: i + 1)
            if let other = seen[name] {
                throw LunetteError(
                    .usage,
                    "\(other) and \(input) would both be written to \(base + name) (use --name, e.g. '{parent}-{stem}.png')")
            }
            seen[name] = input
            return BatchJob(input: input, output: base + name)
        }
        if !overwrite { try refuseOverwritingInputs(jobs) }
        for folder in Set(jobs.map { URL(fileURLWithPath: $0.output).deletingLastPathComponent().path }) {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw LunetteError.io("\(folder): cannot create the folder (\(error.localizedDescription))")
            }
        }
        return jobs
    }

    /// A batch never replaces its own inputs by accident: an output that resolves to an input
    /// (`-o photos/ photos/`) stops the run before any work.
    static func refuseOverwritingInputs(_ jobs: [BatchJob]) throws {
        let inputs = Set(jobs.map { canonical($0.input) })
        if let clash = jobs.first(where: { inputs.contains(canonical($0.output)) }) {
            throw LunetteError(
                .usage,
                "\(clash.output) is one of the inputs: refusing to overwrite originals (--overwrite edits in place; --name '{stem}-look.{ext}' writes beside them)"
            )
        }
    }

    /// The absolute path with symlinks resolved; for a file that does not exist yet, its
    /// folder's resolved path and its name.
    static func canonical(_ path: String) -> String {
        if let real = realpath(path, nil) { defer { free(real) }; return String(cString: real) }
        let url = URL(fileURLWithPath: path)
        let dir = url.deletingLastPathComponent().path
        if let real = realpath(dir, nil) { defer { free(real) }; return String(cString: real) + "/" + url.lastPathComponent }
        return url.standardizedFileURL.path
    }
}
