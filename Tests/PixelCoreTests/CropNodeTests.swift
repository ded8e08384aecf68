import Foundation
import PixelCore
import TestSupport
import XCTest

/// A crop renders its input only where it keeps pixels.
final class CropNodeTests: XCTestCase {
    /// Passes its input through and records every rect it is asked to render.
    final class Probe: ImageNode, @unchecked Sendable {
        let inputs: [Image]
        let lock = NSLock()
        var asked: [IRect] = []
        init(_ input: Image) { inputs = [input] }
        var kind: NodeKind { .area }
        var extent: Rect { inputs[0].extent }
        func regionOfInterest(for rect: IRect, input index: Int) -> Rect { rect.rect }
        func render(_ rect: IRect, _ session: RenderSession) -> PixelBuffer {
            lock.lock(); asked.append(rect); lock.unlock()
            return session.render(inputs[0], rect)
        }
    }

    func testTheInputRendersOnlyInsideTheCrop() throws {
        let source = TestImages.random(40, 30, seed: 5)
        let probe = Probe(source)
        let crop = Rect(10, 5, 12, 9)
        let image = Image(probe).cropped(to: crop)
        let wide = IRect(0, 0, 40, 30)  // asked for far more than the crop keeps (a halo above it)
        let got = try TestImages.render(image, wide, threads: 1, tile: 64)
        XCTAssertEqual(probe.asked, [IRect(10, 5, 12, 9)])
        let src = try TestImages.render(source)
        for y in 0..<30 {
            for x in 0..<40 {
                let inside = x >= 10 && x < 22 && y >= 5 && y < 14
                XCTAssertEqual(got[x, y], inside ? src[x, y] : .zero, "(\(x), \(y))")
            }
        }
    }

    /// Area steps each cropped back to the input (CIDistanceGradientFromRedMask's shape) read
    /// at most the input grown by one halo, however deep the chain: the tile used to grow by
    /// the halos of every step above (a thousand distance gradients asked the source for
    /// 22,000 × 22,000 pixels, the fuzzer's out-of-memory).
    func testDeepCroppedAreaChainsStayTheCropsSize() throws {
        var image = TestImages.random(32, 32, seed: 2)
        let extent = image.extent
        var probes: [Probe] = []
        for _ in 0..<100 {
            let probe = Probe(image)
            probes.append(probe)
            let area = AreaNode(Image(probe), haloX: 11, haloY: 11) { src, dst in dst.copy(from: src) }
            image = Image(area).cropped(to: extent)
        }
        _ = try TestImages.render(image, IRect(0, 0, 1, 1), threads: 1)
        let largest = probes.flatMap(\.asked).map { $0.width * $0.height }.max() ?? 0
        XCTAssertLessThanOrEqual(largest, (32 + 2 * 11) * (32 + 2 * 11))
    }
}
