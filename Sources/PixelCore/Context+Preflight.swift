import Foundation

/// Nodes that read their input in bounded pieces (blocks, strips) instead of one buffer
/// covering their whole region of interest, so a huge region is slow, not a huge allocation.
public protocol StreamingNode {}

extension GaussianBlurNode: StreamingNode {}

extension Context {
    /// Checks, before any pixel buffer exists, that no node will ask its input for a region
    /// larger than `Limits.maxPixels` while rendering a tile of `rect`: a warp that shrinks
    /// an infinite image a millionfold, or a halo far larger than the image, becomes a limit
    /// error instead of an impossible allocation. Probes the corner and centre tiles.
    static func preflight(_ image: Image, rect: IRect, tileSize: Int) throws {
        guard !rect.isEmpty else { return }
        let t = max(1, tileSize)
        let w = min(t, rect.width), h = min(t, rect.height)
        let probes = [
            IRect(rect.x, rect.y, w, h), IRect(rect.maxX - w, rect.y, w, h), IRect(rect.x, rect.maxY - h, w, h),
            IRect(rect.maxX - w, rect.maxY - h, w, h), IRect(rect.x + (rect.width - w) / 2, rect.y + (rect.height - h) / 2, w, h),
        ]
        for probe in Set(probes) { try preflight(image, tile: probe) }
    }

    static func preflight(_ image: Image, tile: IRect) throws {
        var visited = Set<ObjectIdentifier>()
        var stack = [(image, tile)]
        while let (img, roi) = stack.popLast() {
            let node = img.node
            guard visited.insert(ObjectIdentifier(node)).inserted else { continue }
            let streams = node is StreamingNode
            for (i, input) in node.inputs.enumerated() {
                var r = node.regionOfInterest(for: roi, input: i)
                if r.isEmpty { continue }
                if r.isInfinite { r = input.extent.isInfinite ? roi.rect : input.extent }
                if streams {
                    // Bounded pieces: go on with a tile-sized region inside the requested one.
                    r = r.intersection(roi.rect.insetBy(-Double(roi.width), -Double(roi.height)))
                    if r.isEmpty { r = Rect(r.x, r.y, Double(roi.width), Double(roi.height)) }
                } else {
                    let cells = (r.maxX.rounded(.up) - r.minX.rounded(.down)) * (r.maxY.rounded(.up) - r.minY.rounded(.down))
                    if !(cells <= Double(Limits.maxPixels)) {
                        throw LunetteError.limit(
                            "render: a \(node.kind.rawValue) step needs \(fmt(r.width.rounded(.up)))×\(fmt(r.height.rounded(.up))) pixels of its input for one tile, more than the limit of \(Limits.maxPixels) (a very large scale, radius or offset?)"
                        )
                    }
                }
                stack.append((input, IRect(covering: r)))
            }
        }
    }
}
