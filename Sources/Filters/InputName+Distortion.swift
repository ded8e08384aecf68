import Foundation
import PixelCore

/// Inputs the later distortions share: the glass lenses' refraction and the nine-part
/// resizes' breakpoints and growth.
extension InputName {
    public static let refraction = InputName("inputRefraction", "Refraction", scalar)
    public static let breakpoint0 = InputName("inputBreakpoint0", "Breakpoint0", position)
    public static let breakpoint1 = InputName("inputBreakpoint1", "Breakpoint1", position)
    public static let growAmount = InputName("inputGrowAmount", "Grow Amount", "CIAttributeTypeOffset")
}

extension InputSpec {
    /// `inputRefraction` of the glass lenses: the glass's index of refraction, 1 (air) bends nothing.
    static let refraction = number(
        .refraction, default: 1.7, min: 0, sliderMin: 0, sliderMax: 5, identity: 1,
        "Index of refraction of the glass: 1 leaves the image unchanged, larger values magnify more.")
}
