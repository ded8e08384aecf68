import Foundation
import PixelCore

/// CIKeystoneCorrectionHorizontal: the guide rectangle's top and bottom (converging
/// horizontals: a facade shot from the side) come out parallel and level: the camera turns
/// about its centre as little as that needs, through the 35 mm-equivalent focal length
/// (Apple's estimator is unpublished; this is the exact camera-rotation model, `Keystone`).
/// Unset guide points leave the image unchanged.
/// Lua: `img | CIKeystoneCorrectionHorizontal{topLeft = Vector(80, 900), topRight = Vector(620, 880), bottomRight = Vector(700, 100), bottomLeft = Vector(20, 120)}`
public enum KeystoneCorrectionHorizontal {
    public static let descriptor = Keystone.descriptor(
        "CIKeystoneCorrectionHorizontal", "Horizontal Keystone Correction", .horizontal,
        "Corrects horizontal perspective convergence (keystoning) using four guide points and the 35 mm-equivalent focal length.")
}
