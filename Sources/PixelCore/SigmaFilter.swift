import Foundation

extension Neighbourhood {
    /// Lee's sigma filter over 3×3: each pixel becomes the mean of the neighbours whose
    /// luminance (Rec. 709 weights on the premultiplied colour) differs from its own by less
    /// than `tolerance`, itself included, so noise smaller than the tolerance is averaged away
    /// and edges larger than it are kept. `src` covers `dst` grown by 1.
    public static func sigma3x3(_ src: PixelBuffer, _ dst: PixelBuffer, tolerance: Float) {
        let luma = Pixel(0.2126, 0.7152, 0.0722, 0)
        for y in 0..<dst.height {
            let sy = dst.rect.y + y - src.rect.y, sx = dst.rect.x - src.rect.x
            let rows = [src.row(sy - 1) + sx, src.row(sy) + sx, src.row(sy + 1) + sx]
            let d = dst.row(y)
            for x in 0..<dst.width {
                let c = rows[1][x], lc = (c * luma).sum()
                var acc = Pixel.zero, n: Float = 0
                for r in rows {
                    for dx in -1...1 {
                        let q = r[x + dx]
                        if abs((q * luma).sum() - lc) < tolerance { acc += q; n += 1 }
                    }
                }
                d[x] = n > 0 ? acc / n : c
            }
        }
    }
}

extension Image {
    /// Lee's 3×3 sigma filter (see `Neighbourhood.sigma3x3`); the extent grows by 1.
    /// Lua: `img | CINoiseReduction{noiseLevel = 0.02}`
    public func sigmaFiltered(tolerance: Float) -> Image {
        tolerance <= 0 ? self : Image(AreaNode(self, haloX: 1, haloY: 1, inPlace: true) { src, dst in
            Neighbourhood.sigma3x3(src, dst, tolerance: tolerance)
        })
    }
}
