import Codecs
import Foundation
import PixelCore

/// The gallery's thumbnails on one labelled PNG: a title, then each category's name and its
/// filters in a grid, each cell labelled with the filter's name (without `CI`) in the 5×7
/// `BitmapFont`; a failed filter is a red cell with a cross. CLI: `lunette gallery --sheet s.png`
public enum ContactSheet {
    static let background: (UInt8, UInt8, UInt8) = (28, 28, 30)
    static let ink: (UInt8, UInt8, UInt8) = (232, 232, 232)
    static let accent: (UInt8, UInt8, UInt8) = (255, 213, 74)
    static let failure: (UInt8, UInt8, UInt8) = (224, 64, 64)
    static let margin = 12, gap = 8, lineHeight = 9, labelLines = 3

    /// The sheet as 8-bit RGBA, top row first.
    public static func render(_ gallery: Gallery, columns: Int) -> (width: Int, height: Int, rgba: [UInt8]) {
        let size = gallery.size, columns = max(1, columns)
        let cellW = max(size, 16 * BitmapFont.advance) + gap
        let cellH = size + 4 + labelLines * lineHeight + gap
        let sections = gallery.sections
        let header = 2 * BitmapFont.glyphHeight + 12
        var height = margin + header
        for s in sections { height += header + (s.entries.count + columns - 1) / columns * cellH }
        var canvas = RGBACanvas(width: 2 * margin + columns * cellW - gap, height: height + margin - gap, fill: background)
        var y = margin
        canvas.text("LUNETTE FILTER GALLERY - \(gallery.entries.count) FILTERS", x: margin, y: y, color: accent, scale: 2)
        y += header
        for s in sections {
            canvas.text(
                Gallery.categoryTitle(s.category).uppercased() + " (\(s.entries.count))", x: margin, y: y + 4,
                color: accent, scale: 2)
            y += header
            for (i, e) in s.entries.enumerated() {
                let x = margin + (i % columns) * cellW, top = y + (i / columns) * cellH
                let color: (UInt8, UInt8, UInt8)
                if let t = e.thumbnail, e.failure == nil {
                    canvas.checkerboard(
                        x: x + (size - t.width) / 2, y: top + (size - t.height) / 2, width: t.width, height: t.height)
                    canvas.blit(t, x: x + (size - t.width) / 2, y: top + (size - t.height) / 2)
                    color = ink
                } else {
                    canvas.fill(x: x, y: top, width: size, height: size, color: (70, 24, 24))
                    canvas.cross(x: x, y: top, size: size, color: failure)
                    color = failure
                }
                for (n, line) in label(e.name, maxChars: cellW / BitmapFont.advance - 1).enumerated() {
                    canvas.text(line, x: x, y: top + size + 4 + n * lineHeight, color: color)
                }
            }
            y += (s.entries.count + columns - 1) / columns * cellH
        }
        return (canvas.width, canvas.height, canvas.pixels)
    }

    /// Writes the sheet as a PNG, atomically.
    public static func write(_ gallery: Gallery, to path: String, columns: Int) throws {
        let sheet = render(gallery, columns: columns)
        // Bytes straight into a buffer (bottom row first) and out unchanged: no colour conversion.
        let buffer = PixelBuffer(IRect(0, 0, sheet.width, sheet.height))
        sheet.rgba.withUnsafeBufferPointer { src in
            for y in 0..<sheet.height {
                let row = buffer.row(sheet.height - 1 - y)
                for x in 0..<sheet.width {
                    let i = (y * sheet.width + x) * 4
                    row[x] = Pixel(Float(src[i]), Float(src[i + 1]), Float(src[i + 2]), 255) / 255
                }
            }
        }
        var options = PNGOptions(channels: .rgb)
        options.workingSpace = .none
        try PNGEncoder.write(Image(SourceNode(buffer, opaque: true)), to: path, options: options)
    }

    /// A filter name without its `CI` prefix, wrapped at word starts into at most three lines.
    public static func label(_ name: String, maxChars: Int) -> [String] {
        let bare = name.hasPrefix("CI") ? String(name.dropFirst(2)) : name
        let chars = Array(bare)
        var words: [String] = [], word = ""
        for (i, ch) in chars.enumerated() {
            let prev: Character? = i > 0 ? chars[i - 1] : nil, next: Character? = i + 1 < chars.count ? chars[i + 1] : nil
            let startsWord =
                ch.isUppercase
                && (prev.map { $0.isLowercase || $0.isNumber } ?? false
                    || (prev?.isUppercase ?? false) && (next?.isLowercase ?? false))
            if startsWord, !word.isEmpty { words.append(word); word = "" }
            word.append(ch)
        }
        if !word.isEmpty { words.append(word) }
        var lines: [String] = [], line = ""
        for w in words {
            var w = w
            while w.count > maxChars {  // a word longer than a line is split
                if !line.isEmpty { lines.append(line); line = "" }
                lines.append(String(w.prefix(maxChars)))
                w = String(w.dropFirst(maxChars))
            }
            if line.count + w.count > maxChars, !line.isEmpty { lines.append(line); line = "" }
            line += w
        }
        if !line.isEmpty { lines.append(line) }
        if lines.count > labelLines {
            lines = Array(lines.prefix(labelLines))
            lines[labelLines - 1] = String(lines[labelLines - 1].prefix(maxChars - 1)) + "."
        }
        return lines
    }
}

/// An 8-bit RGBA picture (top row first) that thumbnails, boxes and text are drawn into.
struct RGBACanvas {
    let width: Int, height: Int
    var pixels: [UInt8]

    init(width: Int, height: Int, fill c: (UInt8, UInt8, UInt8)) {
        self.width = width; self.height = height
        pixels = [UInt8](repeating: 0, count: width * height * 4)
        pixels.withUnsafeMutableBufferPointer { p in
            for i in 0..<(width * height) { p[i * 4] = c.0; p[i * 4 + 1] = c.1; p[i * 4 + 2] = c.2; p[i * 4 + 3] = 255 }
        }
    }

    /// Sets every pixel of the clipped rect to `color(x, y)`.
    mutating func paint(x: Int, y: Int, width w: Int, height h: Int, _ color: (Int, Int) -> (UInt8, UInt8, UInt8)) {
        let x0 = max(0, x), y0 = max(0, y), x1 = min(width, x + w), y1 = min(height, y + h)
        guard x0 < x1, y0 < y1 else { return }
        let stride = width
        pixels.withUnsafeMutableBufferPointer { p in
            for yy in y0..<y1 {
                for xx in x0..<x1 {
                    let c = color(xx - x, yy - y), i = (yy * stride + xx) * 4
                    p[i] = c.0; p[i + 1] = c.1; p[i + 2] = c.2
                }
            }
        }
    }

    mutating func set(_ x: Int, _ y: Int, _ c: (UInt8, UInt8, UInt8)) {
        guard x >= 0, y >= 0, x < width, y < height else { return }
        let i = (y * width + x) * 4
        pixels[i] = c.0; pixels[i + 1] = c.1; pixels[i + 2] = c.2
    }

    mutating func fill(x: Int, y: Int, width w: Int, height h: Int, color: (UInt8, UInt8, UInt8)) {
        paint(x: x, y: y, width: w, height: h) { _, _ in color }
    }

    /// Light and dark 6-pixel squares, to show transparency beneath a thumbnail.
    mutating func checkerboard(x: Int, y: Int, width w: Int, height h: Int) {
        paint(x: x, y: y, width: w, height: h) { xx, yy in (xx / 6 + yy / 6) % 2 == 0 ? (190, 190, 190) : (235, 235, 235) }
    }

    /// Draws a thumbnail over what is there (straight alpha, composited in sRGB bytes).
    mutating func blit(_ t: Thumbnail, x: Int, y: Int) {
        let x0 = max(0, x), y0 = max(0, y), x1 = min(width, x + t.width), y1 = min(height, y + t.height)
        guard x0 < x1, y0 < y1 else { return }
        let stride = width
        t.rgba.withUnsafeBufferPointer { src in
            pixels.withUnsafeMutableBufferPointer { dst in
                for py in y0..<y1 {
                    for px in x0..<x1 {
                        let s = ((py - y) * t.width + (px - x)) * 4, d = (py * stride + px) * 4, a = Int(src[s + 3])
                        for k in 0..<3 { dst[d + k] = UInt8((Int(src[s + k]) * a + Int(dst[d + k]) * (255 - a) + 127) / 255) }
                    }
                }
            }
        }
    }

    mutating func cross(x: Int, y: Int, size: Int, color: (UInt8, UInt8, UInt8)) {
        for i in (size / 4)..<(size * 3 / 4) {
            for t in -1...1 { set(x + i + t, y + i, color); set(x + size - 1 - i + t, y + i, color) }
        }
    }

    mutating func text(_ s: String, x: Int, y: Int, color: (UInt8, UInt8, UInt8), scale: Int = 1) {
        BitmapFont.draw(s, scale: scale) { px, py in set(x + px, y + py, color) }
    }
}
