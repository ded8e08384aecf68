import Foundation
import PixelCore

/// CIBloom: a soft glow that spreads bright areas outward. Model (no public formula): the
/// image s and its Gaussian blur b (standard deviation `inputRadius`) are screened, in
/// premultiplied RGBA as Porter–Duff compositing does, and mixed in by the intensity k:
/// out = mix(s, s + b − s·b, k) = s + k·b·(1 − s), every channel including alpha. Dark
/// pixels near bright ones brighten, white stays white, black far from light stays black,
/// opaque stays opaque; like light (and like Core Image's bloom, whose output is larger
/// than its input) the glow spills past the image, so the extent is the blur's: the
/// input's grown by ⌈3.5σ⌉. Dual of CIGloom. Lua: `img | CIBloom{radius = 10, intensity = 0.5}`
public enum Bloom {
    public static let descriptor = FilterDescriptor(
        .stylize, "CIBloom", "Bloom", "Softens edges and adds a glow by screening a blurred copy over the image.",
        inputs: [
            .image(),
            .number(.radius, 10, min: 0, slider: 0...100, identity: 0, "Standard deviation of the glow's blur, in pixels."),
            .number(.intensity, 0.5, min: 0, slider: 0...1, identity: 0, "Strength of the glow: 0 none, 1 full."),
        ]
    ) { f in
        try f.blendedWithBlur { image, glow, k in image.zipped(with: glow, extent: glow.extent) { s, b in s + b * (1 - s) * k } }
    }
}
