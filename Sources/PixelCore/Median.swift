import CKernels
import Foundation

extension Neighbourhood {
    /// The per-channel median of the 3×3 neighbourhood of every pixel of `dst` (`src` covers
    /// `dst` grown by 1), two rows at a time: each column's middle pair is sorted once for both
    /// rows and each sorted column is shared by the three outputs reading it, two pixels a
    /// vector (CKernels' `lunette_median3_rows`), without branches.
    public static func median3x3(_ src: PixelBuffer, _ dst: PixelBuffer) {
        let sx = dst.rect.x - src.rect.x
        withUnsafeTemporaryAllocation(of: UnsafePointer<Float>?.self, capacity: 4) { rows in
            withUnsafeTemporaryAllocation(of: UnsafeMutablePointer<Float>?.self, capacity: 2) { out in
                var y = 0
                while y < dst.height {
                    let count = min(2, dst.height - y), sy = dst.rect.y + y - src.rect.y
                    for i in 0..<(count + 2) { rows[i] = UnsafePointer(floats(src.row(sy - 1 + i) + sx)) }
                    for i in 0..<count { out[i] = floats(dst.row(y + i)) }
                    lunette_median3_rows(rows.baseAddress!, out.baseAddress!, dst.width, count)
                    y += count
                }
            }
        }
    }

    @inline(__always)
    static func floats(_ p: UnsafeMutablePointer<Pixel>) -> UnsafeMutablePointer<Float> {
        UnsafeMutableRawPointer(p).assumingMemoryBound(to: Float.self)
    }
}

extension Image {
    /// The per-channel median of every pixel's 3×3 neighbourhood; the extent grows by 1.
    /// Lua: `img | CIMedianFilter()`
    public func median3x3() -> Image {
        Image(
            AreaNode(self, haloX: 1, haloY: 1, inPlace: true, codes: .median3x3) { src, dst in Neighbourhood.median3x3(src, dst) }
        )
    }
}
