import Codecs
import Foundation
import LuaBridge
import PixelCore
import TestSupport
import XCTest

@testable import Pipeline

/// Shrink on load in batches: a JPEG whose chain starts by shrinking it to ¼ is decoded at
/// 1/2 by libjpeg's scaled IDCT, as `lunette apply` of one file does, and the batch writes
/// the same bytes as that single-file graph (not those of a full decode).
final class BatchShrinkTests: XCTestCase {
    var dir: URL!
    override func setUp() { dir = Fixtures.temporaryDirectory() }
    override func tearDown() { try? FileManager.default.removeItem(at: dir) }

    func file(_ name: String) -> String { dir.appendingPathComponent(name).path }

    /// The width of the source at the bottom of the graph's first inputs.
    func sourceWidth(_ image: Image) -> Int? {
        var node: any ImageNode = image.node
        while let input = node.inputs.first { node = input.node }
        return node is ReducibleSource ? Int(node.extent.width) : nil
    }

    func testABatchDecodesAShrunkJPEGReducedAndWritesWhatApplyWrites() throws {
        let photo = try ImageIO.load(Fixtures.astronaut).cropped(to: Rect(0, 0, 512, 384))
        var jpeg = SaveOptions()
        jpeg.quality = 95
        try ImageWriter.write(photo, to: file("a.jpg"), options: jpeg)

        let runtime = try LuaRuntime()
        let chain = try runtime.chain(file: nil, steps: ["CILanczosScaleTransform{scale = 0.25}"])
        let batchGraph = try runtime.apply(chain, to: try BatchRunner.input(file("a.jpg"), options: LoadOptions()))
        XCTAssertEqual(sourceWidth(batchGraph), 256, "decoded at 1/2, the resampler shrinking the rest")
        XCTAssertEqual(batchGraph.extent, Rect(0, 0, 128, 96))

        let result = BatchRunner(
            runtime: runtime, chain: chain, jobs: [BatchJob(input: file("a.jpg"), output: file("batch.png"))],
            threads: 2, style: .quiet
        ).run()
        XCTAssertEqual(result.written, 1, "\(result.failures)")
        let single = try runtime.apply(chain, to: try ImageIO.open(file("a.jpg")))
        try ImageWriter.write(single, to: file("single.png"), options: SaveOptions())
        let full = try runtime.apply(chain, to: try ImageIO.load(file("a.jpg")))
        try ImageWriter.write(full, to: file("full.png"), options: SaveOptions())
        let batch = try Data(contentsOf: URL(fileURLWithPath: file("batch.png")))
        XCTAssertEqual(batch, try Data(contentsOf: URL(fileURLWithPath: file("single.png"))), "the single-file output")
        XCTAssertNotEqual(batch, try Data(contentsOf: URL(fileURLWithPath: file("full.png"))), "not a full decode")
    }
}
