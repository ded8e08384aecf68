import Foundation

extension Neighbourhood {
    /// The per-channel median of the 3×3 neighbourhood of every pixel of `dst` (`src` covers
    /// `dst` grown by 1): Paeth's 19-exchange network, each exchange a SIMD min and max, so
    /// the four channels are sorted at once without branches.
    public static func median3x3(_ src: PixelBuffer, _ dst: PixelBuffer) {
        for y in 0..<dst.height {
            let sy = dst.rect.y + y - src.rect.y, sx = dst.rect.x - src.rect.x
            let a = src.row(sy - 1) + sx, b = src.row(sy) + sx, c = src.row(sy + 1) + sx
            let d = dst.row(y)
            for x in 0..<dst.width {
                var p = (a[x - 1], a[x], a[x + 1], b[x - 1], b[x], b[x + 1], c[x - 1], c[x], c[x + 1])
                @inline(__always) func s(_ u: inout Pixel, _ v: inout Pixel) {
                    let lo = pointwiseMin(u, v); v = pointwiseMax(u, v); u = lo
                }
                s(&p.1, &p.2); s(&p.4, &p.5); s(&p.7, &p.8)
                s(&p.0, &p.1); s(&p.3, &p.4); s(&p.6, &p.7)
                s(&p.1, &p.2); s(&p.4, &p.5); s(&p.7, &p.8)
                s(&p.0, &p.3); s(&p.5, &p.8); s(&p.4, &p.7)
                s(&p.3, &p.6); s(&p.1, &p.4); s(&p.2, &p.5)
                s(&p.4, &p.7); s(&p.4, &p.2); s(&p.6, &p.4)
                s(&p.4, &p.2)
                d[x] = p.4
            }
        }
    }
}

extension Image {
    /// The per-channel median of every pixel's 3×3 neighbourhood; the extent grows by 1.
    /// Lua: `img | CIMedianFilter()`
    public func median3x3() -> Image {
        Image(AreaNode(self, haloX: 1, haloY: 1, inPlace: true) { src, dst in Neighbourhood.median3x3(src, dst) })
    }
}
