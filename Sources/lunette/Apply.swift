import ArgumentParser
import Codecs
import Foundation
import LuaBridge
import PixelCore

/// `lunette apply IN -o OUT -f STEP …`: applies filter steps to one image.
struct Apply: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Apply filter steps to an image.",
        discussion: """
        Each -f is a Lua step expression: a filter name and a table of inputs, where the
        "input" prefix of keys is optional. Steps run in order.
          lunette apply in.png -o out.png -f 'CISepiaTone{inputIntensity = 0.8}'
          lunette apply in.png -o out.png -f 'CIExposureAdjust{EV = 1}' -f 'CIGaussianBlur{radius = 3}'
          cat in.png | lunette apply - -o - -f 'CIColorControls{saturation = 0}' > gray.png
        A generator step (no inputImage) ignores the image before it, so no input is needed:
          lunette apply -o qr.png -f 'CIQRCodeGenerator{message = "hello", correctionLevel = "H"}'
        """
    )

    @Argument(help: "Input PNG file, or - for standard input (omit it when the first step is a generator).")
    var input: String?

    @Option(name: .shortAndLong, help: "Output PNG file, or - for standard output.")
    var output: String

    @Option(name: [.customShort("f"), .customLong("filter")], help: "A step such as 'CIGaussianBlur{radius = 4}' (repeatable).")
    var steps: [String] = []

    @Flag(help: "Run each step with its specials (clamp before a blur, crop back after it, sample inputs).")
    var present = false

    @Option(help: "Bits per output sample: 8 or 16.")
    var depth: Int = 8

    @Option(help: "zlib compression level 0…9.")
    var compression: Int = 6

    @OptionGroup var limits: LimitOptions

    func validate() throws {
        guard depth == 8 || depth == 16 else { throw ValidationError("--depth must be 8 or 16") }
        guard (0...9).contains(compression) else { throw ValidationError("--compression must be 0…9") }
    }

    func run() throws {
        try limits.apply()
        let image = try input.map { try ImageIO.load($0) } ?? Image.empty
        let runtime = try Lunette.runtime(limits.luaOptions())
        let result = try runtime.applySteps(image, steps, present: present)
        if input == nil, result.extent.isEmpty {
            throw LunetteError(.usage, "no input image: give one, or start with a generator step such as 'CIQRCodeGenerator{message = \"hello\"}'")
        }
        try PNGEncoder.write(result, to: output, options: PNGOptions(depth: depth, compression: compression))
    }
}
