import Foundation
import PixelCore

/// CIPerspectiveRotate: the image re-projected as if the camera had turned about its centre
/// by `pitch` (about the horizontal axis), `yaw` (vertical axis) and `roll` (view axis),
/// radians, applied in that order, for a lens of the 35 mm-equivalent `focalLength`: the
/// homography K·R·K⁻¹ (`CameraRotation`), sampled bilinearly. All three 0 is the identity.
/// Lua: `img | CIPerspectiveRotate{pitch = 0.2, focalLength = 35}`
public enum PerspectiveRotate {
    public static let descriptor = FilterDescriptor(
        .geometryAdjustment, "CIPerspectiveRotate", "Perspective Rotate",
        "Re-projects the image as if the camera were turned by pitch, yaw and roll, for a given 35 mm-equivalent focal length.",
        inputs: [
            .image(), .number("inputFocalLength", 28, "The lens's 35 mm-equivalent focal length in millimetres."),
            .number("inputPitch", 0, type: "CIAttributeTypeAngle", identity: 0, "Turn about the horizontal axis, radians."),
            .number("inputYaw", 0, type: "CIAttributeTypeAngle", identity: 0, "Turn about the vertical axis, radians."),
            .number("inputRoll", 0, type: "CIAttributeTypeAngle", identity: 0, "Turn about the view axis, radians."),
        ]
    ) { f in
        let image = try f.image()
        let pitch = f.number("inputPitch"), yaw = f.number("inputYaw"), roll = f.number("inputRoll")
        if pitch == 0 && yaw == 0 && roll == 0 { return image }
        return try image.turned(
            by: CameraRotation(pitch: pitch, yaw: yaw, roll: roll),
            focalLength: f.number("inputFocalLength"), filter: f.filter)
    }
}
