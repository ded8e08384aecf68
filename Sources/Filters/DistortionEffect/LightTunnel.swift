import Foundation
import PixelCore

/// CILightTunnel: the disc of `inputRadius` around `inputCenter` is kept, turned by
/// `inputRotation`, and the plane outside it becomes the tunnel's wall: a point at distance
/// d > r samples the disc's rim (distance r), its angle turned by rotation · (1 + ln(d/r)),
/// so the rim's pixels stream outwards as spirals (straight rays at rotation 0).
/// Evidence: no reference render. Apple documents it as warping the image "to cylinder shape"
/// (a tunnel), its sample output shows the disc surrounded by streaks of its rim, and a user
/// found the old twist-inside-the-disc model "barely changes the image" at the defaults
/// (rotation 0 was a no-op). The spiral's rate is a guess. Radius 0 leaves the image as is.
/// Lua: `img | CILightTunnel{center = Vector(256, 256), rotation = 0.8}`
public enum LightTunnel {
    public static let descriptor = FilterDescriptor(
        .distortionEffect, "CILightTunnel", "Light Tunnel Distortion",
        "Keeps a disc of the image and streams its rim outwards in spirals, like the wall of a tunnel.",
        center: "Centre of the tunnel.",
        .number(
            "inputRotation", 0, type: "CIAttributeTypeAngle", slider: 0...1.570796326794897, identity: 0,
            "Turn of the disc, and of the wall's spirals per unit of log-distance, in radians."),
        .number(.radius, 100, slider: 1...500, identity: 0, "Radius of the tunnel's mouth, in pixels.")
    ) { f in
        try requireFinite(f, "inputCenter", "inputRotation", "inputRadius")
        let image = try f.image()
        let c = f.vector("inputCenter"), r = f.number("inputRadius"), rot = f.number("inputRotation")
        if r <= 0 { return image }
        let cx = c[0], cy = c[1]
        let disc = Rect(cx - r - 1, cy - r - 1, 2 * r + 2, 2 * r + 2)
        return Image(
            WarpNode(
                image, extent: image.extent, sourceRegion: { _ in disc },
                map: { x, y in
                    let dx = x - cx, dy = y - cy
                    let d = (dx * dx + dy * dy).squareRoot()
                    let turn = d <= r ? rot : rot * (1 + log(d / r))
                    let s = min(d, r) / max(d, 1e-12)
                    let (cs, sn) = (cos(turn), sin(turn))
                    return samplePoint(cx + s * (dx * cs + dy * sn), cy + s * (-dx * sn + dy * cs))
                }))
    }
}
