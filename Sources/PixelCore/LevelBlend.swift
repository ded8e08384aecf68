import Foundation

/// Picks, per pixel, between blur levels by a mask: inputs are the mask then levels 0…n−1
/// (level 0 the sharp image); the mask's green channel m (0…1) selects the fractional
/// level m·(n − 1), blending the two levels around it linearly.
struct LevelBlendKernel: PointKernel {
    let levels: Int
    var preservesAlpha: Bool { false }
    func apply(_ dst: UnsafeMutablePointer<Pixel>, _ others: [UnsafeMutablePointer<Pixel>], _ count: Int) {
        let top = Float(levels - 1)
        for i in 0..<count {
            let t = min(max(dst[i].y, 0), 1) * top
            let k = min(Int(t), levels - 2), f = t - Float(k)
            let a = others[k][i], b = others[k + 1][i]
            dst[i] = a + (b - a) * f
        }
    }
}

extension Image {
    /// A variable Gaussian blur: where `mask`'s green is m the blur's σ is m·`sigma` (levels
    /// at quarters of `sigma`, blended linearly between). The extent is the widest level's.
    /// Lua: `img | CIMaskedVariableBlur{mask = m, radius = 5}`
    public func maskedVariableBlurred(mask: Image, sigma: Double) -> Image {
        if sigma <= 0 { return self }
        let levels = [self] + (1...4).map { gaussianBlurred(sigma: sigma * Double($0) / 4) }
        return Image(PointNode([mask] + levels, LevelBlendKernel(levels: levels.count), extent: levels[4].extent))
    }
}
