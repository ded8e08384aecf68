import Foundation
import PixelCore

/// CIPageCurlTransition: the source, cut to `extent`, curls up like a page around a cylinder
/// of `radius` and rolls over towards `angle`, uncovering the target; the back of the page
/// shows `backsideImage` (the source dimmed when none), the curl is lit by `shadingImage` by
/// its slope. Time 0 is the source, time 1 the target over the extent; the page rolled
/// over lies beyond it (see `PageCurl` for the geometry). Model chosen by Lunette after
/// Core Image's description; Apple's render is scored in the fidelity suite (page_curl).
/// Lua: `a | CIPageCurlTransition{targetImage = b, time = 0.4, extent = a.extent, radius = 60}`
public enum PageCurlTransition {
    public static let descriptor = FilterDescriptor(
        .transition, "CIPageCurlTransition", "Page Curl",
        "Curls the image up like a turning page to reveal the target image, its back showing the backside image.",
        inputs: [
            .image(), .target, .backside, .shading,
            .vector(.extent, default: [0, 0, 300, 300], "The page: the part of the image that curls."),
            .time, .curlAngle, .curlRadius,
        ]
    ) { f in
        let (source, target) = try f.transitionImages()
        let curl = try PageCurl(f, source: source, reach: 0)
        let extent = curl.bounds.union(target.extent)
        return PageCurl.compose(
            curl, source: source, target: target, backside: InputSpec.backsideImage(f, source: source),
            shading: try Shading(f), extent: extent)
    }
}

extension PageCurl {
    /// The curl of a page-curl filter's inputs, `reach` px of shadow beyond the cylinder.
    init(_ f: FilterInputs, source: Image, reach: Double) throws {
        let e = f.rect("inputExtent"), radius = f.number("inputRadius"), angle = f.number("inputAngle")
        guard !e.isInfinite, [e.x, e.y, e.width, e.height, radius, angle].allSatisfy(\.isFinite) else {
            throw LunetteError.invalid("\(f.filter): inputExtent, inputRadius and inputAngle must be finite")
        }
        self.init(
            extent: e, source: source.extent, angle: angle, radius: max(radius, 0.01),
            time: f.number("inputTime"), reach: reach)
    }
}
