import Foundation
import PixelCore

/// Number inputs in one line, the way Core Image's reference lists them: default, then
/// the accepted range (`in:` both bounds, `min:` or `max:` one), the slider's range and the
/// identity. A key alone names the input: its display name follows from it ("inputRingAmount"
/// is "Ring Amount"); give it where Core Image spells it otherwise.
/// Swift: `.number("inputRingAmount", 0, in: 0...1, slider: 0...1, "How much brighter the rim is.")`
extension InputSpec {
    /// A number input keyed `key`, its display name derived from the key.
    public static func number(
        _ key: String, _ def: Double, type: String? = "CIAttributeTypeScalar", in range: ClosedRange<Double>? = nil,
        min: Double? = nil, max: Double? = nil, slider: ClosedRange<Double>? = nil, identity: Double? = nil,
        _ description: String
    ) -> InputSpec {
        number(
            key, displayName(forKey: key), def, type: type, in: range, min: min, max: max, slider: slider,
            identity: identity, description)
    }

    /// A number input with its display name spelled out.
    public static func number(
        _ key: String, _ displayName: String, _ def: Double, type: String? = "CIAttributeTypeScalar",
        in range: ClosedRange<Double>? = nil, min: Double? = nil, max: Double? = nil,
        slider: ClosedRange<Double>? = nil, identity: Double? = nil, _ description: String
    ) -> InputSpec {
        number(
            key, displayName, type: type, default: def, min: range?.lowerBound ?? min,
            max: range?.upperBound ?? max, sliderMin: slider?.lowerBound, sliderMax: slider?.upperBound,
            identity: identity, description)
    }

    /// A shared number input (`.radius`, `.angle`, …) in one line.
    /// Swift: `.number(.radius, 10, min: 0, slider: 0...100, identity: 0, "Blur radius.")`
    public static func number(
        _ name: InputName, _ def: Double, in range: ClosedRange<Double>? = nil, min: Double? = nil,
        max: Double? = nil, slider: ClosedRange<Double>? = nil, identity: Double? = nil, _ description: String
    ) -> InputSpec {
        number(
            name.key, name.displayName, def, type: name.type, in: range, min: min, max: max, slider: slider,
            identity: identity, description)
    }

    /// Core Image's display name for an input key: "inputRingAmount" is "Ring Amount",
    /// "inputEV" is "EV" (a capital after a lower-case letter starts a word).
    static func displayName(forKey key: String) -> String {
        let name = key.hasPrefix("input") ? String(key.dropFirst(5)) : key
        var out = ""
        var previous: Character?
        for c in name {
            if c.isUppercase, let p = previous, p.isLowercase { out.append(" ") }
            out.append(c)
            previous = c
        }
        return out
    }
}

extension InputSpec {
    /// A yes/no input (`CIAttributeTypeBoolean`, 0 or 1), its display name from the key;
    /// no default where Core Image gives none. Swift: `.boolean("inputCrop", default: 1, "…")`
    public static func boolean(_ key: String, default def: Double? = nil, _ description: String) -> InputSpec {
        InputSpec(
            key, displayName(forKey: key), class: .number, type: "CIAttributeTypeBoolean", default: def.map { .number($0) },
            description: description)
    }

    /// An opaque colour input (`CIAttributeTypeOpaqueColor`: its alpha is ignored).
    /// Swift: `.opaqueColor(.color, default: Color(1, 1, 1, 1), "Colour of the band.")`
    public static func opaqueColor(_ name: InputName, default def: Color, _ description: String) -> InputSpec {
        InputSpec(
            name.key, name.displayName, class: .color, type: "CIAttributeTypeOpaqueColor", default: .color(def),
            description: description)
    }
}

extension InputSpec {
    /// A share in 0…1 (accepted range and slider both 0…1), its display name from the key.
    /// Swift: `.fraction("inputCropAmount", 0.25, "0 fits by stretching only, 1 by cropping only.")`
    public static func fraction(_ key: String, _ def: Double, identity: Double? = nil, _ description: String) -> InputSpec {
        number(key, def, in: 0...1, slider: 0...1, identity: identity, description)
    }

    /// A shared input (`.sharpness`, …) that is a share in 0…1.
    public static func fraction(_ name: InputName, _ def: Double, identity: Double? = nil, _ description: String) -> InputSpec {
        number(name, def, in: 0...1, slider: 0...1, identity: identity, description)
    }
}
