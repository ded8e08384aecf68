import Foundation

/// The striation inputs CIFlashTransition and CISunbeamsGenerator share (the catalogue
/// gives the generator's their defaults as identity values, the transition's none).
/// Swift: `inputs: [.center("Centre.")] + InputSpec.striation(identities: true)`
extension InputSpec {
    static func striation(identities: Bool) -> [InputSpec] {
        [
            .number(
                "inputMaxStriationRadius", "Maximum Striation Radius", 2.58, min: 0, slider: 0...10,
                identity: identities ? 2.58 : nil, "Reach of the radial streaks, in multiples of the core's radius."),
            .number(
                "inputStriationStrength", 0.5, min: 0, slider: 0...3, identity: identities ? 0.5 : nil,
                "Brightness of the radial streaks."),
            .number(
                "inputStriationContrast", 1.375, min: 0, slider: 0...5, identity: identities ? 1.375 : nil,
                "Exponent sharpening the streaks (higher: thinner, more separated)."),
        ]
    }
}

/// Lunette's stand-in for the angular noise Core Image's striation kernels read.
enum Striation {
    /// A fixed sum of angular sines n(φ) in 0…1 (mean about ½).
    @inline(__always) static func pattern(_ phi: Double) -> Double {
        min(max(0.5 + 0.3 * sin(7 * phi + 0.9) * cos(3 * phi) + 0.2 * sin(19 * phi + 2.1), 0), 1)
    }
}
