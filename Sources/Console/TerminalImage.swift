import Codecs
import Foundation
import PixelCore

/// Inline image protocols for terminal previews.
public enum PreviewMode: String, CaseIterable, Sendable {
    case kitty, iterm, sixel, blocks, off
}

/// Encodes images for terminals: kitty graphics, iTerm2 inline images, sixel, or
/// truecolour Unicode half-blocks that work everywhere. Lua: `:show img 60` in the REPL.
public enum TerminalImage {
    /// Renders `image` scaled to `columns` terminal cells wide (rows follow the aspect ratio;
    /// a cell is taken as twice as tall as it is wide). Infinite images show 512×512 at the origin.
    public static func encode(_ image: Image, mode: PreviewMode, columns: Int, tmux: Bool = false) throws -> String {
        guard mode != .off else { return "" }
        let source = image.extent.isInfinite ? image.cropped(to: Rect(0, 0, 512, 512)) : image
        let rect = try Context.renderRect(for: source)
        let pixelsWide = mode == .blocks ? columns : min(rect.width, columns * 10)
        let scale = Double(pixelsWide) / Double(rect.width)
        var high = max(1, Int((Double(rect.height) * scale * (mode == .blocks ? 1 : 1)).rounded()))
        if mode == .blocks { high = max(2, (high + 1) / 2 * 2) }
        let pixels = try Downscale.rgba8(source, rect: rect, width: pixelsWide, height: high)
        let text: String
        switch mode {
        case .blocks: return halfBlocks(pixels, width: pixelsWide, height: high)
        case .kitty: text = kitty(try png(pixels, width: pixelsWide, height: high), columns: columns)
        case .iterm: text = iterm(try png(pixels, width: pixelsWide, height: high), columns: columns)
        case .sixel: text = sixel(pixels, width: pixelsWide, height: high)
        case .off: return ""
        }
        return tmux ? tmuxWrap(text) : text
    }

    /// Two pixels per cell: the upper half block takes the top pixel as foreground and the
    /// bottom pixel as background (24-bit colour escapes); transparency shows over black.
    public static func halfBlocks(_ rgba: [UInt8], width: Int, height: Int) -> String {
        var out = ""
        for y in stride(from: 0, to: height, by: 2) {
            for x in 0..<width {
                let t = over(rgba, (y * width + x) * 4)
                let b = y + 1 < height ? over(rgba, ((y + 1) * width + x) * 4) : (0, 0, 0)
                out += "\u{1b}[38;2;\(t.0);\(t.1);\(t.2)m\u{1b}[48;2;\(b.0);\(b.1);\(b.2)m▀"
            }
            out += "\u{1b}[0m\n"
        }
        return out
    }

    static func over(_ p: [UInt8], _ i: Int) -> (Int, Int, Int) {
        let a = Int(p[i + 3])
        return (Int(p[i]) * a / 255, Int(p[i + 1]) * a / 255, Int(p[i + 2]) * a / 255)
    }

    /// Kitty graphics protocol: PNG data (f=100), transmitted and displayed (a=T) in 4096-byte chunks.
    public static func kitty(_ png: [UInt8], columns: Int) -> String {
        let payload = Data(png).base64EncodedString()
        var out = ""
        var index = payload.startIndex
        var first = true
        while index < payload.endIndex {
            let end = payload.index(index, offsetBy: 4096, limitedBy: payload.endIndex) ?? payload.endIndex
            let more = end < payload.endIndex ? 1 : 0
            let keys = first ? "f=100,a=T,c=\(columns),m=\(more)" : "m=\(more)"
            out += "\u{1b}_G\(keys);\(payload[index..<end])\u{1b}\\"
            first = false
            index = end
        }
        return out + "\n"
    }

    /// iTerm2 inline image (OSC 1337 File=…), sized in cells.
    public static func iterm(_ png: [UInt8], columns: Int) -> String {
        "\u{1b}]1337;File=inline=1;size=\(png.count);width=\(columns);preserveAspectRatio=1:\(Data(png).base64EncodedString())\u{07}\n"
    }

    /// Sixel with a 6×6×6 colour cube palette, run-length encoded.
    public static func sixel(_ rgba: [UInt8], width: Int, height: Int) -> String {
        func level(_ v: Int) -> Int { (v * 5 + 127) / 255 }
        var index = [Int](repeating: 0, count: width * height)
        for i in 0..<(width * height) {
            let c = over(rgba, i * 4)
            index[i] = level(c.0) * 36 + level(c.1) * 6 + level(c.2)
        }
        var out = "\u{1b}Pq\"1;1;\(width);\(height)"
        for i in 0..<216 {
            out += "#\(i);2;\((i / 36) * 20);\((i / 6 % 6) * 20);\((i % 6) * 20)"
        }
        for band in stride(from: 0, to: height, by: 6) {
            var used = Set<Int>()
            for y in band..<min(band + 6, height) { for x in 0..<width { used.insert(index[y * width + x]) } }
            for color in used.sorted() {
                out += "#\(color)"
                var run = 0, last: Character = "?"
                func flush() {
                    guard run > 0 else { return }
                    out += run > 3 ? "!\(run)\(last)" : String(repeating: last, count: run)
                }
                for x in 0..<width {
                    var bits = 0
                    for dy in 0..<6 where band + dy < height && index[(band + dy) * width + x] == color { bits |= 1 << dy }
                    let ch = Character(UnicodeScalar(UInt8(63 + bits)))
                    if ch == last { run += 1 } else { flush(); last = ch; run = 1 }
                }
                flush()
                out += "$"
            }
            out += "-"
        }
        return out + "\u{1b}\\\n"
    }

    /// tmux passthrough: the sequence inside DCS tmux; with every ESC doubled.
    public static func tmuxWrap(_ s: String) -> String {
        "\u{1b}Ptmux;" + s.replacingOccurrences(of: "\u{1b}", with: "\u{1b}\u{1b}") + "\u{1b}\\"
    }

    /// 8-bit RGBA, top row first, as a PNG file's bytes (thumbnails, previews).
    public static func png(_ rgba: [UInt8], width: Int, height: Int) throws -> [UInt8] {
        let buf = PixelBuffer(IRect(0, 0, width, height))
        for y in 0..<height {
            for x in 0..<width {
                let i = ((height - 1 - y) * width + x) * 4
                buf[x, y] = Pixel(Float(rgba[i]), Float(rgba[i + 1]), Float(rgba[i + 2]), Float(rgba[i + 3])) / 255
            }
        }
        var options = PNGOptions(channels: .rgba)
        options.workingSpace = .none
        return try PNGEncoder.encode(Image(SourceNode(buf)), options: options)
    }
}

/// Area-averaged downscaling of a rendered image to 8-bit sRGB RGBA, top row first.
public enum Downscale {
    public static func rgba8(_ image: Image, rect: IRect, width: Int, height: Int) throws -> [UInt8] {
        rgba8(try Context().render(image, rect: rect), width: width, height: height)
    }

    /// A rendered buffer area-averaged down to width×height.
    public static func rgba8(_ buf: PixelBuffer, width: Int, height: Int) -> [UInt8] {
        let rect = buf.rect
        var out = [UInt8](repeating: 0, count: width * height * 4)
        let sx = Double(rect.width) / Double(width), sy = Double(rect.height) / Double(height)
        for oy in 0..<height {
            let y0 = Int(Double(oy) * sy), y1 = max(y0 + 1, Int(Double(oy + 1) * sy))
            for ox in 0..<width {
                let x0 = Int(Double(ox) * sx), x1 = max(x0 + 1, Int(Double(ox + 1) * sx))
                var acc = Pixel.zero
                for y in y0..<min(y1, rect.height) {
                    let row = buf.row(rect.height - 1 - y)
                    for x in x0..<min(x1, rect.width) { acc += row[x] }
                }
                let p = acc / Float(max(1, (min(y1, rect.height) - y0) * (min(x1, rect.width) - x0)))
                let c = Transfer.color(p)
                let i = (oy * width + ox) * 4
                for (k, v) in [c.r, c.g, c.b, c.a].enumerated() {
                    out[i + k] = UInt8(min(max(v, 0), 1) * 255 + 0.5)
                }
            }
        }
        return out
    }
}
