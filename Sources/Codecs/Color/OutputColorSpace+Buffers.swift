import Foundation
import PixelCore

/// Converting rendered buffers between the working space (linear sRGB primaries,
/// premultiplied) and an output space's encoded values, for read-back APIs that hand
/// pixels to the caller rather than to a file (Core Image's `render(_:toBitmap:…)`).
extension OutputColorSpace {
    /// Converts working-space pixels in place into this space's encoded values (still
    /// premultiplied; sRGB through the same curve the writers use).
    ///
    /// ```swift
    /// let buffer = try Context().render(image, rect: IRect(0, 0, 64, 64))
    /// OutputColorSpace.displayP3.encodeFromWorking(buffer)
    /// ```
    public func encodeFromWorking(_ buffer: PixelBuffer) {
        switch self {
        case .linearSRGB: return
        case .srgb: Self.mapStraight(buffer) { Float(Transfer.linearToSRGB(Double($0))) }
        default: ColorConversion.convert(buffer, from: ColorProfile.working, to: ColorProfile.builtin(kind))
        }
    }

    /// The inverse of `encodeFromWorking`: encoded values of this space into the working space.
    public func decodeToWorking(_ buffer: PixelBuffer) {
        switch self {
        case .linearSRGB: return
        case .srgb: Self.mapStraight(buffer) { Float(Transfer.srgbToLinear(Double($0))) }
        default: ColorConversion.convert(buffer, from: ColorProfile.builtin(kind), to: ColorProfile.working)
        }
    }

    /// Applies `curve` to the straight colour of every pixel (sign kept, so extended-range
    /// values beyond [0, 1] survive) and premultiplies again.
    static func mapStraight(_ buffer: PixelBuffer, _ curve: (Float) -> Float) {
        for y in 0..<buffer.height {
            let row = buffer.row(y)
            for x in 0..<buffer.width {
                let p = row[x]
                guard p.w > 0 else { row[x] = Pixel(0, 0, 0, p.w); continue }
                func f(_ v: Float) -> Float { v < 0 ? -curve(-v) : curve(v) }
                row[x] = Pixel(f(p.x / p.w) * p.w, f(p.y / p.w) * p.w, f(p.z / p.w) * p.w, p.w)
            }
        }
    }
}
