import Foundation

/// A source that produces its rows on demand, top row first (a PNG decoded while the
/// image renders), keeping only the rows a render may still read. `Context.renderStrips`
/// tells it after every strip which rows the rest of the render can still need.
/// Lua: `lunette apply in.png -o out.png -f 'CIGaussianBlur{radius = 10}'` streams its input.
public protocol StreamingSource: ImageNode {
    /// The rest of the current render reads no row at or above `y` (Core Image coordinates).
    func discardRows(from y: Int)
    /// The first error met while producing rows (rows past it render transparent).
    var failure: LunetteError? { get }
}

extension Context {
    /// The streaming sources in `image`'s graph.
    static func streamingSources(of image: Image) -> [any StreamingSource] {
        var seen = Set<ObjectIdentifier>(), found: [any StreamingSource] = []
        var stack = [image]
        while let img = stack.popLast() {
            guard seen.insert(ObjectIdentifier(img.node)).inserted else { continue }
            if let s = img.node as? any StreamingSource { found.append(s) }
            stack += img.node.inputs
        }
        return found
    }

    /// For every node of `image`'s graph, the bounding box of the pixels a render of `rect`
    /// can ask of it (each node's `regionOfInterest` followed from the output down).
    static func regionsNeeded(by image: Image, for rect: IRect) -> [ObjectIdentifier: IRect] {
        var regions: [ObjectIdentifier: IRect] = [:]
        func visit(_ img: Image, _ r: IRect) {
            let ext = img.extent
            if r.isEmpty || ext.isEmpty || IRect.clipping(ext, to: r).isEmpty { return }
            let id = ObjectIdentifier(img.node)
            var want = r
            if let had = regions[id] {
                if had.intersection(r) == r { return }
                want = IRect(
                    min(had.x, r.x), min(had.y, r.y), max(had.maxX, r.maxX) - min(had.x, r.x),
                    max(had.maxY, r.maxY) - min(had.y, r.y))
            }
            regions[id] = want
            for (i, input) in img.node.inputs.enumerated() {
                let roi = img.node.regionOfInterest(for: want, input: i)
                if roi.isEmpty { continue }
                let bound = input.extent.isInfinite ? want.grown(1 << 28, 1 << 28) : IRect(covering: input.extent)
                visit(input, IRect.clipping(roi, to: bound))
            }
        }
        visit(image, rect)
        return regions
    }

    /// Throws the first failure of a streaming source.
    static func checkFailures(_ sources: [any StreamingSource]) throws {
        for s in sources { if let e = s.failure { throw e } }
    }

    /// After the rows above `rest` are rendered: lets each source drop what `rest` cannot read.
    static func releaseRows(_ sources: [any StreamingSource], of image: Image, rest: IRect) {
        guard !sources.isEmpty else { return }
        let needed = rest.isEmpty ? [:] : regionsNeeded(by: image, for: rest)
        for s in sources { s.discardRows(from: needed[ObjectIdentifier(s)]?.maxY ?? Int.min) }
    }
}
