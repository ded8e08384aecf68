import Foundation

/// Otsu's threshold (1979): the cut of a 256-bin histogram that maximises the between-class
/// variance ω₀ω₁(μ₀ − μ₁)², returned as the upper edge of the last bin of the dark class.
public enum Otsu {
    public static func threshold(histogram h: [Double]) -> Double {
        let n = h.count, total = h.reduce(0, +)
        guard n > 1, total > 0 else { return 0.5 }
        let sum = h.enumerated().reduce(0.0) { $0 + Double($1.offset) * $1.element }
        var w0 = 0.0, sum0 = 0.0, best = -1.0, cut = 0
        for k in 0..<(n - 1) {
            w0 += h[k]; sum0 += Double(k) * h[k]
            let w1 = total - w0
            guard w0 > 0, w1 > 0 else { continue }
            let m0 = sum0 / w0, m1 = (sum - sum0) / w1
            let between = w0 * w1 * (m0 - m1) * (m0 - m1)
            if between > best { best = between; cut = k }
        }
        return Double(cut + 1) / Double(n)
    }

    /// The histogram (256 bins over 0…1) of the linear Rec. 709 luminance of the straight
    /// colours of the pixels of `buffer` with non-zero alpha, each weighted by its alpha.
    static func accumulate(_ buffer: PixelBuffer, into h: inout [Double]) {
        for y in 0..<buffer.height {
            let row = buffer.row(y)
            for x in 0..<buffer.width where row[x].w > 0 {
                let p = row[x], c = p.unpremultiplied
                let l = 0.2126 * c.x + 0.7152 * c.y + 0.0722 * c.z
                h[min(255, max(0, Int(l * 256)))] += Double(p.w)
            }
        }
    }
}

/// CIColorThresholdOtsu's node: the threshold is worked out once, from the whole input read
/// in strips of 256 rows, then every tile is binarised like CIColorThreshold.
final class OtsuThresholdNode: ImageNode, @unchecked Sendable {
    let inputs: [Image]
    private let lock = NSLock()
    private var cached: Float?

    init(_ input: Image) { inputs = [input] }
    var kind: NodeKind { .area }
    var extent: Rect { inputs[0].extent }
    var isOpaque: Bool { inputs[0].isOpaque }
    /// The histogram reads the whole input (a strip at a time).
    func regionOfInterest(for rect: IRect, input index: Int) -> Rect {
        Rect(extent.x, extent.y, extent.width, min(extent.height, 256)).union(rect.rect)
    }

    func threshold(_ session: RenderSession) -> Float {
        lock.lock(); defer { lock.unlock() }
        if let cached { return cached }
        let whole = IRect(covering: extent)
        var h = [Double](repeating: 0, count: 256)
        var y = whole.y
        while y < whole.maxY {
            let strip = IRect(whole.x, y, whole.width, min(256, whole.maxY - y))
            Otsu.accumulate(session.render(inputs[0], strip), into: &h)
            y += strip.height
        }
        let t = Float(Otsu.threshold(histogram: h))
        cached = t
        return t
    }

    func render(_ rect: IRect, _ session: RenderSession) -> PixelBuffer {
        let t = threshold(session)
        let dst = session.render(inputs[0], rect)
        for y in 0..<dst.height {
            let row = dst.row(y)
            for x in 0..<dst.width { row[x] = Image.thresholded(row[x], t) }
        }
        return dst
    }
}

extension Image {
    /// A premultiplied pixel with each straight colour channel set to 1 above `t`, else 0.
    @inline(__always) static func thresholded(_ p: Pixel, _ t: Float) -> Pixel {
        let c = p.unpremultiplied
        return Pixel(c.x > t ? p.w : 0, c.y > t ? p.w : 0, c.z > t ? p.w : 0, p.w)
    }

    /// Each straight colour channel 1 above `threshold`, else 0; alpha kept.
    /// Lua: `img | CIColorThreshold{threshold = 0.5}`
    public func thresholded(_ threshold: Float) -> Image {
        mapped { Image.thresholded($0, threshold) }
    }

    /// Binarised at Otsu's threshold of the luminance histogram of the whole image (which
    /// must have a finite extent). Lua: `img | CIColorThresholdOtsu()`
    public func otsuThresholded() -> Image { Image(OtsuThresholdNode(self)) }
}
