import Foundation

extension LanczosScaleNode {
    enum Axis: Hashable { case x, y }

    /// Per output index: the first source index (from `sourceStart`) and `taps` weights.
    /// The window is ⌈2·radius·widen⌉ + 2 source pixels; columns of taps that are zero for every
    /// output (the window's ends past the kernel's support) are dropped.
    struct Weights {
        var first: [Int] = []
        var w: [Float] = []
        var taps = 0
        /// `w` with every weight repeated four times (one per channel), for the AVX2 rows.
        var w4: [Float] = []

        init(_ o0: Int, _ count: Int, scale s: Double, widen wd: Double, sourceStart: Int, kernel: ResamplingKernel = .lanczos3) {
            let r = kernel.radius
            let window = Int((2 * r * wd).rounded(.up)) + 2
            var all = [Float](repeating: 0, count: count * window)
            var ws = [Double](repeating: 0, count: window)
            var lead = window, trail = window
            first.reserveCapacity(count)
            for i in 0..<count {
                let c = (Double(o0 + i) + 0.5) / s
                let start = Int((c - r * wd - 0.5).rounded(.up))
                var sum = 0.0
                for k in 0..<window {
                    let v = kernel.weight((Double(start + k) + 0.5 - c) / wd)
                    ws[k] = v; sum += v
                }
                first.append(start - sourceStart)
                var nonZero = (window, -1)
                for k in 0..<window {
                    let f = Float(sum != 0 ? ws[k] / sum : 0)
                    all[i * window + k] = f
                    if f != 0 { nonZero = (min(nonZero.0, k), k) }
                }
                lead = min(lead, nonZero.0); trail = min(trail, window - 1 - nonZero.1)
            }
            if lead + trail >= window { lead = 0; trail = window - 1 }  // all zero: keep one tap
            taps = window - lead - trail
            w.reserveCapacity(count * taps)
            for i in 0..<count {
                first[i] += lead
                w += all[(i * window + lead)..<(i * window + lead + taps)]
            }
            w4 = w.flatMap { [$0, $0, $0, $0] }
        }

        /// These weights with every window moved inside source indices [lo, hi), the taps
        /// that leave a window (reading outside, where pixels are transparent) dropped and
        /// `first` counted from `lo`; nil when a window does not fit.
        func fitted(_ lo: Int, _ hi: Int) -> Weights? {
            guard hi - lo >= taps else { return nil }
            var r = self
            for o in 0..<first.count {
                let f = first[o]
                let shift = f < lo ? lo - f : (f + taps > hi ? hi - taps - f : 0)
                r.first[o] = f + shift - lo
                guard shift != 0 else { continue }
                // New tap k reads source index f + shift + k, which was tap k + shift.
                let base = o * taps
                for k in 0..<taps {
                    let j = k + shift
                    r.w[base + k] = j >= 0 && j < taps ? w[base + j] : 0
                    for c in 0..<4 { r.w4[4 * (base + k) + c] = r.w[base + k] }
                }
            }
            return r
        }
    }

    struct WeightsKey: Hashable {
        let axis: Axis, o0: Int, count: Int
    }

    /// A node's computed weights by tile column and row (any render thread may ask).
    final class WeightsCache: @unchecked Sendable {
        private let lock = NSLock()
        private var entries: [WeightsKey: Weights] = [:]
        /// Entries kept at most (a 32K-wide image in 256-pixel tiles needs 128 + its rows).
        static let limit = 1024

        func get(_ key: WeightsKey) -> Weights? {
            lock.lock(); defer { lock.unlock() }
            return entries[key]
        }

        func put(_ key: WeightsKey, _ w: Weights) {
            lock.lock(); defer { lock.unlock() }
            if entries.count >= Self.limit { entries.removeAll(keepingCapacity: true) }
            entries[key] = w
        }
    }
}
