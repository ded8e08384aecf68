import Foundation

/// A Gaussian blur of standard deviation σ whose cost per pixel does not grow with σ.
///
/// - σ < 3: a direct separable convolution (taps out to 3.5σ, normalised).
/// - σ ≥ 3: decimation. With f = max(2, ⌊σ/2⌋), the input is prefiltered with a Gaussian of
///   σp = 0.8·f and sampled every f pixels (low-resolution sample k sits at the centre of
///   the pixel block [k·f, k·f + f)); the low-resolution image is blurred with
///   σl = √(σ² − σp² − σu²)/f; the result is resampled to full resolution with Gaussian
///   weights of σu = 0.8·f, normalised per phase (so constants stay exact). Variances add:
///   σp² + (f·σl)² + σu² = σ². Every part is a sampled Gaussian cut at 4 of its σ, so the
///   sum over the sampling lattice reproduces a continuous Gaussian: the worst-case error
///   against a direct convolution is at most about 0.1/255 for any input in 0…1 (checked
///   with the 2-D error bound max(ΣE⁺, ΣE⁻) over every sampling phase for σ = 3…100).
///   Work per output pixel is about 8 prefilter taps plus 7 resampling taps per axis,
///   whatever σ is. The decimated image is cached in short, wide blocks of the node
///   (oldest dropped first beyond a few strips' worth), so neighbouring tiles share it
///   instead of each one re-reading a 3.5σ halo; the horizontally prefiltered source rows
///   where vertically adjacent blocks overlap are kept too, so each source row is read once.
///
/// The extent grows by 3.5σ rounded up, like the direct kernel's reach; the few values the
/// decimated path produces beyond it (below 0.1/255) are cleared.
/// Lua: `img | CIGaussianBlur{radius = 30}`
public final class GaussianBlurNode: ImageNode, @unchecked Sendable {
    public let inputs: [Image]
    public let sigma: Double
    /// Growth of the extent on every side: ⌈3.5σ⌉.
    public let reach: Int
    /// How far an input pixel can influence an output pixel (the region of interest's halo).
    public let sourceReach: Int
    let direct: [Float]
    let plan: DecimationPlan?

    /// σ from which the decimated path is used.
    public static let decimationThreshold = 3.0

    public init(_ input: Image, sigma: Double) {
        inputs = [input]
        self.sigma = sigma
        reach = Int((3.5 * sigma).rounded(.up))
        if sigma >= Self.decimationThreshold {
            // Block columns line up with the input's box (or the box a clamp extends).
            let anchor = input.extent.isInfinite ? (input.node as? ClampNode)?.box : IRect(covering: input.extent)
            let p = DecimationPlan(sigma: sigma, inputExtent: input.extent, anchor: anchor)
            plan = p
            direct = []
            sourceReach = p.sourceReach
        } else {
            plan = nil
            direct = Convolution.gaussianWeights(sigma: sigma)
            sourceReach = direct.count / 2
        }
    }

    public var kind: NodeKind { .area }
    public var extent: Rect { inputs[0].extent.insetBy(-Double(reach), -Double(reach)) }
    public var isOpaque: Bool { inputs[0].isOpaque && inputs[0].extent.isInfinite }

    public func regionOfInterest(for rect: IRect, input index: Int) -> Rect {
        rect.grown(sourceReach, sourceReach).rect.intersection(inputs[0].extent)
    }

    public func render(_ rect: IRect, _ session: RenderSession) -> PixelBuffer {
        let dst: PixelBuffer
        if let plan {
            dst = plan.render(rect, inputs[0], session)
        } else {
            let r = sourceReach, need = rect.grown(r, r)
            // Pixels already in memory (a loaded image, through clamps and crops) are read in
            // place when they cover the halo; a clamp whose edges the halo crosses is read as
            // its input, extended row by row.
            let src: PixelBuffer
            var box: IRect?
            if let b = session.borrow(inputs[0], need) {
                src = b
            } else if let c = inputs[0].node as? ClampNode, !c.box.isEmpty, c.box.intersection(need) != need {
                let roi = IRect(covering: c.regionOfInterest(for: need, input: 0))
                src = session.borrow(c.inputs[0], roi) ?? session.render(c.inputs[0], roi)
                box = c.box
            } else {
                src = session.render(inputs[0], need)
            }
            dst = session.output(rect, zeroed: false)  // separable writes every pixel
            Convolution.separable(src, dst, direct, direct, clamp: box)
        }
        dst.clear(outside: IRect.clipping(extent, to: rect))
        return dst
    }
}

extension Image {
    /// This image blurred by a Gaussian of standard deviation `sigma` (CIGaussianBlur's model).
    /// Lua: `img | CIGaussianBlur{radius = sigma}`
    public func gaussianBlurred(sigma: Double) -> Image {
        sigma < 0.01 || extent.isEmpty ? self : Image(GaussianBlurNode(self, sigma: sigma))
    }
}

@inline(__always) func floorDiv(_ a: Int, _ b: Int) -> Int {
    let q = a / b
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
}

/// The numbers of the decimated Gaussian, and the block cache of the decimated input.
final class DecimationPlan: @unchecked Sendable {
    let f: Int
    /// Prefilter taps for source pixels k·f − m … k·f + f − 1 + m.
    let prefilter: [Float]
    let m: Int
    /// Low-resolution Gaussian (radius `lowRadius`).
    let low: [Float]
    let lowRadius: Int
    /// Resampling taps: phase φ (0..<f) uses `up[φ·(2S+1) + s + S]` for low-resolution
    /// samples ⌊x/f⌋ + s, s in −S…S.
    let up: [Float]
    let S: Int
    /// The vector kernels' layouts of `prefilter` and `up` (`vectorWeights`).
    let prefilter4: [Float], upPairs: [Float]
    let sourceReach: Int
    /// Blocks of the decimated input: `blockWidth` × `blockHeight` low-resolution samples
    /// (short and wide, so a render going down in strips reads its source once, in order).
    let blockWidth: Int, blockHeight: Int
    /// Anchored column blocks: low-resolution columns [start, end) in blocks of `width`.
    let columns: (start: Int, end: Int, width: Int)?
    static let edgeBlockWidth = 16
    let inputBox: IRect?
    let cache: BlockCache
    let rowsLock = NSLock()
    var rowsByColumn: [Int: HorizontalRows] = [:]

    init(sigma: Double, inputExtent: Rect, anchor: IRect? = nil) {
        let f = max(2, Int(sigma / 2))
        self.f = f
        let half = Double(f - 1) / 2
        let sp = 0.8 * Double(f), su = 0.8 * Double(f)
        let sl = (sigma * sigma - sp * sp - su * su).squareRoot() / Double(f)
        func gauss(_ d: Double, _ s: Double) -> Double { exp(-d * d / (2 * s * s)) }

        let m = max(0, Int((4 * sp - half).rounded(.down)))
        self.m = m
        let pw = (0..<(f + 2 * m)).map { gauss(Double($0 - m) - half, sp) }
        let ps = pw.reduce(0, +)
        prefilter = pw.map { Float($0 / ps) }

        let lowRadius = Int((4 * sl).rounded(.up))
        self.lowRadius = lowRadius
        let lw = (-lowRadius...lowRadius).map { gauss(Double($0), sl) }
        let ls = lw.reduce(0, +)
        low = lw.map { Float($0 / ls) }

        let S = Int(((4 * su + half) / Double(f)).rounded(.down))
        self.S = S
        var up: [Float] = []
        for phase in 0..<f {
            let w = (-S...S).map { s -> Double in
                let d = Double(phase) - half - Double(s * f)
                return abs(d) <= 4 * su ? gauss(d, su) : 0
            }
            let sum = w.reduce(0, +)
            up += w.map { Float($0 / sum) }
        }
        self.up = up
        (prefilter4, upPairs) = Self.vectorWeights(prefilter: prefilter, up: up, f: f, taps: 2 * S + 1)
        sourceReach = (S + lowRadius + 1) * f + m
        let bw = min(256, max(8, (1024 + f - 1) / f))
        blockWidth = bw
        blockHeight = max(2, (64 + f - 1) / f)
        // Inside the anchor: columns split evenly into blocks of at most `bw`; outside it
        // (a clamp's halo), narrow blocks, so little is computed that no tile reads.
        if let a = anchor, !a.isEmpty {
            let a0 = floorDiv(a.x, f), a1 = floorDiv(a.maxX - 1, f) + 1
            let n = (a1 - a0 + bw - 1) / bw
            columns = (a0, a1, (a1 - a0 + n - 1) / n)
        } else {
            columns = nil
        }
        let box = inputExtent.isInfinite ? nil : IRect(covering: inputExtent)
        inputBox = box
        // Enough blocks for a few strips across the input (every block a strip needs stays
        // while it renders), however wide, and no more: a streamed render's memory.
        let lowWidth = box.map { $0.width / f + 2 * (S + lowRadius + 2) } ?? 1024
        cache = BlockCache(limit: lowWidth * (4 * blockHeight + 2 * (S + lowRadius) + 64))
    }

    /// Renders `rect` at full resolution: gathers the decimated input, blurs it, resamples.
    func render(_ rect: IRect, _ input: Image, _ session: RenderSession) -> PixelBuffer {
        let jx0 = floorDiv(rect.x, f) - S, jy0 = floorDiv(rect.y, f) - S
        let jrect = IRect(jx0, jy0, floorDiv(rect.maxX - 1, f) + S + 1 - jx0, floorDiv(rect.maxY - 1, f) + S + 1 - jy0)
        let q = gather(jrect.grown(lowRadius, lowRadius), input, session)
        let blurred = PixelBuffer(jrect)
        Convolution.separable(q, blurred, low, low)
        return upsample(blurred, rect, session)
    }

    /// `rect` at full resolution from the blurred low-resolution `lp`, a row at a time: the
    /// vertical interpolation at low-resolution width, then the horizontal one into the output.
    func upsample(_ lp: PixelBuffer, _ rect: IRect, _ session: RenderSession) -> PixelBuffer {
        let taps = 2 * S + 1
        let dst = session.output(rect, zeroed: false)  // every pixel written below
        let v = UnsafeMutablePointer<Pixel>.allocate(capacity: lp.width)
        defer { v.deallocate() }
        up.withUnsafeBufferPointer { up in
            withUnsafeTemporaryAllocation(of: UnsafePointer<Pixel>.self, capacity: taps) { rows in
                for y in 0..<rect.height {
                    if y % 32 == 0, RenderSession.abandoned { dst.clearAll(); break }
                    let yo = rect.y + y
                    let jb = floorDiv(yo, f)
                    for t in 0..<taps { rows[t] = UnsafePointer(lp.row(jb - S - lp.rect.y + t)) }
                    let k = up.baseAddress! + (yo - jb * f) * taps
                    Self.column(rows.baseAddress!, into: v, width: lp.width, k, taps)
                    interpolateRow(v, vx: lp.rect.x, into: dst.row(y), x0: rect.x, width: rect.width)
                }
            }
        }
        return dst
    }

    /// The column block holding low-resolution column `c`: its first column and width.
    func columnBlock(_ c: Int) -> (Int, Int) {
        guard let (a0, a1, w) = columns else {
            let b = floorDiv(c, blockWidth)
            return (b * blockWidth, blockWidth)
        }
        let e = Self.edgeBlockWidth
        if c < a0 { return (a0 - (floorDiv(a0 - 1 - c, e) + 1) * e, e) }
        if c >= a1 { return (a1 + (c - a1) / e * e, e) }
        let x0 = a0 + (c - a0) / w * w
        return (x0, min(w, a1 - x0))
    }

    /// The decimated input over the low-resolution rect `q` (zero where the input is empty).
    func gather(_ q: IRect, _ input: Image, _ session: RenderSession) -> PixelBuffer {
        let out = PixelBuffer(q)
        let bh = blockHeight
        for by in floorDiv(q.y, bh)...floorDiv(q.maxY - 1, bh) {
            var c = q.x
            while c < q.maxX {
                if RenderSession.abandoned { return out }
                let (x0, w) = columnBlock(c)
                if let block = cache.block(BlockCache.Key(x: x0, y: by), { decimate(x0, w, by, input, session) }) {
                    out.copy(from: block)
                }
                c = x0 + w
            }
        }
        return out
    }
}
