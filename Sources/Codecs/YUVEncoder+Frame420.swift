import CKernels
import Foundation
import PixelCore

extension YUVEncoder {
    /// The 8-bit 4:2:0 path of `frame`: a small blur over the decode streamed in strips of
    /// rows (`Context.forEachStreamedRow`), any other graph in tiles rendered one by one,
    /// both encoded straight from the renderer's memory (no strip copy). The graph's last
    /// point steps (`kernels`, their video variants where they have one) run on each pair
    /// of rows just before it is encoded, while it is in cache; a last step with an
    /// `encodedTone` runs inside the encode instead, straight to R′G′B′ (the pixels it
    /// declines through the step itself).
    static func frame420(
        _ image: Image, format f: Y4MFormat, conversion c: YUVConversion, context: Context,
        into base: UnsafeMutablePointer<UInt8>
    ) throws {
        let rect = IRect(0, 0, f.width, f.height)
        let (below, peeled) = image.peelingPointKernels(covering: rect)
        var kernels = peeled.map { $0.videoVariant ?? $0 }
        let toned = Convolution.avx2 ? kernels.last.flatMap { k in k.encodedTone.map { (k, $0) } } : nil
        if toned != nil { kernels.removeLast() }
        try VideoTransfer.withLaneEncoder { enc in
            let params = encode420Params(c, enc)
            /// One or two file rows from `fileRow` on (`top` above `second`), `width` columns
            /// from x0 (even): the last point steps, then the encode.
            func encode(
                _ top: UnsafeMutablePointer<Pixel>, _ second: UnsafeMutablePointer<Pixel>, rows: Int, fileRow: Int,
                x0: Int, width: Int
            ) {
                for k in kernels {
                    k.apply(top, [], width)
                    if rows > 1 { k.apply(second, [], width) }
                }
                var x = 0
                while x < width {
                    var n = width - x
                    if let (k, tone) = toned {
                        if rows > 1 {
                            x += encode420Toned(
                                top + x, second + x, fileRow: fileRow, x0: x0 + x, count: n, tone, f, params, base)
                            if x == width { break }
                            n = min(8, width - x)
                        }
                        k.apply(top + x, [], n)
                        if rows > 1 { k.apply(second + x, [], n) }
                    }
                    encode420(
                        top + x, second + x, rows: rows, fileRow: fileRow, x0: x0 + x, count: n, f, c, enc, params, base)
                    x += n
                }
            }
            // A blur whose input reads by rows goes up full-height strips (a 1080p frame in
            // two): a row pair is encoded as soon as the blur has made it, no tile in memory.
            var lowerRow: UnsafeMutablePointer<Pixel>?
            let streamed = try context.forEachStreamedRow(below, rect: rect, stripWidth: 1024) { y, x0, width, row in
                let fileRow = f.height - 1 - y
                if fileRow % 2 == 1 {
                    lowerRow = row
                } else {
                    let rows = y > rect.y ? 2 : 1
                    encode(row, rows > 1 ? lowerRow! : row, rows: rows, fileRow: fileRow, x0: x0, width: width)
                }
            }
            if streamed { return }
            // Tiles start on even file rows and columns: chroma blocks never straddle two.
            try context.forEachTile(below, rect: rect, tileWidth: 256, tileHeight: 128) { tile in
                var i = 0
                while i < tile.height {
                    let rows = min(2, tile.height - i)
                    let top = tile.row(tile.height - 1 - i)
                    let second = rows > 1 ? tile.row(tile.height - 2 - i) : top
                    encode(
                        top, second, rows: rows, fileRow: f.height - tile.rect.maxY + i, x0: tile.rect.x,
                        width: tile.width)
                    i += 2
                }
            }
        }
    }

    /// The constants of `lunette_yuv8_encode420_avx2` and its sepia variant, in their layout.
    static func encode420Params(_ c: YUVConversion, _ enc: VideoTransfer.LaneEncoder) -> [Float] {
        [
            enc.scale, enc.offset, enc.last, c.kr, c.kg, c.kb, c.yScale, c.yOffset, c.cScale / c.cbToB,
            c.cScale / c.crToR, c.cOffset, c.maxCode,
        ]
    }

    /// Where file row `fileRow`, column x0 (even) of an 8-bit 4:2:0 frame's Y′, Cb and Cr lie.
    static func planes420(
        _ f: Y4MFormat, _ dst: UnsafeMutablePointer<UInt8>, fileRow: Int, x0: Int
    ) -> (
        y: UnsafeMutablePointer<UInt8>, cb: UnsafeMutablePointer<UInt8>, cr: UnsafeMutablePointer<UInt8>
    ) {
        let y = dst + fileRow * f.width + x0
        let cb = dst + f.width * f.height + (fileRow >> 1) * f.chromaWidth + (x0 >> 1)
        return (y, cb, cb + f.chromaWidth * f.chromaHeight)
    }

    /// Two file rows of `encode420` through a tone step first (`PointKernel.encodedTone`), in
    /// C, eight columns a step from the start; returns how many columns it did.
    static func encode420Toned(
        _ top: UnsafeMutablePointer<Pixel>, _ second: UnsafeMutablePointer<Pixel>, fileRow: Int, x0: Int, count: Int,
        _ tone: UnsafePointer<Float>, _ f: Y4MFormat, _ params: [Float], _ dst: UnsafeMutablePointer<UInt8>
    ) -> Int {
        let (yTop, cbRow, crRow) = planes420(f, dst, fileRow: fileRow, x0: x0)
        let tf = UnsafeRawPointer(top).assumingMemoryBound(to: Float.self)
        let sf = UnsafeRawPointer(second).assumingMemoryBound(to: Float.self)
        return lunette_yuv8_sepia_encode420_avx2(tf, sf, count, params, tone, yTop, yTop + f.width, cbRow, crRow)
    }

    /// One or two file rows of an 8-bit 4:2:0 frame over columns x0 ..< x0 + count (x0
    /// even), 2×2 block by block as planes of R, G and B: four lumas quantised at once, the
    /// block's chroma from the mean of B′ − Y′ and R′ − Y′ over its pixels.
    static func encode420(
        _ top: UnsafeMutablePointer<Pixel>, _ second: UnsafeMutablePointer<Pixel>, rows: Int,
        fileRow: Int, x0: Int, count: Int,
        _ f: Y4MFormat, _ c: YUVConversion, _ enc: VideoTransfer.LaneEncoder, _ params: [Float],
        _ dst: UnsafeMutablePointer<UInt8>
    ) {
        let (yTop, cbRow, crRow) = planes420(f, dst, fileRow: fileRow, x0: x0)
        let ySecond = rows > 1 ? yTop + f.width : yTop
        let kr = c.kr, kg = c.kg, kb = c.kb
        let yA = c.yScale, yB = c.yOffset
        let uA = c.cScale / c.cbToB, vA = c.cScale / c.crToR, cB = c.cOffset
        let maxCode = SIMD4<Float>(repeating: c.maxCode)
        /// Codes rounded to nearest (ties to even: the scalar path rounds them up) and clamped.
        @inline(__always) func codes(_ v: SIMD4<Float>) -> SIMD4<UInt32> {
            var v = v.replacing(with: 0, where: .!(v .>= 0))  // NaN too
            v = v.replacing(with: maxCode, where: v .> maxCode)
            // The 1.5·2²³ trick: adding it rounds to an integer held in the low mantissa bits.
            return unsafeBitCast(v + 12_582_912, to: SIMD4<UInt32>.self) & 0x3F_FFFF
        }
        // Lanes: top x, top x+1, second x, second x+1. A lone last column or row repeats
        // itself; each pixel then counts once in the chroma mean (repeated lanes are zeroed).
        let oneRow = rows < 2
        /// The block at columns x, x + 1 (chroma sample ci) in Swift.
        func block(_ x: Int, _ ci: Int) {
            let x1 = min(x + 1, count - 1)
            let a = top[x], b = top[x1], p = second[x], q = second[x1]
            let r = enc(SIMD4(a.x, b.x, p.x, q.x)), g = enc(SIMD4(a.y, b.y, p.y, q.y))
            let bl = enc(SIMD4(a.z, b.z, p.z, q.z))
            let l = kr * r + kg * g + kb * bl
            let y = codes(l * yA + yB)
            yTop[x] = UInt8(truncatingIfNeeded: y.x); yTop[x1] = UInt8(truncatingIfNeeded: y.y)
            if !oneRow { ySecond[x] = UInt8(truncatingIfNeeded: y.z); ySecond[x1] = UInt8(truncatingIfNeeded: y.w) }
            var u = bl - l, v = r - l
            var n: Float = 4
            if x1 == x { u.y = 0; u.w = 0; v.y = 0; v.w = 0; n = 2 }
            if oneRow { u.z = 0; u.w = 0; v.z = 0; v.w = 0; n = x1 == x ? 1 : 2 }
            let ch = codes(SIMD4(cB + u.sum() / n * uA, cB + v.sum() / n * vA, 0, 0))
            cbRow[ci] = UInt8(truncatingIfNeeded: ch.x); crRow[ci] = UInt8(truncatingIfNeeded: ch.y)
        }
        var x = 0
        if !oneRow, Convolution.avx2 {
            params.withUnsafeBufferPointer { pp in
                let tf = UnsafeMutableRawPointer(top).assumingMemoryBound(to: Float.self)
                let sf = UnsafeMutableRawPointer(second).assumingMemoryBound(to: Float.self)
                let pf = UnsafeRawPointer(enc.pairs).assumingMemoryBound(to: Float.self)
                while x + 2 <= count {
                    x += lunette_yuv8_encode420_avx2(
                        tf + 4 * x, sf + 4 * x, count - x, pp.baseAddress!, pf,
                        yTop + x, ySecond + x, cbRow + x / 2, crRow + x / 2)
                    // A block the table does not cover (C stopped before it) is done here.
                    if x + 2 <= count { block(x, x / 2); x += 2 }
                }
            }
        }
        while x < count {
            block(x, x / 2)
            x += 2
        }
    }
}
