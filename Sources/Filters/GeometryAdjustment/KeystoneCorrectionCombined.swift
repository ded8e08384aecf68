import Foundation
import PixelCore

/// CIKeystoneCorrectionCombined: both corrections at once: the guide rectangle's sides
/// come out upright and its top and bottom parallel, the camera turned about its centre
/// through the 35 mm-equivalent focal length so its view axis is square to the rectangle
/// (Apple's estimator is unpublished; this is the exact camera-rotation model, `Keystone`).
/// Unset guide points leave the image unchanged.
/// Lua: `img | CIKeystoneCorrectionCombined{topLeft = Vector(80, 900), topRight = Vector(620, 880), bottomRight = Vector(700, 100), bottomLeft = Vector(20, 120)}`
public enum KeystoneCorrectionCombined {
    public static let descriptor = Keystone.descriptor(
        "CIKeystoneCorrectionCombined", "Combined Keystone Correction", .both,
        "Corrects both horizontal and vertical perspective convergence (keystoning) using four guide points and the 35 mm-equivalent focal length."
    )
}
