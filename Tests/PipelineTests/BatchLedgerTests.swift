import Foundation
import Pipeline
import PixelCore
import TestSupport
import XCTest

/// Resumable shards: what a rerun skips and redoes, and what `batch status` reports.
final class BatchLedgerTests: ScratchTestCase {
    var out: String { path("out") }

    func jobs(_ names: [String]) throws -> [BatchJob] {
        try FileManager.default.createDirectory(atPath: path("in"), withIntermediateDirectories: true)
        let inputs = names.map { path("in/" + $0) }
        for p in inputs where !FileManager.default.fileExists(atPath: p) { try Data(p.utf8).write(to: URL(fileURLWithPath: p)) }
        return try BatchInputs.jobs(inputs, outputDirectory: out)
    }

    /// Runs the ledger's pending jobs as a batch would: writes each output, or fails `failing`.
    @discardableResult
    func run(
        _ jobs: [BatchJob], all: [BatchJob]? = nil, shard: Shard? = nil, chain: String = "c1",
        failing: Set<String> = []
    ) throws -> BatchLedger {
        let ledger = try BatchLedger(
            directory: out, shard: shard ?? Shard(index: 0, count: 1), jobs: jobs, all: all ?? jobs,
            chain: chain, interval: 0)
        for job in ledger.pending {
            let name = URL(fileURLWithPath: job.output).lastPathComponent
            if failing.contains(name) {
                try ledger.failed(job, status: .invalidInput, message: "\(job.input): not a PNG file")
            } else {
                try Data("output of \(job.input) by \(chain)".utf8).write(to: URL(fileURLWithPath: job.output))
                try ledger.done(job)
            }
        }
        try ledger.finish()
        return ledger
    }

    func testARerunSkipsCurrentOutputsAndRedoesFailedOnes() throws {
        let all = try jobs(["a.png", "b.png", "c.png"])
        let first = try run(all, failing: ["c.png"])
        XCTAssertEqual(first.pending.count, 3)
        XCTAssertTrue(FileManager.default.fileExists(atPath: out + "/.lunette-batch-0-of-1.json"))
        let status = try BatchStatus.read(out)
        XCTAssertEqual([status.count(.done), status.count(.failed), status.count(.missing), status.count(.stale)], [2, 1, 0, 0])
        XCTAssertFalse(status.isComplete)
        XCTAssertEqual(status.entries.first { $0.output == "c.png" }?.detail, path("in/c.png") + ": not a PNG file")

        let second = try run(all)
        XCTAssertEqual(second.pending.map(\.output), [out + "/c.png"], "only the failed one is redone")
        XCTAssertEqual(second.skipped, 2)
        XCTAssertTrue(try BatchStatus.read(out).isComplete)
        XCTAssertEqual(try run(all).pending, [], "nothing left")
    }

    func testFinishedOutputsSurviveAKillBetweenManifestRewrites() throws {
        let all = try jobs(["a.png", "b.png", "c.png"])
        do {
            // Never rewritten after its start and never flushed: as if SIGKILLed after two images.
            let ledger = try BatchLedger(
                directory: out, shard: Shard(index: 0, count: 1), jobs: all, all: all,
                chain: "c1", interval: 3600)
            for job in ledger.pending.prefix(2) {
                try Data("output".utf8).write(to: URL(fileURLWithPath: job.output))
                try ledger.done(job)
            }
        }
        // The last line cut short by the kill is ignored.
        let journal = FileHandle(forWritingAtPath: out + "/.lunette-batch-0-of-1.journal")!
        journal.seekToEndOfFile()
        journal.write(Data("{\"output\":\"c.png\",\"sta".utf8))
        try journal.close()
        XCTAssertEqual(try BatchStatus.read(out).count(.done), 2)
        let rerun = try run(all)
        XCTAssertEqual(rerun.pending.map { URL(fileURLWithPath: $0.output).lastPathComponent }, ["c.png"])
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: out + "/.lunette-batch-0-of-1.journal"),
            "removed once the manifest holds its records")
    }

    func testAChangedOutputInputOrChainIsRedone() throws {
        let all = try jobs(["a.png", "b.png", "c.png"])
        try run(all)
        // A partial output (a job killed while writing without the atomic rename, or a file
        // replaced by hand) hashes differently from the one recorded.
        let b = out + "/b.png"
        let bytes = try Data(contentsOf: URL(fileURLWithPath: b))
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: b))
        // An input edited since (another size and time).
        try Data("a newer a.png".utf8).write(to: URL(fileURLWithPath: path("in/a.png")))
        var status = try BatchStatus.read(out)
        XCTAssertEqual(status.count(.stale), 2, status.text())
        XCTAssertEqual(status.entries.first { $0.output == "b.png" }?.detail, "the output changed since it was written")
        XCTAssertEqual(status.entries.first { $0.output == "a.png" }?.detail, "the input changed since")
        try FileManager.default.removeItem(atPath: out + "/c.png")
        status = try BatchStatus.read(out)
        XCTAssertEqual(status.entries.first { $0.output == "c.png" }?.state, .missing)

        let rerun = try run(all)
        XCTAssertEqual(rerun.pending.map { URL(fileURLWithPath: $0.output).lastPathComponent }, ["a.png", "b.png", "c.png"])
        XCTAssertTrue(try BatchStatus.read(out).isComplete)
        let other = try run(all, chain: "c2")
        XCTAssertEqual(other.pending.count, 3, "another chain redoes everything")
    }

    func testStatusMergesShardsAndCountsTheOnesNotStarted() throws {
        let all = try jobs((1...40).map { "img\($0).png" })
        func mine(_ k: Int) throws -> [BatchJob] {
            let shard = try Shard(index: k, count: 3)
            return all.filter { shard.contains(key: URL(fileURLWithPath: $0.input).lastPathComponent) }
        }
        try run(try mine(0), all: all, shard: Shard(index: 0, count: 3))
        let two = try Shard(index: 2, count: 3)
        let failing = Set((1...40).map { "img\($0).png" }.filter { two.contains(key: $0) }.prefix(2))
        try run(try mine(2), all: all, shard: two, failing: failing)
        let status = try BatchStatus.read(out)
        XCTAssertEqual(status.total, 40)
        XCTAssertEqual(status.shardsNotStarted, [1])
        XCTAssertEqual(status.count(.missing), try mine(1).count)
        XCTAssertEqual(status.count(.done) + status.count(.failed) + status.count(.missing), 40)
        XCTAssertTrue(status.text().contains("(no manifest yet from shard 1/3)"), status.text())

        let json = try JSONSerialization.jsonObject(with: Data(try status.json().utf8)) as! [String: Any]
        XCTAssertEqual(json["total"] as? Int, 40)
        XCTAssertEqual(json["complete"] as? Bool, false)
        XCTAssertEqual(json["shardsNotStarted"] as? [Int], [1])
        let counts = json["counts"] as! [String: Int]
        XCTAssertEqual(counts["missing"], try mine(1).count)
        XCTAssertEqual((json["items"] as! [[String: Any]]).count, 40 - (try mine(1).count))

        try run(try mine(1), all: all, shard: Shard(index: 1, count: 3))
        try run(try mine(2), all: all, shard: Shard(index: 2, count: 3))
        let done = try BatchStatus.read(out)
        XCTAssertTrue(done.isComplete, done.text())
        XCTAssertTrue(done.text().hasPrefix(out + ": 40 inputs in 3 shards, all done\n  done    40\n  failed  0"), done.text())
    }

    func testAFolderWithoutManifestsOrWithABrokenOneIsAClearError() throws {
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        XCTAssertThrowsError(try BatchStatus.read(out)) { XCTAssertEqual(($0 as? LunetteError)?.status, .usage) }
        XCTAssertThrowsError(try BatchStatus.read(path("nowhere"))) { XCTAssertEqual(($0 as? LunetteError)?.status, .usage) }
        try Data("{\"shard\": ".utf8).write(to: URL(fileURLWithPath: out + "/.lunette-batch-0-of-2.json"))
        XCTAssertThrowsError(try BatchStatus.read(out)) { error in
            XCTAssertEqual((error as? LunetteError)?.status, .invalidInput)
            XCTAssertTrue("\(error)".contains(".lunette-batch-0-of-2.json: not a batch manifest"), "\(error)")
        }
    }
}
