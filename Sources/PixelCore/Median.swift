import CKernels
import Foundation

extension Neighbourhood {
    /// The per-channel median of the 3×3 neighbourhood of every pixel of `dst` (`src` covers
    /// `dst` grown by 1): each column of three is sorted once and shared by the three outputs
    /// reading it, two pixels a vector (CKernels' `lunette_median3_row`), without branches.
    public static func median3x3(_ src: PixelBuffer, _ dst: PixelBuffer) {
        let sx = dst.rect.x - src.rect.x
        for y in 0..<dst.height {
            let sy = dst.rect.y + y - src.rect.y
            lunette_median3_row(
                floats(src.row(sy - 1) + sx), floats(src.row(sy) + sx), floats(src.row(sy + 1) + sx),
                floats(dst.row(y)), dst.width)
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
        Image(AreaNode(self, haloX: 1, haloY: 1, inPlace: true) { src, dst in Neighbourhood.median3x3(src, dst) })
    }
}
