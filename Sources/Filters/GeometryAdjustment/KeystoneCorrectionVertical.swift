import Foundation
import PixelCore

/// CIKeystoneCorrectionVertical: the guide rectangle's left and right sides (leaning
/// verticals: a building shot looking up) come out parallel and upright: the camera turns
/// about its centre as little as that needs, through the 35 mm-equivalent focal length
/// (Apple's estimator is unpublished; this is the exact camera-rotation model, `Keystone`).
/// Unset guide points leave the image unchanged.
/// Lua: `img | CIKeystoneCorrectionVertical{topLeft = Vector(80, 900), topRight = Vector(620, 880), bottomRight = Vector(700, 100), bottomLeft = Vector(20, 120)}`
public enum KeystoneCorrectionVertical {
    public static let descriptor = Keystone.descriptor(
        "CIKeystoneCorrectionVertical", "Vertical Keystone Correction", .vertical,
        "Corrects vertical perspective convergence (keystoning), e.g. leaning buildings, using four guide points and the 35 mm-equivalent focal length."
    )
}
