import Foundation
import PixelCore

/// The arithmetic of CIKMeans: features, seeds, and one Lloyd pass over the image's tiles.
struct KMeansLloyd: Sendable {
    let image: Image
    let area: IRect
    let perceptual: Bool

    /// The clustered colour of a premultiplied pixel: straight RGB, sRGB-encoded if perceptual.
    static func feature(_ p: Pixel, _ perceptual: Bool) -> SIMD3<Double> {
        let a = Double(p.w)
        let c = a > 0 ? SIMD3<Double>(Double(p.x), Double(p.y), Double(p.z)) / a : .zero
        return perceptual ? SIMD3(Transfer.linearToSRGB(c.x), Transfer.linearToSRGB(c.y), Transfer.linearToSRGB(c.z)) : c
    }

    /// A feature back to linear light.
    func color(_ f: SIMD3<Double>) -> SIMD3<Double> {
        perceptual ? SIMD3(Transfer.srgbToLinear(f.x), Transfer.srgbToLinear(f.y), Transfer.srgbToLinear(f.z)) : f
    }

    /// Deterministic seeds: the weighted mean of a grid sample, then repeatedly the sample
    /// farthest from every seed so far.
    func seeds(_ count: Int) -> [SIMD3<Double>] {
        guard count > 0 else { return [] }
        let step = max(1, Int((Double(area.count) / 4096).squareRoot()))
        let perceptual = self.perceptual
        let sample = Reductions.fold(
            image, area, [SIMD3<Double>](),
            tile: { t in
                var s: [SIMD3<Double>] = []
                for y in 0..<t.height where (t.rect.y + y) % step == 0 {
                    let row = t.row(y)
                    for x in 0..<t.width where (t.rect.x + x) % step == 0 && row[x].w > 0 {
                        s.append(Self.feature(row[x], perceptual))
                    }
                }
                return s
            }
        ) { $0 += $1 }.sorted { ($0.x, $0.y, $0.z) < ($1.x, $1.y, $1.z) }  // tiles merge in any order
        guard !sample.isEmpty else { return [SIMD3<Double>](repeating: .zero, count: count) }
        var seeds = [sample.reduce(.zero, +) / Double(sample.count)]
        var nearest = sample.map { distance2($0, seeds[0]) }
        while seeds.count < count {
            let (i, d) = nearest.enumerated().max { $0.element < $1.element }!
            if d == 0 { seeds.append(seeds.last!); continue }
            seeds.append(sample[i])
            for j in sample.indices { nearest[j] = min(nearest[j], distance2(sample[j], sample[i])) }
        }
        return seeds
    }

    /// Assigns every pixel to its nearest mean (lowest index on ties) and returns the new
    /// means (moved only when `moving`; an empty cluster keeps its mean) and each cluster's alpha.
    func pass(_ means: [SIMD3<Double>], moving: Bool) -> (means: [SIMD3<Double>], weights: [Double]) {
        let k = means.count, perceptual = self.perceptual
        let empty = [SIMD4<Double>](repeating: .zero, count: k)
        let sums = Reductions.foldRows(image, area, empty) { s, row, _, t in
            for x in 0..<t.width where row[x].w > 0 {
                let f = Self.feature(row[x], perceptual)
                var best = 0, bestD = Double.infinity
                for m in 0..<k {
                    let d = distance2(f, means[m])
                    if d < bestD { bestD = d; best = m }
                }
                let a = Double(row[x].w)
                s[best] += SIMD4(f * a, a)
            }
        } merge: {
            Reductions.addEach(&$0, $1)
        }
        let moved = (0..<k).map { i in moving && sums[i].w > 0 ? SIMD3(sums[i].x, sums[i].y, sums[i].z) / sums[i].w : means[i] }
        return (moved, sums.map(\.w))
    }
}

@inline(__always) private func distance2(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double {
    let d = a - b
    return (d * d).sum()
}
