import Foundation
import Pipeline
import PixelCore
import XCTest

/// The partition of a batch into shards, and the shard a scheduler's environment names.
final class ShardTests: XCTestCase {
    let keys = (1...500).map { String(format: "IMG_%04d.png", $0) } + ["a/b.png", "x.png", "y.PNG", "scan 1.png"]

    func testEveryShardCountCoversEveryInputExactlyOnce() throws {
        for n in 1...8 {
            var seen = [Int](repeating: 0, count: keys.count)
            var sizes: [Int] = []
            for k in 0..<n {
                let shard = try Shard(index: k, count: n)
                let mine = keys.indices.filter { shard.contains(key: keys[$0]) }
                for i in mine { seen[i] += 1 }
                sizes.append(mine.count)
            }
            XCTAssertEqual(Set(seen), [1], "N = \(n): each input in exactly one shard")
            // Even enough to be useful: no shard over 1.5 times or under half its share.
            let share = Double(keys.count) / Double(n)
            XCTAssertTrue(sizes.allSatisfy { Double($0) < share * 1.5 && Double($0) > share * 0.5 }, "N = \(n): \(sizes)")
        }
    }

    func testAddingInputsNeverMovesTheOnesAlreadyThere() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("shard-add-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        func add(_ range: ClosedRange<Int>) {
            for i in range {
                FileManager.default.createFile(atPath: dir + String(format: "/IMG_%04d.png", i), contents: Data([1]))
            }
        }
        func shards(_ n: Int) throws -> [String: Int] {
            Dictionary(
                uniqueKeysWithValues: try BatchInputs.expandKeyed([dir]).map { ($0.path, Shard.index(of: $0.key, count: n)) })
        }
        add(100...199)
        let before = try (1...8).map { try shards($0) }
        add(1...99); add(200...260)  // before, among and after the others in sorted order
        for n in 1...8 {
            let after = try shards(n)
            XCTAssertEqual(after.count, 260)
            for (path, shard) in before[n - 1] { XCTAssertEqual(after[path], shard, "N = \(n): \(path) moved") }
        }
        // The shard depends on the key alone: a fixed value guards against an accidental change
        // of the hash, which would make every resumed batch redo its work under new shards.
        XCTAssertEqual(ContentHash.hex(of: "a"), "af63dc4c8601ec8c", "FNV-1a 64 of 'a' (published test vector)")
        XCTAssertEqual(ContentHash.hex(of: ""), "cbf29ce484222325")
    }

    func testKeysAreRelativeToTheFolderOrGlobTheyCameFrom() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("shard-keys-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir + "/photos", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for name in ["photos/a.png", "photos/b.png", "c.png"] {
            FileManager.default.createFile(atPath: dir + "/" + name, contents: Data([1]))
        }
        let keyed = try BatchInputs.expandKeyed([dir + "/photos/", dir + "/photos/*.png", dir + "/c.png"])
        XCTAssertEqual(keyed.map(\.key), ["a.png", "b.png", "a.png", "b.png", dir + "/c.png"])
        XCTAssertEqual(keyed.map(\.path), try BatchInputs.expand([dir + "/photos/", dir + "/photos/*.png", dir + "/c.png"]))
        XCTAssertEqual(try BatchInputs.expandKeyed(["./c.png"]).map(\.key), ["c.png"])
    }

    func status(_ body: () throws -> Void) -> (ExitStatus, String)? {
        do { try body() } catch let e as LunetteError { return (e.status, e.message) } catch { return nil }
        return nil
    }

    func testShardsAreZeroBasedAndCheckedWithAUsageError() throws {
        XCTAssertEqual(try Shard.parse("0/4"), try Shard(index: 0, count: 4))
        XCTAssertEqual(try Shard.parse("3/4").description, "3/4")
        for bad in ["4/4", "-1/4", "1/0", "2", "a/b", "1/4/2", ""] {
            let e = status { _ = try Shard.parse(bad, environment: [:]) }
            XCTAssertEqual(e?.0, .usage, bad)
        }
        XCTAssertTrue(status { _ = try Shard.parse("4/4") }!.1.contains("K is 0…3"))
        XCTAssertEqual(status { _ = try Shard.parse("1/4", shards: 3) }?.0, .usage)
    }

    func testAutoReadsSlurmArraysAndKubernetesIndexedJobs() throws {
        let slurm = ["SLURM_ARRAY_TASK_ID": "7", "SLURM_ARRAY_TASK_MIN": "5", "SLURM_ARRAY_TASK_COUNT": "4"]
        XCTAssertEqual(try Shard.parse("auto", environment: slurm), try Shard(index: 2, count: 4))
        let stepped = [
            "SLURM_ARRAY_TASK_ID": "5", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_STEP": "2",
            "SLURM_ARRAY_TASK_COUNT": "4",
        ]
        XCTAssertEqual(try Shard.parse("auto", environment: stepped), try Shard(index: 2, count: 4))
        XCTAssertEqual(
            try Shard.parse("auto", shards: 3, environment: ["JOB_COMPLETION_INDEX": "2"]), try Shard(index: 2, count: 3))
        XCTAssertEqual(
            try Shard.parse("auto", environment: ["JOB_COMPLETION_INDEX": "0", "LUNETTE_SHARDS": "5"]),
            try Shard(index: 0, count: 5))
        let none = status { _ = try Shard.parse("auto", environment: ["HOME": "/root"]) }
        XCTAssertEqual(none?.0, .usage)
        XCTAssertTrue(none!.1.contains("SLURM_ARRAY_TASK_ID") && none!.1.contains("JOB_COMPLETION_INDEX"), none!.1)
        let noCount = status { _ = try Shard.parse("auto", environment: ["JOB_COMPLETION_INDEX": "1"]) }
        XCTAssertTrue(noCount!.1.contains("--shards N"), noCount!.1)
        XCTAssertEqual(
            status { _ = try Shard.parse("auto", environment: ["JOB_COMPLETION_INDEX": "x", "LUNETTE_SHARDS": "2"]) }?.0, .usage)
        XCTAssertEqual(
            status { _ = try Shard.parse("auto", environment: ["JOB_COMPLETION_INDEX": "3", "LUNETTE_SHARDS": "2"]) }?.0, .usage)
    }
}
