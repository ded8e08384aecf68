import Foundation
import PixelCore

/// CIPageCurlWithShadowTransition: the page curl of `CIPageCurlTransition` (the same
/// geometry, without a shading image) casting a shadow on the target: past the cylinder's
/// line of contact, on the lifted side, the target is darkened by shadowAmount · (1 − d/w)²,
/// d the distance from that line, over w = radius · (1 + 2·shadowSize) px, limited to
/// `shadowExtent` unless it is empty. The curl travels w − radius px further so that time 1
/// leaves the target clear of shadow. The shadow is Lunette's model after Core Image's
/// description (no Apple render of this filter was at hand).
/// Lua: `a | CIPageCurlWithShadowTransition{targetImage = b, time = 0.4, extent = a.extent, radius = 60}`
public enum PageCurlWithShadowTransition {
    public static let descriptor = FilterDescriptor(
        .transition, "CIPageCurlWithShadowTransition", "Page Curl With Shadow",
        "Curls the image up like a turning page to reveal the target image, the page casting a shadow on it.",
        inputs: [
            .image(), .target, .backside,
            .vector(.extent, default: [0, 0, 0, 0], "The area the curl crosses (empty: the whole image)."),
            .time, .curlAngle, .curlRadius,
            .number(
                "inputShadowSize", 0.5, type: InputName.distance, in: 0...1, slider: 0...1,
                "Length of the shadow, in curl radii beyond the cylinder (×2)."),
            .number(
                "inputShadowAmount", 0.7, type: InputName.distance, in: 0...1, slider: 0...1,
                "Darkness of the shadow next to the curl."),
            .vector(
                "inputShadowExtent", "Shadow Extent", type: "CIAttributeTypeRectangle", default: [0, 0, 0, 0],
                "Where the shadow falls (empty: everywhere)."),
        ]
    ) { f in
        let (source, target) = try f.transitionImages()
        let radius = max(f.number("inputRadius"), 0.01)
        let reach = radius * (1 + 2 * min(max(f.number("inputShadowSize"), 0), 1))
        var inputs = f.values
        if f.rect("inputExtent").isEmpty {
            inputs["inputExtent"] = .vector(Vector(source.extent.x, source.extent.y, source.extent.width, source.extent.height))
        }
        let curl = try PageCurl(FilterInputs(filter: f.filter, values: inputs), source: source, reach: reach - radius)
        let amount = Float(min(max(f.number("inputShadowAmount"), 0), 1))
        let area = f.rect("inputShadowExtent")
        let shadowed = Image(
            PositionalPointNode([target]) { x, y, t, _, _ in
                guard amount > 0, area.isEmpty || (x >= area.minX && x < area.maxX && y >= area.minY && y < area.maxY)
                else { return t }
                let d = curl.contact - curl.along(x, y)
                guard d > 0, d < reach else { return t }
                let k = 1 - d / reach
                return t * (1 - amount * Float(k * k))
            })
        return PageCurl.compose(
            curl, source: source, target: shadowed, backside: InputSpec.backsideImage(f, source: source),
            shading: Shading(), extent: curl.bounds.union(target.extent))
    }
}
