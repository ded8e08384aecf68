import Foundation
import PixelCore

extension InputSpec {
    /// The four corners of a quadrilateral, `inputTopLeft`, `inputTopRight`,
    /// `inputBottomRight` and `inputBottomLeft` in Core Image's order and with its default
    /// points, each described by `description` from the corner's name ("top-left").
    /// Swift: `InputSpec.corners { "Where the \($0) corner goes." }`
    public static func corners(_ description: (String) -> String) -> [InputSpec] {
        let points: [(String, [Double])] = [
            ("TopLeft", [118, 484]), ("TopRight", [646, 507]), ("BottomRight", [548, 140]), ("BottomLeft", [155, 153]),
        ]
        return points.map { name, point in
            let key = "input" + name, words = displayName(forKey: key)
            let corner = words.lowercased().replacingOccurrences(of: " ", with: "-")
            return .vector(key, words, type: "CIAttributeTypePosition", default: point, description(corner))
        }
    }

    /// The four inputs of one colour channel each (red, green, blue, alpha), made by `spec`
    /// from the channel's name ("Red") and index (0…3).
    /// Swift: `InputSpec.channels { name, _ in .vector("input\(name)Coefficients", …) }`
    public static func channels(_ spec: (String, Int) -> InputSpec) -> [InputSpec] {
        ["Red", "Green", "Blue", "Alpha"].enumerated().map { i, name in spec(name, i) }
    }
}
