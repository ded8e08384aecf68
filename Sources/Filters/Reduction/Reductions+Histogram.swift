import Foundation
import PixelCore

extension Reductions {
    /// How a histogram bins a pixel: the bin of each of R, G, B, A and the weight each adds.
    typealias Binning = @Sendable (Pixel) -> (bins: SIMD4<Int32>, weights: SIMD4<Float>)

    /// The bin of a value in [0, 1] (clamped) among `count`.
    @inline(__always) static func bin(_ v: SIMD4<Float>, _ count: Int) -> SIMD4<Int32> {
        let n = Float(count)
        let c = (v * n).replacing(with: 0, where: .!(v .> 0)).clamped(lowerBound: .zero, upperBound: SIMD4(repeating: n - 1))
        return SIMD4<Int32>(c.rounded(.down))
    }

    /// Linear binning of the premultiplied components, each pixel weighing 1 (CIAreaHistogram):
    /// nil, which `histogramCounts` runs as its own loop (a closure per pixel is ten times slower).
    static func linearBinning(_ count: Int) -> Binning? { nil }

    /// The histogram inputs every variant shares (catalogue ranges).
    static let scaleInput = InputSpec.number(
        .scale, default: 1, min: 0, sliderMin: 0, sliderMax: 1,
        "Multiplies every bin; at 1 a channel's bins sum to 1.")
    static let countInput = InputSpec.number(
        "inputCount", "Count", default: 64, min: 1, max: 2048, sliderMin: 10, sliderMax: 1000,
        "The number of bins.")

    /// The inputs the later histograms (alpha-weighted, logarithmic) share: their catalogue
    /// entries give the scale and the count no sliders.
    static let laterHistogramInputs: [InputSpec] = [
        .image(), extentInput, .number(.scale, 1, min: 0, "Multiplies every bin."),
        .number("inputCount", 64, in: 1...2048, "The number of bins."),
    ]

    /// An `inputCount`×1 histogram image at (0, 0): bin k of each channel is `inputScale` ×
    /// the weight binned there ÷ the pixels of `inputExtent` (outside the image: transparent).
    static func histogram(_ f: FilterInputs, _ binning: @escaping (Int) -> Binning?) throws -> Image {
        let rect = try extent(f)
        let count = max(1, min(2048, Int(f.number("inputCount").rounded())))
        let scale = f.number("inputScale")
        return node(try f.image(), rect, width: count, height: 1) { image, area in
            let bins = histogramCounts(image, area, rect, count, binning(count))
            let k = scale / Double(rect.count)
            return buffer(bins.map { $0 * k })
        }
    }

    /// The weights binned per channel (bins of R, G, B, A as one SIMD4 per bin); pixels of
    /// `rect` outside the image are transparent black.
    static func histogramCounts(
        _ image: Image, _ area: IRect, _ rect: IRect, _ count: Int, _ binning: Binning?
    ) -> [SIMD4<Double>] {
        var start = [SIMD4<Double>](repeating: .zero, count: count)
        let outside = rect.count - area.count
        if outside > 0 {
            let (b, w) = binning?(.zero) ?? (.zero, .one)
            for c in 0..<4 { start[Int(b[c])][c] += Double(w[c]) * Double(outside) }
        }
        let n = Float(count), last = Float(count - 1)
        return fold(
            image, area, start,
            tile: { t in
                var h = [Float](repeating: 0, count: count * 4)
                var out = [SIMD4<Double>](repeating: .zero, count: count)
                for y in 0..<t.height {
                    let row = t.row(y)
                    if let binning {
                        for x in 0..<t.width {
                            let (b, w) = binning(row[x])
                            h[Int(b.x) * 4] += w.x; h[Int(b.y) * 4 + 1] += w.y
                            h[Int(b.z) * 4 + 2] += w.z; h[Int(b.w) * 4 + 3] += w.w
                        }
                    } else {
                        h.withUnsafeMutableBufferPointer { hp in
                            for x in 0..<t.width {
                                let v = row[x] * n
                                for c in 0..<4 { hp[(v[c] > 0 ? Int(min(v[c], last)) : 0) * 4 + c] += 1 }
                            }
                        }
                    }
                    if y % 64 == 63 || y == t.height - 1 {  // Float counts stay exact below 2^24
                        for i in 0..<count {
                            out[i] += SIMD4<Double>(
                                Double(h[i * 4]), Double(h[i * 4 + 1]), Double(h[i * 4 + 2]), Double(h[i * 4 + 3]))
                        }
                        for i in h.indices { h[i] = 0 }
                    }
                }
                return out
            }
        ) { Reductions.addEach(&$0, $1) }
    }
}
