import Foundation
import PixelCore

/// What the reduction filters share: the extent input, building a `ReductionNode`, and
/// folding tiles into partial results on all cores.
enum Reductions {
    /// Core Image's `inputExtent` of every reduction (its default is the catalogue's).
    static let extentInput = InputSpec.vector(.extent, default: [0, 0, 640, 80], "The region of the image to reduce.")

    /// `inputExtent` as a rect of whole pixels; infinite or empty ones are errors.
    static func extent(_ f: FilterInputs) throws -> IRect {
        let r = f.vector("inputExtent").rect
        guard r.x.isFinite, r.y.isFinite, r.width.isFinite, r.height.isFinite, !r.isInfinite, r.width >= 1, r.height >= 1 else {
            throw LunetteError.invalid(
                "\(f.filter).inputExtent: needs a finite rectangle at least one pixel wide and tall (for example the image's extent)"
            )
        }
        let i = IRect(covering: r)
        try Limits.check(width: i.width, height: i.height, what: f.filter)
        return i
    }

    /// A reduction of `input` over `rect` whose output covers (0, 0, w, h): `reduce`
    /// gets the pixels inside the input's extent (the rest of `rect` is transparent).
    static func node(
        _ input: Image, _ rect: IRect, width: Int, height: Int,
        _ reduce: @escaping @Sendable (Image, IRect) -> PixelBuffer
    ) -> Image {
        Image(ReductionNode(input, rect: rect.rect, extent: Rect(0, 0, Double(width), Double(height)), reduce))
    }

    /// Folds every tile of `area` into a partial result (on all cores) and merges them.
    static func fold<T>(
        _ image: Image, _ area: IRect, _ initial: T, tile: @escaping @Sendable (PixelBuffer) -> T,
        merge: @escaping (inout T, T) -> Void
    ) -> T {
        let lock = NSLock()
        nonisolated(unsafe) var total = initial
        nonisolated(unsafe) let mergeBody = merge
        Context().forEachTile(concurrently: image, rect: area) { buf in
            let part = tile(buf)
            lock.lock(); mergeBody(&total, part); lock.unlock()
        }
        return total
    }

    /// `fold` row by row: each tile's part starts as `initial` and `row` adds one row of the
    /// tile to it (its pixels, its y in the image, the tile).
    static func foldRows<T: Sendable>(
        _ image: Image, _ area: IRect, _ initial: T,
        row: @escaping @Sendable (inout T, UnsafeMutablePointer<Pixel>, Int, PixelBuffer) -> Void,
        merge: @escaping (inout T, T) -> Void
    ) -> T {
        fold(
            image, area, initial,
            tile: { t in
                var part = initial
                for y in 0..<t.height { row(&part, t.row(y), t.rect.y + y, t) }
                return part
            }, merge: merge)
    }

    /// Merges per-index partial sums: `total[i] += part[i]`.
    static func addEach<V: SIMD>(_ total: inout [V], _ part: [V]) where V.Scalar: FloatingPoint {
        for i in total.indices { total[i] += part[i] }
    }

    /// The sum of every pixel of a tile, in Double (rows summed in Float first, in four
    /// interleaved sums so that the adds do not wait on each other).
    @Sendable static func sum(_ b: PixelBuffer) -> SIMD4<Double> {
        var total = SIMD4<Double>.zero
        for y in 0..<b.height {
            let row = b.row(y), w = b.width
            var s0 = SIMD4<Float>.zero, s1 = s0, s2 = s0, s3 = s0, x = 0
            while x + 4 <= w {
                s0 += row[x]; s1 += row[x + 1]; s2 += row[x + 2]; s3 += row[x + 3]
                x += 4
            }
            while x < w { s0 += row[x]; x += 1 }
            total += SIMD4<Double>((s0 + s1) + (s2 + s3))
        }
        return total
    }

    /// A one-row (or one-column) buffer of pixels at (0, 0), from Double colours.
    static func buffer(_ pixels: [SIMD4<Double>], vertical: Bool = false) -> PixelBuffer {
        let out = PixelBuffer(IRect(0, 0, vertical ? 1 : pixels.count, vertical ? pixels.count : 1))
        for (i, p) in pixels.enumerated() { out.pixels[i] = Pixel(p) }
        return out
    }
}
