import ArgumentParser
import LuaBridge

/// The steps of `apply` and `video`: a chain file, `-f` step expressions after it, and whether
/// results are presentable (each step with its specials, the default) or Core Image's raw ones.
struct StepOptions: ParsableArguments {
    @Option(help: "A chain file (plain Lua data: return {steps = {…}}), loaded sandboxed.")
    var chain: String?

    @Option(
        name: [.customShort("f"), .customLong("filter")],
        help: "A step such as 'CIGaussianBlur{radius = 4}' (repeatable; runs after --chain; 'A{} | B{}' joins steps).",
        completion: FilterNameCompletion.kind)
    var steps: [String] = []

    @Flag(help: "Core Image's raw results: no specials, so a blur's extent grows by its reach and edges fade to transparent.")
    var raw = false

    /// Presentable results have been the default since `--raw` came; `--present` and `--no-present` stay accepted.
    @Flag(inversion: .prefixedNo, help: .hidden)
    var present = true

    /// Each step runs with its specials: clamp before a blur, crop back after it, sample inputs.
    var presentable: Bool { present && !raw }

    /// The chain these options name, built (and checked) in `runtime`.
    func chain(in runtime: LuaRuntime) throws -> LuaChain {
        try runtime.chain(file: chain, steps: steps, present: presentable)
    }
}
