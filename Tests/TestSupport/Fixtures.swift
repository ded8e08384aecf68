import Foundation
import PixelCore

/// Paths of the project's test fixtures and bundled assets.
public enum Fixtures {
    /// The repository root (found from this file's path).
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    public static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }
    public static func fixture(_ relative: String) -> String { path("Tests/Fixtures/" + relative) }
    public static var astronaut: String { path("assets/photos/astronaut.png") }
    public static var coffee: String { path("assets/photos/coffee.png") }

    /// A fresh temporary directory, removed by the caller when done.
    public static func temporaryDirectory() -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lunette-test-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// Small synthetic images and comparisons for tests.
public enum TestImages {
    /// A deterministic pseudo-random premultiplied image (alpha in 0.2…1 unless opaque).
    public static func random(_ w: Int, _ h: Int, seed: UInt64 = 1, opaque: Bool = false, origin: (Int, Int) = (0, 0)) -> Image {
        var state = seed &* 6364136223846793005 &+ 1442695040888963407
        func next() -> Float {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Float((state >> 40) & 0xffff) / 65535
        }
        let buf = PixelBuffer(IRect(origin.0, origin.1, w, h))
        for i in 0..<(w * h) {
            let a: Float = opaque ? 1 : 0.2 + 0.8 * next()
            buf.pixels[i] = Pixel(next() * a, next() * a, next() * a, a)
        }
        return Image(SourceNode(buf, opaque: opaque))
    }

    /// Deterministic noise in −½…½ from a 64-bit LCG seeded with `seed` (tests that need
    /// the same noisy input on every run). Swift: `let noise = TestImages.noise(seed: 3); noise()`
    public static func noise(seed: UInt64) -> () -> Float {
        var state = seed
        return {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Float(state >> 40 & 0xffff) / 65535 - 0.5
        }
    }

    /// An image from a function of integer pixel coordinates.
    public static func make(_ rect: IRect, _ f: (Int, Int) -> Pixel) -> Image {
        let buf = PixelBuffer(rect)
        for y in rect.y..<rect.maxY { for x in rect.x..<rect.maxX { buf[x, y] = f(x, y) } }
        return Image(SourceNode(buf))
    }

    /// Renders an image's (finite) extent, single- or multi-threaded.
    public static func render(_ image: Image, _ rect: IRect? = nil, threads: Int = 2, tile: Int = 64) throws -> PixelBuffer {
        try Context(threads: threads, tileSize: tile).render(image, rect: rect ?? IRect(covering: image.extent))
    }

    /// Largest absolute channel of a pixel.
    public static func maxAbs(_ p: Pixel) -> Float { max(p.max(), -p.min()) }

    /// Largest absolute channel difference between two buffers over `a`'s rect.
    public static func maxDifference(_ a: PixelBuffer, _ b: PixelBuffer) -> Float {
        var worst: Float = 0
        for y in a.rect.y..<a.rect.maxY {
            for x in a.rect.x..<a.rect.maxX {
                let d = a[x, y] - b[x, y]
                worst = max(worst, max(d.max(), -d.min()))
            }
        }
        return worst
    }
}
