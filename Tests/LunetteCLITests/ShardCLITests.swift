import Foundation
import TestSupport
import XCTest

/// `lunette apply … --shard K/N` and `lunette batch status`: shards that add up to one run,
/// reruns that redo only what is not done, and clear usage errors.
final class ShardCLITests: ScratchTestCase {
    /// `count` PNGs from the PNG suite under new names in `in/`.
    func inputs(_ count: Int) throws -> [String] {
        try FileManager.default.createDirectory(atPath: path("in"), withIntermediateDirectories: true)
        let sources = ["basn2c08.png", "basn6a08.png", "basn0g08.png", "basi2c08.png", "basn2c16.png"]
        return try (1...count).map { i in
            let p = path(String(format: "in/img%02d.png", i))
            try FileManager.default.copyItem(atPath: Fixtures.fixture("pngsuite/" + sources[i % sources.count]), toPath: p)
            return p
        }
    }

    /// The environment without any scheduler's variables.
    var plainEnvironment: [String: String] {
        ProcessInfo.processInfo.environment.filter {
            !$0.key.hasPrefix("SLURM_") && $0.key != "JOB_COMPLETION_INDEX" && $0.key != "LUNETTE_SHARDS"
        }
    }

    func lunette(_ args: [String], env: [String: String] = [:]) throws -> ProcessRunner.Outcome {
        try ProcessRunner.run(args, environment: plainEnvironment.merging(env) { $1 })
    }

    func outputs(_ folder: String) throws -> [String: Data] {
        let names = try FileManager.default.contentsOfDirectory(atPath: path(folder)).filter { !$0.hasPrefix(".") }
        return try Dictionary(
            uniqueKeysWithValues: names.map { ($0, try Data(contentsOf: URL(fileURLWithPath: path(folder + "/" + $0)))) })
    }

    let look = ["-f", "CISepiaTone{intensity = 0.7}", "-f", "CIVignette{intensity = 1, radius = 2}"]

    func testShardsTogetherMakeTheOutputsOfOneRun() throws {
        _ = try inputs(23)
        var written = 0
        for k in 0..<3 {
            let r = try lunette(["apply", "-q", "-o", path("out"), path("in")] + look + ["--shard", "\(k)/3"])
            XCTAssertEqual(r.status, 0, r.stderr)
            let counted = r.stderr.firstMatch(of: try Regex("apply: shard \(k)/3: (\\d+) of \\1 images? written"))
            XCTAssertNotNil(counted, r.stderr)
            written += Int(counted?.output[1].substring ?? "") ?? 0
            let status = try lunette(["batch", "status", path("out")])
            XCTAssertEqual(status.status, k == 2 ? 0 : 7, String(decoding: status.stdout, as: UTF8.self))
        }
        XCTAssertEqual(written, 23)
        let single = try lunette(["apply", "-q", "-o", path("single"), path("in")] + look)
        XCTAssertEqual(single.status, 0, single.stderr)
        let sharded = try outputs("out"), whole = try outputs("single")
        XCTAssertEqual(sharded.count, 23)
        XCTAssertEqual(sharded, whole, "byte for byte the outputs of one process")
        let manifests = try FileManager.default.contentsOfDirectory(atPath: path("out")).filter { $0.hasPrefix(".") }.sorted()
        XCTAssertEqual(manifests, [".lunette-batch-0-of-3.json", ".lunette-batch-1-of-3.json", ".lunette-batch-2-of-3.json"])

        let status = try lunette(["batch", "status", path("out")])
        XCTAssertEqual(
            String(decoding: status.stdout, as: UTF8.self),
            "\(path("out")): 23 inputs in 3 shards, all done\n  done    23\n  failed  0\n  missing 0\n  stale   0\n")
        let json = try lunette(["batch", "status", "--json", path("out")])
        let object = try JSONSerialization.jsonObject(with: json.stdout) as! [String: Any]
        XCTAssertEqual(object["complete"] as? Bool, true)
        XCTAssertEqual(object["counts"] as? [String: Int], ["done": 23, "failed": 0, "missing": 0, "stale": 0])
    }

    func testARerunRedoesOnlyWhatIsNotDoneAndStatusSaysWhy() throws {
        let files = try inputs(8)
        let bad = files[3]
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: bad))
        let first = try lunette(["apply", "-q", "-o", path("out"), path("in"), "--resume"] + look)
        XCTAssertEqual(first.status, 3, first.stderr)
        XCTAssertTrue(first.stderr.contains("apply: 7 of 8 images written to \(path("out")), 1 failed"), first.stderr)

        let status = try lunette(["batch", "status", path("out")])
        let text = String(decoding: status.stdout, as: UTF8.self)
        XCTAssertEqual(status.status, 7, "not done while one failed: \(text)")
        XCTAssertTrue(text.contains("  failed  1\n") && text.contains("failed:\n  img04.png: \(bad): "), text)
        XCTAssertEqual(try lunette(["batch", "status", "-q", path("out")]).stdout, Data())

        try FileManager.default.removeItem(atPath: bad)
        try FileManager.default.copyItem(atPath: files[0], toPath: bad)
        let second = try lunette(["apply", "-q", "-o", path("out"), path("in"), "--resume"] + look)
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertTrue(second.stderr.contains("apply: 1 of 8 images written to \(path("out")), 7 already done"), second.stderr)
        XCTAssertEqual(try lunette(["batch", "status", path("out")]).status, 0)

        // Another look: every output is stale until the rerun redoes them all.
        let other = ["-f", "CISepiaTone{intensity = 0.3}"]
        let again = try lunette(["apply", "-q", "-o", path("out"), path("in"), "--resume"] + other)
        XCTAssertTrue(again.stderr.contains("apply: 8 of 8 images written"), again.stderr)
        let single = try lunette(["apply", "-q", "-o", path("single"), path("in")] + other)
        XCTAssertEqual(single.status, 0)
        XCTAssertEqual(try outputs("out"), try outputs("single"))
    }

    func testBadShardsAndClashingNamesAreUsageErrors() throws {
        let files = try inputs(4)
        let cases: [([String], String)] = [
            (["--shard", "4/4"], "--shard 4/4: shards count from 0, so K is 0…3"),
            (["--shard", "1-4"], "expected K/N (0-based: 0/4 … 3/4) or auto"),
            (["--shard", "auto"], "--shard auto: no scheduler index in the environment"),
            (["--shards", "4"], "--shards goes with --shard auto"),
        ]
        for (args, message) in cases {
            let r = try lunette(["apply", "-o", path("out"), path("in")] + look + args)
            XCTAssertEqual(r.status, 1, "\(args): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains(message), "\(args): \(r.stderr)")
        }
        let k8s = try lunette(
            ["apply", "-o", path("out"), path("in"), "--shard", "auto"] + look, env: ["JOB_COMPLETION_INDEX": "1"])
        XCTAssertTrue(k8s.stderr.contains("needs the number of shards: --shards N or LUNETTE_SHARDS"), k8s.stderr)
        let slurm = try lunette(
            ["apply", "-q", "-o", path("out"), path("in"), "--shard", "auto"] + look,
            env: ["SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_MIN": "2", "SLURM_ARRAY_TASK_COUNT": "2"])
        XCTAssertEqual(slurm.status, 0, slurm.stderr)
        XCTAssertTrue(slurm.stderr.contains("apply: shard 1/2: "), slurm.stderr)

        // Two inputs named alike clash even when they fall in different shards.
        try FileManager.default.createDirectory(atPath: path("more"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: files[0], toPath: path("more/img02.png"))
        let clash = try lunette(["apply", "-o", path("clash"), path("in"), path("more"), "--shard", "0/8"] + look)
        XCTAssertEqual(clash.status, 1, clash.stderr)
        XCTAssertTrue(clash.stderr.contains("would both be written to \(path("clash"))/img02.png"), clash.stderr)

        let empty = try lunette(["batch", "status", path("in")])
        XCTAssertEqual(empty.status, 1)
        XCTAssertTrue(empty.stderr.contains("no batch manifest here"), empty.stderr)
    }
}
