import Foundation
import PixelCore

/// CIPageCurlTransition: the source image lifts like a page and rolls round a cylinder of
/// `radius` towards `angle`, uncovering the target; its back shows `backsideImage` (the
/// source dimmed when none), brightened by `shadingImage`'s colour. Time 0 is the source, time
/// 1 the target over `extent`; the page turned over lies beyond it (see `PageCurl`).
/// Evidence: Core Image's render (iOS 13, angle 3, radius 400, time 0.994, extent 500²,
/// 1500² source, 1000×562 backside): the front seen on the cylinder at c − r·sin(s/r) and the
/// backside's edges mirrored across c − πr/2 put the line at c = 465.0 ± 1 (this law: 464.94);
/// the source's sky shows on the roll outside `extent` (the whole image is the page); the
/// flat back is the backside's 1000×562, pure white with a white shading image; the output
/// extent (−1117, 0, 2617, 1814) is the target's ∪ the source's corner (1500, 0) mirrored.
/// Lua: `a | CIPageCurlTransition{targetImage = b, time = 0.4, extent = a.extent, radius = 60}`
public enum PageCurlTransition {
    public static let descriptor = FilterDescriptor(
        .transition, "CIPageCurlTransition", "Page Curl",
        "Curls the image up like a turning page to reveal the target image, its back showing the backside image.",
        inputs: [
            .image(), .target, .backside, .shading,
            .vector(
                .extent, default: [0, 0, 300, 300], "The area the curl crosses: its line of contact sweeps it from time 0 to 1."),
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
    /// The curl of a page-curl filter's inputs, `reach` px of shadow beyond the cylinder; an
    /// infinite source's page is `extent`.
    init(_ f: FilterInputs, source: Image, reach: Double) throws {
        let e = f.rect("inputExtent"), radius = f.number("inputRadius"), angle = f.number("inputAngle")
        guard !e.isInfinite, [e.x, e.y, e.width, e.height, radius, angle].allSatisfy(\.isFinite) else {
            throw LunetteError.invalid("\(f.filter): inputExtent, inputRadius and inputAngle must be finite")
        }
        self.init(
            extent: e, page: source.extent.isInfinite ? e : source.extent, angle: angle, radius: max(radius, 0.01),
            time: f.number("inputTime"), reach: reach)
    }
}
