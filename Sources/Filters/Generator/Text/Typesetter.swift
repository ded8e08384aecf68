import CTextShim
import Foundation
import PixelCore

/// Lays styled runs out in lines and rasterises them: runs split where the direction
/// changes and are put in visual order (`Bidi`), HarfBuzz shapes each piece with its font
/// (kerning, ligatures, marks, right-to-left order), FreeType renders each glyph's
/// coverage at its sub-pixel pen position, and coverage composites over the image in the
/// linear premultiplied working space. Lines stack top to bottom, left aligned; the image
/// is the lines' advance box plus `padding` pixels on every side, its origin at (0, 0).
enum Typesetter {
    struct PlacedGlyph {
        let font: SizedFont
        let glyph: UInt32
        let x: Double, y: Double  // pen position, pixels from the left / from the top line's baseline, y up
        let color: Pixel
    }

    struct Underline {
        let x0: Double, x1: Double, y: Double, thickness: Double
        let color: Pixel
    }

    struct Layout {
        var glyphs: [PlacedGlyph] = []
        var underlines: [Underline] = []
        var width = 0.0
        var ascent = 0.0  // the first line's ascent: top edge to first baseline
        var height = 0.0
    }

    /// Shapes and positions `runs` at `scale` pixels per point.
    static func layout(_ runs: [TextRun], scale: Double, filter: String) throws -> Layout {
        var out = Layout()
        var fonts: [String: SizedFont] = [:]
        var baseline = 0.0, previousDescent = 0.0
        func sized(_ face: FontLibrary.Face, _ size: Double) throws -> SizedFont {
            let key = "\(face.path)#\(face.index)@\(size * scale)"
            if let hit = fonts[key] { return hit }
            let made = try SizedFont(face, pixelSize: size * scale, filter: filter)
            fonts[key] = made
            return made
        }
        func font(_ style: TextStyle) throws -> SizedFont {
            try sized(try FontLibrary.face(named: style.font, filter: filter), style.size)
        }
        for (n, line) in runs.lines.enumerated() {
            // Each piece cut by the faces that have its characters (`FontFallback`).
            let pieces = try Bidi.visualPieces(line).map { piece in
                let style = piece.run.style
                let segments = try FontFallback.segments(
                    piece.run.text, primary: try font(style), fontName: style.font, filter: filter
                ) { try sized($0, style.size) }
                return (piece, piece.rtl ? Array(segments.reversed()) : segments)
            }
            var ascent = 0.0, descent = 0.0, gap = 0.0
            for m in pieces.flatMap({ $0.1.map { $0.font.metrics } }) {
                ascent = max(ascent, m.ascender)
                descent = max(descent, -m.descender)
                gap = max(gap, m.line_gap)
            }
            for style in line.isEmpty ? [runs.first?.style ?? .standard] : line.map(\.style) {
                let m = try font(style).metrics
                ascent = max(ascent, m.ascender)
                descent = max(descent, -m.descender)
                gap = max(gap, m.line_gap)
                if style.underline {  // room for the underline below the descender
                    descent = max(descent, m.underline_thickness / 2 - m.underline_position)
                }
            }
            // Baselines relative to the first one (y up): each line below the last's descent and gap.
            if n == 0 { out.ascent = ascent } else { baseline -= previousDescent + gap + ascent }
            previousDescent = descent
            var pen = 0.0
            for (piece, segments) in pieces {
                let style = piece.run.style
                let color = Transfer.workingPixel(style.color)
                let start = pen
                for segment in segments {
                    for g in try segment.font.shape(segment.text, rtl: piece.rtl, filter: filter) {
                        out.glyphs.append(
                            PlacedGlyph(
                                font: segment.font, glyph: g.glyph, x: pen + g.x_offset,
                                y: baseline + g.y_offset, color: color))
                        pen += g.x_advance
                    }
                }
                if style.underline {
                    let m = try font(style).metrics
                    out.underlines.append(
                        Underline(
                            x0: start, x1: pen, y: baseline + m.underline_position,
                            thickness: m.underline_thickness, color: color))
                }
            }
            out.width = max(out.width, pen)
        }
        out.height = out.ascent - baseline + previousDescent
        return out
    }

    /// The rendered image of `runs`.
    static func render(_ runs: [TextRun], scale: Double, padding: Int, filter: String) throws -> Image {
        let layout = try layout(runs, scale: scale, filter: filter)
        let w = Int(layout.width.rounded(.up)) + 2 * padding
        let h = Int(layout.height.rounded(.up)) + 2 * padding
        try Limits.check(width: w, height: h, what: "text")
        guard w > 0, h > 0 else { return Image(SourceNode(PixelBuffer(IRect(0, 0, 0, 0)), opaque: false)) }
        let buf = PixelBuffer(IRect(0, 0, w, h))
        // The first baseline on a whole pixel: glyphs without vertical offsets land unshifted.
        let originY = (Double(h - padding) - layout.ascent).rounded()
        let originX = Double(padding)
        for u in layout.underlines {
            fill(buf, x0: originX + u.x0, x1: originX + u.x1, yCentre: originY + u.y, thickness: u.thickness, color: u.color)
        }
        for g in layout.glyphs {
            draw(g, into: buf, x: originX + g.x, y: originY + g.y)
        }
        return Image(SourceNode(buf, opaque: false))
    }

    /// Composites one glyph's coverage, its pen at (x, y) in image pixels (y up).
    static func draw(_ g: PlacedGlyph, into buf: PixelBuffer, x: Double, y: Double) {
        let ix = x.rounded(.down), iy = y.rounded(.down)
        var info = lt_bitmap()
        guard let rows = lt_render_glyph(g.font.handle, g.glyph, x - ix, y - iy, &info) else { return }
        let left = Int(ix) + Int(info.left), top = Int(iy) + Int(info.top) - 1
        for r in 0..<Int(info.rows) {
            let py = top - r
            guard py >= 0, py < buf.height else { continue }
            let src = rows + r * Int(info.pitch)
            let dst = buf.row(py)
            for c in 0..<Int(info.width) {
                let px = left + c
                guard px >= 0, px < buf.width else { continue }
                let a = Float(src[c]) / 255
                if a > 0 { dst[px] = g.color * a + dst[px] * (1 - g.color.w * a) }
            }
        }
    }

    /// Composites an underline bar with exact area coverage of its edges.
    static func fill(_ buf: PixelBuffer, x0: Double, x1: Double, yCentre: Double, thickness: Double, color: Pixel) {
        let y1 = yCentre + thickness / 2, y0 = yCentre - thickness / 2
        let rows = max(0, Int(y0.rounded(.down)))..<max(0, min(buf.height, Int(y1.rounded(.up))))
        let columns = max(0, Int(x0.rounded(.down)))..<max(0, min(buf.width, Int(x1.rounded(.up))))
        for py in rows where !columns.isEmpty {
            let cy = min(y1, Double(py + 1)) - max(y0, Double(py))
            let dst = buf.row(py)
            for px in columns {
                let cx = min(x1, Double(px + 1)) - max(x0, Double(px))
                let a = Float(max(0, cx) * max(0, cy))
                if a > 0 { dst[px] = color * a + dst[px] * (1 - color.w * a) }
            }
        }
    }
}
