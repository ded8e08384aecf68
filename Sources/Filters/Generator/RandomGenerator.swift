import Foundation
import PixelCore

/// CIRandomGenerator: an infinite image of independent uniform random values in [0, 1)
/// for R, G, B and A, as Core Image documents them: read back (un-premultiplied, as
/// `img:pixel`, a colour matrix or a PNG see them) each channel is its own uniform value.
/// Storage is premultiplied like every image, so colour is stored times alpha (storing the
/// raw values made colour exceed alpha, and un-premultiplying gave values up to ~69).
/// Each pixel's values are a hash of its integer coordinates (SplitMix64 finalizer), so
/// every render, tile size and thread order gives the same image. Lua: `Filter("CIRandomGenerator").outputImage:cropped(Rect(0, 0, 64, 64))`
public enum RandomGenerator {
    public static let descriptor = FilterDescriptor(
        .generator, "CIRandomGenerator", "Random Generator",
        "An infinite image of independent, uniformly distributed random values for each channel.",
        inputs: []
    ) { _ in
        Image(
            GeneratorNode(extent: .infinite) { x, y in
                noise(Int64(x.rounded(.down)), Int64(y.rounded(.down)))
            })
    }

    /// SplitMix64's output function: a bijective 64-bit mix.
    @inline(__always) static func mix(_ z0: UInt64) -> UInt64 {
        var z = z0
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The four values at integer pixel (x, y), premultiplied.
    @inline(__always) public static func noise(_ x: Int64, _ y: Int64) -> Pixel {
        let v = values(x, y)
        return Pixel(v.x * v.w, v.y * v.w, v.z * v.w, v.w)
    }

    /// The four straight (un-premultiplied) values at integer pixel (x, y), each in [0, 1).
    @inline(__always) public static func values(_ x: Int64, _ y: Int64) -> Pixel {
        let seed = mix(UInt64(bitPattern: y) &+ 0x9E37_79B9_7F4A_7C15)
        let h1 = mix(UInt64(bitPattern: x) &+ seed)
        let h2 = mix(h1 ^ 0xD1B5_4A32_D192_ED03)
        let scale = Float(1.0 / 16_777_216.0)
        return Pixel(
            Float(h1 >> 40) * scale, Float((h1 >> 8) & 0xFF_FFFF) * scale,
            Float(h2 >> 40) * scale, Float((h2 >> 8) & 0xFF_FFFF) * scale)
    }
}
