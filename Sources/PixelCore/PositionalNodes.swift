import Foundation

/// A point operation that also sees the pixel position: the same pixel of up to three
/// inputs and the pixel centre in, one pixel out (transitions, masked reveals). Inputs
/// that are not given read as transparent black. Lua (through a transition):
/// `a | CISwipeTransition{targetImage = b, time = 0.5}`
public final class PositionalPointNode: ImageNode, @unchecked Sendable {
    public typealias Function = @Sendable (_ x: Double, _ y: Double, _ a: Pixel, _ b: Pixel, _ c: Pixel) -> Pixel
    public let inputs: [Image]
    public let extent: Rect
    public let isOpaque: Bool
    let function: Function

    /// `extent` defaults to the union of the inputs' extents.
    public init(_ inputs: [Image], extent: Rect? = nil, opaque: Bool = false, _ function: @escaping Function) {
        precondition(!inputs.isEmpty && inputs.count <= 3, "PositionalPointNode takes one to three inputs")
        self.inputs = inputs
        self.extent = extent ?? inputs.dropFirst().reduce(inputs[0].extent) { $0.union($1.extent) }
        self.isOpaque = opaque
        self.function = function
    }

    public var kind: NodeKind { .point }
    public func regionOfInterest(for rect: IRect, input index: Int) -> Rect { rect.rect }

    public func render(_ rect: IRect, _ session: RenderSession) -> PixelBuffer {
        let a = session.render(inputs[0], rect)
        let b = inputs.count > 1 ? session.render(inputs[1], rect) : nil
        let c = inputs.count > 2 ? session.render(inputs[2], rect) : nil
        let keep = IRect.clipping(extent, to: rect)
        withExtendedLifetime((b, c)) {
            for y in keep.y..<keep.maxY {
                let ly = y - rect.y
                let ra = a.row(ly), rb = b?.row(ly), rc = c?.row(ly)
                let cy = Double(y) + 0.5
                for x in keep.x..<keep.maxX {
                    let lx = x - rect.x
                    ra[lx] = function(Double(x) + 0.5, cy, ra[lx], rb?[lx] ?? .zero, rc?[lx] ?? .zero)
                }
            }
        }
        a.clear(outside: keep)
        return a
    }
}
