import Foundation
import PixelCore

/// A straight band `width` pixels wide sweeping across a rectangle along `angle`, shared
/// by the swipe and copy-machine transitions. Its centre line moves with time from just
/// before the rectangle (time 0: the whole rectangle is ahead of it, showing the source)
/// to just past it (time 1: all behind, showing the target).
struct Sweep: Sendable {
    let cosA, sinA, start, travel, width: Double

    init(extent: Rect, angle: Double, width: Double, filter: String) throws {
        guard !extent.isInfinite, [extent.x, extent.y, extent.width, extent.height].allSatisfy(\.isFinite) else {
            throw LunetteError.invalid("\(filter).inputExtent: expected a finite rectangle")
        }
        cosA = cos(angle); sinA = sin(angle)
        let xs = [extent.minX, extent.minX + extent.width], ys = [extent.minY, extent.minY + extent.height]
        let s = xs.flatMap { x in ys.map { y in x * cos(angle) + y * sin(angle) } }
        let lo = s.min()!, hi = s.max()!
        self.width = max(width, 1e-6)
        start = lo - self.width / 2
        travel = hi - lo + self.width
    }

    /// The pixel's distance along the sweep direction (the same axis as `start`).
    @inline(__always) func along(_ x: Double, _ y: Double) -> Double { x * cosA + y * sinA }

    /// The pixel's position relative to the band's centre line at `time`, in band widths:
    /// above 0.5 ahead of the band (source), below −0.5 behind it (target).
    @inline(__always) func u(_ x: Double, _ y: Double, time: Double) -> Double {
        (along(x, y) - (start + time * travel)) / width
    }

    /// The source's share across the band: 1 ahead, 0 behind, linear between (Apple's swipe).
    @inline(__always) static func sourceWeight(_ u: Double) -> Float {
        Float(min(max(u + 0.5, 0), 1))
    }

    /// A triangle 1 on the centre line falling linearly to 0 at the band's edges (Apple's swipe).
    @inline(__always) static func bump(_ u: Double) -> Double {
        max(0, 1 - 2 * abs(u))
    }
}

extension Sweep {
    /// A sweeping transition (CICopyMachineTransition, CISwipeTransition): its inputs in Core
    /// Image's order, the images, `inputExtent`, `color`, the time, then the band's `angle`,
    /// `width` and `opacity`; `build` gets the images, the time, the opacity, the colour and
    /// the sweep across the extent.
    static func descriptor(
        _ name: String, _ displayName: String, _ description: String,
        color: InputSpec, angle: InputSpec, width: InputSpec, opacity: InputSpec,
        build: @escaping (_ source: Image, _ target: Image, _ time: Double, _ opacity: Double, Color, Sweep) -> Image
    ) -> FilterDescriptor {
        FilterDescriptor(
            .transition, name, displayName, description,
            inputs: [.image(), .target, .sweepExtent, color, .time, angle, width, opacity]
        ) { f in
            let (source, target) = try f.transitionImages()
            let time = f.number("inputTime"), opacity = f.number("inputOpacity")
            let sweep = try Sweep(
                extent: f.rect("inputExtent"), angle: f.number("inputAngle"), width: f.number("inputWidth"),
                filter: f.filter)
            return build(source, target, time, opacity, f.color("inputColor"), sweep)
        }
    }
}

extension FilterInputs {
    /// A rectangle-typed CIVector input.
    func rect(_ key: String) -> Rect { vector(key).rect }

    /// The source and target images of a transition.
    func transitionImages() throws -> (source: Image, target: Image) {
        (try image(), try image("inputTargetImage"))
    }
}

extension InputSpec {
    /// `inputTime` of a transition.
    static let time = InputSpec.number(
        .time, default: 0, min: 0, max: 1,
        sliderMin: 0, sliderMax: 1, identity: 0,
        "Progress: 0 shows the source image, 1 the target.")
    /// `inputTargetImage` of a transition.
    static let target = InputSpec.image(.target)
    /// `inputExtent` of a sweeping transition.
    static let sweepExtent = InputSpec.vector(
        .extent, default: [0, 0, 300, 300],
        "The rectangle the effect sweeps across (usually the images' extent).")
}
