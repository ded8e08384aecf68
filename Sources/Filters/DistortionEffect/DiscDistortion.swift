import Foundation
import PixelCore

extension InputSpec {
    /// `inputRadius` of the disc a distortion changes, in pixels (at least `min`).
    /// Swift: `.discRadius(300, slider: 0...1000, identity: 0)`
    public static func discRadius(
        _ def: Double, min: Double = 0, slider: ClosedRange<Double>, identity: Double? = nil,
        _ description: String = "Radius of the affected disc, in pixels."
    ) -> InputSpec {
        number(.radius, def, min: min, slider: slider, identity: identity, description)
    }
}

extension FilterDescriptor {
    /// A distortion of the disc of `inputRadius` around `inputCenter`: its inputs are the
    /// image, the centre, the radius and `more`; `warp` gets the inputs, the image, the
    /// centre (checked finite) and the radius.
    /// Swift: `FilterDescriptor(disc: "CIHoleDistortion", "Hole Distortion", "…", center: "Centre of the hole.", radius: .discRadius(150, slider: 0...1000)) { f, image, center, r in … }`
    public init(
        disc name: String, _ displayName: String, _ description: String, center: String, radius: InputSpec,
        _ more: InputSpec..., warp: @escaping (FilterInputs, Image, Point, Double) throws -> Image
    ) {
        let inputs: [InputSpec] = [.image(), .center(center), radius] + more
        self.init(.distortionEffect, name, displayName, description, inputs: inputs) { f in
            let (image, center, r) = try f.disc()
            return try warp(f, image, center, r)
        }
    }
}
