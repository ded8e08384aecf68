import Foundation
import PixelCore

/// CIExposureAdjust: colour multiplied by 2^EV in linear light (premultiplied, alpha kept).
/// Lua: `img | CIExposureAdjust{EV = 0.5}`
public enum ExposureAdjust {
    public static let descriptor = FilterDescriptor(
        .colorAdjustment, "CIExposureAdjust", "Exposure Adjust",
        usage: [.video, .stillImage, .interlaced, .nonSquarePixels, .builtIn, .xmpSerializable],
        "Changes exposure in photographic stops: colour is multiplied by 2 to the power EV.",
        inputs: [.image(), .number("inputEV", 0, slider: -10...10, identity: 0, "Exposure change in stops.")]
    ) { f in
        let image = try f.image()
        let ev = f.number("inputEV")
        if ev == 0 { return image }
        let k = Float(pow(2, ev))
        return Image(PointNode([image], ExposureKernel(scale: Pixel(k, k, k, 1))))
    }
}

/// Colour times 2^EV, alpha times 1 (the same products as scaling x, y, z one by one).
struct ExposureKernel: PointKernel {
    let scale: Pixel
    var preservesAlpha: Bool { true }
    var opaqueStep: OpaqueStep? {
        .affine(AffineRGB(Pixel(scale.x, 0, 0, 0), Pixel(0, scale.y, 0, 0), Pixel(0, 0, scale.z, 0)))
    }
    func apply(_ dst: UnsafeMutablePointer<Pixel>, _ others: [UnsafeMutablePointer<Pixel>], _ count: Int) {
        let scale = scale
        for i in 0..<count { dst[i] *= scale }
    }
}
