import CKernels
import Foundation

/// Flat neighbourhood kernels whose cost per pixel does not grow with the window (box
/// means by running sums, rectangle extrema by van Herk / Gil–Werman), and disc-shaped
/// ones built from a window per row of the disc (cost grows with the radius, not its square).
public enum Neighbourhood {
    /// Which reduction a window applies, channel by channel.
    public enum Reduction: Sendable { case mean, minimum, maximum }

    /// `out[x] = Σ s[x + i]` for i in 0..<n and x in 0..<w: one add and one subtract per pixel.
    @inline(__always)
    static func slidingSum(_ s: UnsafePointer<Pixel>, _ out: UnsafeMutablePointer<Pixel>, _ w: Int, _ n: Int) {
        guard w > 0 else { return }
        var acc = Pixel.zero
        for i in 0..<n { acc += s[i] }
        out[0] = acc
        for x in 1..<max(1, w) {
            acc += s[x + n - 1] - s[x - 1]
            out[x] = acc
        }
    }

    /// `out[x] = min or max of s[x ..< x + n]` (van Herk / Gil–Werman: prefix extrema from each
    /// block's start and suffix extrema to its end, blocks of n; three operations per pixel).
    /// `scratch` holds 2·(w + n − 1) pixels.
    @inline(__always)
    static func slidingExtremum(
        _ s: UnsafePointer<Pixel>, _ out: UnsafeMutablePointer<Pixel>, _ w: Int, _ n: Int,
        maximum: Bool, _ scratch: UnsafeMutablePointer<Pixel>
    ) {
        if maximum {
            slidingExtremum(s, out, w, n, scratch, Maximum.self)
        } else {
            slidingExtremum(s, out, w, n, scratch, Minimum.self)
        }
    }

    static func slidingExtremum<E: Extremum>(
        _ s: UnsafePointer<Pixel>, _ out: UnsafeMutablePointer<Pixel>, _ w: Int,
        _ n: Int, _ scratch: UnsafeMutablePointer<Pixel>, _: E.Type
    ) {
        let m = w + n - 1, g = scratch, h = scratch + m
        var start = 0
        while start < m {
            let end = min(start + n, m)
            g[start] = s[start]
            for i in (start + 1)..<max(start + 1, end) { g[i] = E.of(g[i - 1], s[i]) }
            h[end - 1] = s[end - 1]
            var i = end - 2
            while i >= start { h[i] = E.of(h[i + 1], s[i]); i -= 1 }
            start = end
        }
        for x in 0..<w { out[x] = E.of(h[x], g[x + n - 1]) }
    }

    /// A (2hx+1)×(2hy+1) window reduced around every pixel of `dst`; `src` covers `dst`
    /// grown by (hx, hy). Separable: rows first into a buffer, then columns a row at a time.
    public static func rectangle(_ src: PixelBuffer, _ dst: PixelBuffer, hx: Int, hy: Int, _ op: Reduction) {
        let w = dst.width, nx = 2 * hx + 1, ny = 2 * hy + 1, rows = dst.height + 2 * hy
        let tmp = UnsafeMutablePointer<Pixel>.allocate(capacity: max(1, w * rows))
        let scratch = UnsafeMutablePointer<Pixel>.allocate(capacity: 2 * (max(w, rows) + max(nx, ny)))
        defer { tmp.deallocate(); scratch.deallocate() }
        for r in 0..<rows {
            let s = UnsafePointer(src.row(dst.rect.y - hy + r - src.rect.y) + (dst.rect.x - hx - src.rect.x))
            if op == .mean {
                slidingSum(s, tmp + r * w, w, nx)
            } else {
                slidingExtremum(s, tmp + r * w, w, nx, maximum: op == .maximum, scratch)
            }
        }
        if op == .mean {
            // Column sums a whole row at a time: add the row entering, subtract the one leaving.
            let acc = scratch, scale = Float(1) / Float(nx * ny)
            acc.update(repeating: .zero, count: w)
            for r in 0..<ny { let t = tmp + r * w; for x in 0..<w { acc[x] += t[x] } }
            for y in 0..<dst.height {
                if y > 0 {
                    let add = tmp + (y + ny - 1) * w, sub = tmp + (y - 1) * w
                    for x in 0..<w { acc[x] += add[x] - sub[x] }
                }
                let d = dst.row(y)
                for x in 0..<w { d[x] = acc[x] * scale }
            }
        } else {
            verticalExtremum(tmp, dst, w, rows, ny, maximum: op == .maximum)
        }
    }

    /// Van Herk down the columns of `rows` rows of width `w`, whole rows at a time.
    static func verticalExtremum(
        _ t: UnsafeMutablePointer<Pixel>, _ dst: PixelBuffer, _ w: Int, _ rows: Int,
        _ n: Int, maximum: Bool
    ) {
        if maximum {
            verticalExtremum(t, dst, w, rows, n, Maximum.self)
        } else {
            verticalExtremum(t, dst, w, rows, n, Minimum.self)
        }
    }

    static func verticalExtremum<E: Extremum>(
        _ t: UnsafeMutablePointer<Pixel>, _ dst: PixelBuffer, _ w: Int,
        _ rows: Int, _ n: Int, _: E.Type
    ) {
        let g = UnsafeMutablePointer<Pixel>.allocate(capacity: max(1, w * rows))
        defer { g.deallocate() }
        var start = 0
        while start < rows {
            let end = min(start + n, rows)
            // Prefix extrema down the block into g, suffix extrema up it in place in t.
            (g + start * w).update(from: t + start * w, count: w)
            for r in (start + 1)..<max(start + 1, end) {
                let gr = g + r * w, prev = gr - w, tr = t + r * w
                for x in 0..<w { gr[x] = E.of(prev[x], tr[x]) }
            }
            var r = end - 2
            while r >= start {
                let tr = t + r * w, next = tr + w
                for x in 0..<w { tr[x] = E.of(next[x], tr[x]) }
                r -= 1
            }
            start = end
        }
        for y in 0..<dst.height {
            let h = t + y * w, gg = g + (y + n - 1) * w, d = dst.row(y)
            for x in 0..<w { d[x] = E.of(h[x], gg[x]) }
        }
    }

    /// Half-widths of the rows of a disc of `radius`: row dy (from −R to R, R = ⌊radius⌋)
    /// holds the offsets dx with dx² + dy² ≤ radius².
    public static func discSpans(radius: Double) -> [Int] {
        let r = Int(max(0, radius).rounded(.down))
        return (-r...r).map { dy in Int((radius * radius - Double(dy * dy)).squareRoot().rounded(.down)) }
    }

    /// The disc given by `spans` (see `discSpans`) reduced around every pixel of `dst`; `src`
    /// covers `dst` grown by the disc's radius. The mean sums one sliding window per row of
    /// the disc; the extrema take each chord from two power-of-two runs of a table built once
    /// per source row (Urbach–Wilkinson, CKernels' `lunette_disc_extremum`).
    public static func disc(_ src: PixelBuffer, _ dst: PixelBuffer, spans: [Int], _ op: Reduction) {
        let r = spans.count / 2, w = dst.width
        if op != .mean {
            let rows: [UnsafePointer<Float>?] = (0..<(dst.height + 2 * r)).map { i in
                UnsafePointer(floats(src.row(dst.rect.y - r + i - src.rect.y) + (dst.rect.x - r - src.rect.x)))
            }
            let out: [UnsafeMutablePointer<Float>?] = (0..<dst.height).map { floats(dst.row($0)) }
            let ok = lunette_disc_extremum(rows, out, w, dst.height, spans, r, op == .maximum ? 1 : 0)
            precondition(ok != 0, "out of memory for a disc of radius \(r)")
            return
        }
        let row = UnsafeMutablePointer<Pixel>.allocate(capacity: max(1, w))
        defer { row.deallocate() }
        let count = Float(spans.reduce(0) { $0 + 2 * $1 + 1 })
        for y in 0..<dst.height {
            let d = dst.row(y)
            for (i, half) in spans.enumerated() {
                let sy = dst.rect.y + y + i - r - src.rect.y
                let s = UnsafePointer(src.row(sy) + (dst.rect.x - half - src.rect.x))
                slidingSum(s, i == 0 ? d : row, w, 2 * half + 1)
                if i > 0 { for x in 0..<w { d[x] += row[x] } }
            }
            for x in 0..<w { d[x] /= count }
        }
    }
}

/// The two extrema as types, so that each sliding loop is specialised without a branch.
protocol Extremum { static func of(_ a: Pixel, _ b: Pixel) -> Pixel }
enum Maximum: Extremum { @inline(__always) static func of(_ a: Pixel, _ b: Pixel) -> Pixel { pointwiseMax(a, b) } }
enum Minimum: Extremum { @inline(__always) static func of(_ a: Pixel, _ b: Pixel) -> Pixel { pointwiseMin(a, b) } }

extension Image {
    /// The mean, minimum or maximum over a (2hx+1)×(2hy+1) rectangle around every pixel;
    /// the extent grows by (hx, hy). Lua: `img | CIBoxBlur{radius = 10}`
    public func rectangleReduced(hx: Int, hy: Int, _ op: Neighbourhood.Reduction) -> Image {
        if hx == 0 && hy == 0 { return self }
        return Image(
            AreaNode(self, haloX: hx, haloY: hy, inPlace: true) { src, dst in
                Neighbourhood.rectangle(src, dst, hx: hx, hy: hy, op)
            })
    }

    /// The mean, minimum or maximum over a disc of `radius` around every pixel (offsets with
    /// dx² + dy² ≤ radius²); the extent grows by ⌊radius⌋. Lua: `img | CIDiscBlur{radius = 8}`
    public func discReduced(radius: Double, _ op: Neighbourhood.Reduction) -> Image {
        let spans = Neighbourhood.discSpans(radius: radius), r = spans.count / 2
        if r == 0 { return self }
        return Image(
            AreaNode(
                self, haloX: r, haloY: r, inPlace: true, codes: op == .mean ? nil : .disc(spans: spans, maximum: op == .maximum)
            ) { src, dst in
                Neighbourhood.disc(src, dst, spans: spans, op)
            })
    }
}
