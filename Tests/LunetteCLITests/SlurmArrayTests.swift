import Foundation
import TestSupport
import XCTest

/// A real single-node Slurm (scripts/cluster/local-slurm.sh) runs scripts/cluster/slurm-array.sh
/// as an array of 4 tasks over 200 images; one task is cancelled mid-way, a resubmission
/// finishes the work, `batch status` reports all done, and the outputs equal one process's.
/// Skipped, saying why, where the daemons cannot start (no slurm-wlm or munge, not root).
final class SlurmArrayTests: ScratchTestCase {
    var slurm: String { dir.appendingPathComponent("slurm").path }

    var environment: [String: String] {
        ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("SLURM_") }
            .merging(["SLURM_CONF": slurm + "/slurm.conf", "LUNETTE": CLITests.binary.path]) { $1 }
    }

    /// Runs a command with the test's Slurm configuration.
    @discardableResult
    func shell(_ command: String, timeout: Double = 120) throws -> (status: Int32, out: String, err: String) {
        let r = try ProcessRunner.run(
            ["-o", "pipefail", "-c", command], executable: URL(fileURLWithPath: "/bin/bash"),
            directory: dir, environment: environment, timeout: timeout)
        return (r.status, String(decoding: r.stdout, as: UTF8.self), r.stderr)
    }

    func startSlurm() throws {
        let script = Fixtures.path("scripts/cluster/local-slurm.sh")
        addTeardownBlock { [slurm] in
            _ = try? ProcessRunner.run([script, "stop", slurm], executable: URL(fileURLWithPath: "/bin/bash"))
        }
        let start = try shell("'\(script)' start '\(slurm)'", timeout: 60)
        if start.status == 77 {
            throw XCTSkip("no single-node Slurm: " + start.err.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        XCTAssertEqual(start.status, 0, start.err)
    }

    /// Waits until no task of `job` is pending or running.
    func waitForJob(_ job: String, timeout: Double = 240) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if try shell("squeue -h -j \(job)").out.isEmpty { return }
            usleep(200_000)
        }
        XCTFail("job \(job) still running after \(timeout) s: " + (try shell("squeue; cat \(slurm)/slurmctld.log | tail").out))
    }

    /// Submits the array script over in/ and returns the job id.
    func submit() throws -> String {
        let script = Fixtures.path("scripts/cluster/slurm-array.sh")
        let r = try shell("sbatch --parsable --array=0-3 -o 'log-%A_%a.txt' '\(script)' look.lua out/ in/ -q")
        XCTAssertEqual(r.status, 0, r.err)
        return r.out.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The outputs a shard's manifest names (written as the shard starts), once it exists.
    func outputs(ofShard k: Int) -> [String]? {
        guard let data = FileManager.default.contents(atPath: path("out/.lunette-batch-\(k)-of-4.json")),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let items = object["items"] as? [[String: Any]]
        else { return nil }
        return items.compactMap { $0["output"] as? String }
    }

    func testAnArrayCancelledMidwayAndResubmittedFinishesAsOneProcessWould() throws {
        try startSlurm()
        try
            "return {steps = {{filter = \"CISepiaTone\", inputs = {intensity = 0.8}}, {filter = \"CIVignette\", inputs = {intensity = 1, radius = 1}}}}\n"
            .write(toFile: path("look.lua"), atomically: true, encoding: .utf8)
        let make = try shell(
            """
            mkdir in && "$LUNETTE" -e 'local noise = Filter("CIRandomGenerator").outputImage
            for i = 1, 200 do noise:cropped(Rect(i * 41, i * 17, 160, 120)):save(string.format("in/img%03d.png", i)) end'
            """)
        XCTAssertEqual(make.status, 0, make.err)

        let started = Date()
        let first = try submit()
        // Cancel task 1 as soon as two of its outputs are there, well before its last.
        let deadline = Date().addingTimeInterval(120)
        var mine: [String]?
        while Date() < deadline {
            mine = mine ?? outputs(ofShard: 1)
            if let mine, mine.filter({ FileManager.default.fileExists(atPath: path("out/" + $0)) }).count >= 2 { break }
            usleep(20_000)
        }
        XCTAssertEqual(try shell("scancel \(first)_1").status, 0)
        try waitForJob(first)
        let firstSeconds = Date().timeIntervalSince(started)
        let partial = try shell("\"$LUNETTE\" batch status --json out/")
        XCTAssertEqual(partial.status, 7, "not done after the cancel: \(partial.out)")
        let counts =
            (try JSONSerialization.jsonObject(with: Data(partial.out.utf8)) as? [String: Any])?["counts"] as? [String: Int]
        XCTAssertGreaterThan(counts?["missing"] ?? 0, 0, partial.out)
        XCTAssertEqual(counts?["failed"], 0, partial.out)

        let again = Date()
        let second = try submit()
        try waitForJob(second)
        let secondSeconds = Date().timeIntervalSince(again)
        let status = try shell("\"$LUNETTE\" batch status out/")
        XCTAssertEqual(status.status, 0, status.out)
        XCTAssertTrue(status.out.contains("200 inputs in 4 shards, all done"), status.out)
        let summaries = try shell("cat log-\(second)_*.txt").out
        // The resubmitted task 1 kept what the cancelled one finished and did the rest.
        let task1 = summaries.firstMatch(
            of: try Regex("shard 1/4: (\\d+) of (\\d+) images written to out/(, (\\d+) already done)?"))
        XCTAssertNotNil(task1, summaries)
        XCTAssertGreaterThan(Int(task1?.output[1].substring ?? "") ?? 0, 0, summaries)
        XCTAssertGreaterThan(Int(task1?.output[4].substring ?? "") ?? 0, 0, "the finished ones are kept: \(summaries)")
        for k in [0, 2, 3] { XCTAssertTrue(summaries.contains("shard \(k)/4: 0 of "), summaries) }
        print(
            "slurm: first array \(String(format: "%.1f", firstSeconds)) s (task 1 cancelled), resubmission "
                + String(format: "%.1f", secondSeconds) + " s:\n" + summaries)

        let single = Date()
        let one = try shell("\"$LUNETTE\" apply --chain look.lua -o single/ in/ -q")
        XCTAssertEqual(one.status, 0, one.err)
        print("slurm: one process \(String(format: "%.1f", Date().timeIntervalSince(single))) s")
        let compare = try shell("diff -r --exclude='.lunette-batch-*' out single && ls out | wc -l")
        XCTAssertEqual(compare.status, 0, compare.out + compare.err)
        XCTAssertEqual(compare.out.trimmingCharacters(in: .whitespacesAndNewlines), "200")
    }
}
