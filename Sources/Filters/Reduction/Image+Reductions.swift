import Foundation
import PixelCore

/// Reductions as plain numbers, for scripts: the same filters, rendered at once.
/// Lua: `img:average()`, `img:minMax()`, `img:histogram{bins = 256}`, `img:kmeans{count = 8}`
extension Image {
    /// The rectangle a reduction reads: `rect`, or the image's extent (which must be finite then).
    func reductionRect(_ rect: Rect?, _ what: String) throws -> Rect {
        if let rect { return rect }
        guard !extent.isInfinite, !extent.isEmpty else {
            throw LunetteError.invalid(
                "\(what): the image's extent is \(extent.isInfinite ? "infinite" : "empty"); give a rectangle")
        }
        return extent
    }

    /// Renders a reduction filter's output (at (0, 0)) with its extent input set to `rect`.
    func reduced(_ d: FilterDescriptor, _ rect: Rect?, _ what: String, _ extra: [String: FilterValue] = [:]) throws -> PixelBuffer
    {
        let f = Filter(d)
        try f.set("inputImage", .image(self))
        let r = try reductionRect(rect, what)
        try f.set("inputExtent", .vector(Vector(r.x, r.y, r.width, r.height)))
        for (k, v) in extra { try f.set(k, v) }
        let out = try f.outputImage()
        return try Context().render(out, rect: IRect(covering: out.extent))
    }

    /// The mean premultiplied working-space pixel of `rect` (default: the extent).
    /// Swift: `let mean = try img.average()`
    public func average(in rect: Rect? = nil) throws -> Pixel {
        try reduced(AreaAverage.descriptor, rect, "average")[0, 0]
    }

    /// Per-component minimum and maximum of `rect` (default: the extent).
    public func minMax(in rect: Rect? = nil) throws -> (min: Pixel, max: Pixel) {
        let b = try reduced(AreaMinMax.descriptor, rect, "minMax")
        return (b[0, 0], b[1, 0])
    }

    /// Pixel counts per bin of R, G, B and A (premultiplied working-space values in [0, 1],
    /// clamped) over `rect`: exact counts, unlike the filter's shares stored as Float.
    public func histogram(bins: Int, in rect: Rect? = nil) throws -> [SIMD4<Double>] {
        guard (1...2048).contains(bins) else { throw LunetteError.invalid("histogram: bins must be 1…2048, got \(bins)") }
        let r = IRect(covering: try reductionRect(rect, "histogram"))
        try Limits.check(width: r.width, height: r.height, what: "histogram")
        let area = IRect.clipping(extent, to: r)
        let counts = Reductions.histogramCounts(self, area, r, bins, Reductions.linearBinning(bins))
        try Cancellation.check()
        return counts
    }

    /// `count` representative colours of `rect` by CIKMeans (un-premultiplied linear colours)
    /// and the share of the area each stands for.
    public func kmeans(
        count: Int, passes: Int = 5, perceptual: Bool = false, in rect: Rect? = nil
    ) throws -> [(color: Pixel, share: Double)] {
        guard count >= 1 else { return [] }
        let b = try reduced(
            KMeans.descriptor, rect, "kmeans",
            [
                "inputCount": .number(Double(count)),
                "inputPasses": .number(Double(passes)), "inputPerceptual": .number(perceptual ? 1 : 0),
            ])
        return (0..<count).map { k in
            let p = b[k, 0]
            return (p.w > 0 ? Pixel(p.x / p.w, p.y / p.w, p.z / p.w, 1) : Pixel(0, 0, 0, 1), Double(p.w))
        }
    }
}
