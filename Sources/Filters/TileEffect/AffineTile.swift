import Foundation
import PixelCore

/// CIAffineTile: repeats the input's extent (its covering pixel box) forever and moves the
/// result by `inputTransform` — the same as transforming first and tiling with the
/// transformed edges as lattice vectors. Sampled bilinearly with wrapped taps, so seams are
/// seamless; infinite extent. Lua: `img | CIAffineTile{transform = Transform.rotate(0.3)}`
public enum AffineTile {
    public static let descriptor = FilterDescriptor(
        .tileEffect, "CIAffineTile", "Affine Tile",
        "Applies an affine transform to the image and repeats the result across the whole plane.",
        inputs: [
            .image(), .transform("inputTransform", "Transform", type: nil, "The transform applied to the image before tiling."),
        ]
    ) { f in
        let image = try f.image()
        let t = f.transform("inputTransform")
        guard let inv = t.inverted(), [t.a, t.b, t.c, t.d, t.tx, t.ty].allSatisfy(\.isFinite) else {
            throw LunetteError.invalid("CIAffineTile.inputTransform: the transform is not invertible")
        }
        let e = image.extent
        if e.isEmpty || e.isInfinite { return image.transformed(by: t) }
        let box = IRect(covering: e)
        let map: @Sendable (Double, Double) -> Point? = { x, y in inv.apply(Point(x, y)) }
        let region: @Sendable (IRect) -> Rect? = { rect in
            let (x0, y0, x1, y1) = pixelCentres(rect)
            let pts = [(x0, y0), (x1, y0), (x0, y1), (x1, y1)].map { inv.apply(Point($0.0, $0.1)) }
            return paddedBox(pts.map(\.x), pts.map(\.y))
        }
        return Image(PeriodicWarpNode(image, box: box, sourceRegion: region, map: map))
    }
}
