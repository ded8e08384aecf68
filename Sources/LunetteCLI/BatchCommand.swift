import ArgumentParser
import Console
import Foundation
import Pipeline
import PixelCore

/// `lunette batch status OUT/`: the state of a sharded, resumable batch.
struct BatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "batch",
        abstract: "Follow batches run as shards (lunette apply --shard) or with --resume.",
        discussion: """
            A batch split into shards runs as N copies of one command, each told its
            index by a scheduler (a Slurm array, a Kubernetes Indexed Job) or by
            --shard K/N. Every shard keeps a manifest in the output folder; status
            merges them.
              lunette apply --chain look.lua -o out/ photos/ --shard auto
              lunette batch status out/
            """,
        subcommands: [BatchStatusCommand.self]
    )
}

/// `lunette batch status OUT/ [--json]`: done, failed, missing and stale outputs, merged from
/// the shards' manifests; exit 7 while anything is not done.
struct BatchStatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Merge a batch's shard manifests: done, failed, missing, stale.",
        discussion: """
            Reads the .lunette-batch-K-of-N.json manifests in OUT/ and checks each
            output against them: done (complete and current), failed (with the
            error), missing (not written yet, its job stopped, or its shard never
            started) or stale (the chain, the output settings or the input changed
            since, or the output file was changed). A rerun of the same command
            redoes exactly what is not done.
              lunette batch status out/
              lunette batch status out/ --json | jq .counts
              until lunette batch status -q out/; do sleep 60; done
            Exit codes: 0 when every input is done, 7 while any is failed, missing
            or stale, 1 when OUT/ holds no manifest, 3 for an unreadable one.
            """
    )

    /// The exit status while work remains.
    static let notDone: Int32 = 7

    @Argument(help: "The batch's output folder (the -o of lunette apply).", completion: .directory)
    var directory: String

    @Flag(help: "One JSON object: counts, shards not started and every output with its state.")
    var json = false

    @Flag(help: "List every output that is not done (default: the first 20 of each state).")
    var all = false

    @Flag(name: .shortAndLong, help: "Print nothing: only the exit code says whether the batch is done.")
    var quiet = false

    func run() throws {
        let status = try BatchStatus.read(directory)
        if json {
            print(try status.json())
        } else if !quiet {
            print(status.text(limit: all ? nil : 20))
        }
        if !status.isComplete { throw ExitCode(Self.notDone) }
    }
}
