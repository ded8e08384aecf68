import CColorShim
import Foundation
import PixelCore

/// Converts rendered strips from the working space into the output's colour space, in
/// place, before a writer quantises them. sRGB output keeps the fast table path (the
/// writers' `.linear` encoding); other spaces go through Little CMS and are then written
/// as raw values (`.none`). Lua: `img:save("p3.png", {colorSpace = "display-p3"})`
final class OutputColor: @unchecked Sendable {
    let transform: OpaquePointer?
    /// The working space the writers' sample encoders should use after `prepare`.
    let encoding: WorkingSpace

    init(_ options: SaveOptions) {
        if options.colorSpace != .srgb, options.png.workingSpace == .linear {
            let target = ColorProfile.builtin(options.colorSpace.kind)
            transform = lc_transform_new(ColorProfile.working.handle, target.handle)
            encoding = .none
        } else {
            transform = nil
            encoding = options.png.workingSpace
        }
    }

    deinit { if let transform { lc_transform_free(transform) } }

    /// Converts a strip in place (nothing for sRGB).
    func prepare(_ strip: PixelBuffer) {
        guard let t = transform else { return }
        let h = strip.height, w = strip.width
        let bands = max(1, min(h, ProcessInfo.processInfo.activeProcessorCount * 2))
        nonisolated(unsafe) let tr = t
        DispatchQueue.concurrentPerform(iterations: bands) { band in
            for y in band * h / bands..<(band + 1) * h / bands {
                UnsafeMutableRawPointer(strip.row(y)).withMemoryRebound(to: Float.self, capacity: w * 4) {
                    lc_transform_rgba(tr, $0, w)
                }
            }
        }
    }

    /// 8-bit samples of a strip's rows, top row first (`channels` 1, 3 or 4).
    func samples8(_ strip: PixelBuffer, channels: Int) -> [UInt8] {
        let w = strip.width, h = strip.height
        var out = [UInt8](repeating: 0, count: w * h * channels)
        let space = encoding
        out.withUnsafeMutableBytes { dst in
            nonisolated(unsafe) let base = dst.baseAddress!
            DispatchQueue.concurrentPerform(iterations: max(1, min(h, 8))) { band in
                let bands = max(1, min(h, 8))
                for i in band * h / bands..<(band + 1) * h / bands {
                    SampleEncoder.encodeRow(
                        strip.row(h - 1 - i), w, into: base + i * w * channels,
                        channels: channels, depth: 8, space: space)
                }
            }
        }
        return out
    }
}

extension OutputColor {
    /// The whole image as 8-bit samples in the output colour space, top row first, for
    /// the libraries that encode whole images (WebP, HEIF).
    static func wholeImage8(
        _ image: Image, rect: IRect, channels: Int, options: SaveOptions,
        context: Context
    ) throws -> [UInt8] {
        let color = OutputColor(options)
        var samples = [UInt8]()
        samples.reserveCapacity(rect.width * rect.height * channels)
        try context.renderStrips(image, rect: rect, stripHeight: PNGEncoder.stripHeight(width: rect.width)) { strip in
            color.prepare(strip)
            samples += color.samples8(strip, channels: channels)
        }
        return samples
    }
}
