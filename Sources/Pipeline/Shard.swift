import Foundation
import PixelCore

/// Shard `index` of `count` of a batch (0-based, as Slurm arrays from 0 and Kubernetes'
/// completion indexes count): an input belongs to the shard its key hashes to, its path
/// relative to the folder or glob it came from, so every copy of a command agrees without
/// talking to the others and adding inputs never moves the ones already there.
/// CLI: `lunette apply --chain look.lua -o out/ photos/ --shard 2/4` (or `--shard auto`)
public struct Shard: Equatable, Sendable, CustomStringConvertible {
    public let index: Int
    public let count: Int

    public init(index: Int, count: Int) throws {
        guard count >= 1 else { throw LunetteError(.usage, "--shard \(index)/\(count): the number of shards must be at least 1") }
        guard (0..<count).contains(index) else {
            throw LunetteError(
                .usage, "--shard \(index)/\(count): shards count from 0, so K is 0…\(count - 1) (0/\(count) is the first)")
        }
        self.index = index; self.count = count
    }

    /// `K/N`, as written on the command line and in manifest names.
    public var description: String { "\(index)/\(count)" }

    /// Whether the input with `key` (its path relative to its folder) is in this shard.
    public func contains(key: String) -> Bool { Shard.index(of: key, count: count) == index }

    /// The shard of `key` among `count`: FNV-1a of the key, finished by SplitMix64's mixer so
    /// that names differing in one character still spread evenly.
    public static func index(of key: String, count: Int) -> Int {
        var z = ContentHash.value(of: key) &+ 0x9e37_79b9_7f4a_7c15
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        z ^= z >> 31
        return Int(z % UInt64(count))
    }

    /// `K/N` from the command line, or `auto`: the scheduler's index from `environment`.
    /// `shards` is the count given by `--shards` (Kubernetes gives only the index).
    public static func parse(
        _ text: String, shards: Int? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> Shard {
        if text == "auto" { return try fromScheduler(environment, shards: shards) }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]) else {
            throw LunetteError(.usage, "--shard '\(text)': expected K/N (0-based: 0/4 … 3/4) or auto")
        }
        if let shards, shards != n { throw LunetteError(.usage, "--shards \(shards) disagrees with --shard \(text)") }
        return try Shard(index: k, count: n)
    }

    /// Slurm arrays (`SLURM_ARRAY_TASK_ID` less `SLURM_ARRAY_TASK_MIN`, over the step when
    /// `--array=1-7:2`, of `SLURM_ARRAY_TASK_COUNT`), else a Kubernetes Indexed Job
    /// (`JOB_COMPLETION_INDEX` of `--shards N` or `LUNETTE_SHARDS`).
    static func fromScheduler(_ env: [String: String], shards: Int?) throws -> Shard {
        func number(_ name: String) throws -> Int? {
            guard let text = env[name], !text.isEmpty else { return nil }
            guard let v = Int(text.trimmingCharacters(in: .whitespaces)) else {
                throw LunetteError(.usage, "--shard auto: \(name)='\(text)' is not a whole number")
            }
            return v
        }
        if let id = try number("SLURM_ARRAY_TASK_ID") {
            guard let n = try shards ?? number("SLURM_ARRAY_TASK_COUNT") else {
                throw LunetteError(
                    .usage, "--shard auto: SLURM_ARRAY_TASK_ID is set but not SLURM_ARRAY_TASK_COUNT (give --shards N)")
            }
            let low = try number("SLURM_ARRAY_TASK_MIN") ?? 0
            let step = max(1, try number("SLURM_ARRAY_TASK_STEP") ?? 1)
            guard (id - low) % step == 0 else {
                throw LunetteError(.usage, "--shard auto: array task \(id) is not on the array's step \(step) from \(low)")
            }
            return try Shard(index: (id - low) / step, count: n)
        }
        if let id = try number("JOB_COMPLETION_INDEX") {
            guard let n = try shards ?? number("LUNETTE_SHARDS") else {
                throw LunetteError(
                    .usage,
                    "--shard auto: JOB_COMPLETION_INDEX=\(id) needs the number of shards: --shards N or LUNETTE_SHARDS (the Job's completions)"
                )
            }
            return try Shard(index: id, count: n)
        }
        throw LunetteError(
            .usage,
            "--shard auto: no scheduler index in the environment (Slurm array: SLURM_ARRAY_TASK_ID; Kubernetes Indexed Job: JOB_COMPLETION_INDEX); give --shard K/N"
        )
    }
}
