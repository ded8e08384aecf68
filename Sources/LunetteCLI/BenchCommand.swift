import ArgumentParser
import Codecs
import Foundation
import LuaBridge
import PixelCore

/// `lunette bench IN -f STEP …`: times in-memory work on one image (used by `make bench`).
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Time in-memory renders, PNG decoding or PNG encoding of one image.",
        discussion: """
            Prints one line per repetition, "<task> <milliseconds>", then the median. Nothing
            is written to disk; `make bench` runs this next to other tools' equivalents.
              lunette bench in.png -f 'CIGaussianBlur{radius = 10}' --present --repeat 5
                  render the blurred image (clamped, cropped back) into a float buffer, 5 times
              lunette bench in.png --depth 8 -f 'CIMedianFilter{}' --present
                  render into an 8-bit sRGB RGBA buffer: a median of an 8-bit picture runs on
                  its codes (exactly the float path's bytes); stderr says how many pixels did
              lunette bench in.png --task decode      load the PNG into the working space
              lunette bench in.png --task encode      write it as an 8-bit PNG into memory
              lunette bench in.png --task stream -f 'CIGaussianBlur{radius = 10}' --present
                  the whole CLI pipeline (streamed decode, render, encode) into memory
            """
    )

    enum Task: String, ExpressibleByArgument, CaseIterable { case render, decode, encode, stream }

    @Argument(help: "Input PNG file.")
    var input: String

    @Option(
        name: [.customShort("f"), .customLong("filter")], help: "A step such as 'CIGaussianBlur{radius = 4}' (repeatable).",
        completion: FilterNameCompletion.kind)
    var steps: [String] = []

    @Flag(help: "Run each step with its specials (clamp before a blur, crop back after it).")
    var present = false

    @Option(help: "What to time: render, decode, encode or stream.")
    var task: Task = .render

    @Option(help: "Bits per sample of the render's buffer: 32 (float, the working format) or 8 (8-bit sRGB RGBA).")
    var depth: Int = 32

    @Option(help: "Timed repetitions.")
    var `repeat`: Int = 5

    @Option(help: "Untimed repetitions first.")
    var warmup: Int = 1

    @Option(help: "zlib compression level 0…9 for encode.")
    var compression: Int = 6

    @OptionGroup var limits: LimitOptions

    func validate() throws {
        guard `repeat` >= 1 else { throw ValidationError("--repeat must be at least 1") }
        guard warmup >= 0 else { throw ValidationError("--warmup must not be negative") }
        guard (0...9).contains(compression) else { throw ValidationError("--compression must be 0…9") }
        guard depth == 32 || depth == 8 else { throw ValidationError("--depth must be 32 or 8") }
        guard depth == 32 || task == .render else { throw ValidationError("--depth 8 is for --task render") }
    }

    func run() throws {
        try limits.apply()
        let options = PNGOptions(compression: compression)
        let work: () throws -> Void
        var fromCodes: String?
        switch task {
        case .decode:
            work = { _ = try ImageIO.load(input) }
        case .encode:
            let image = try ImageIO.load(input)
            work = { _ = try PNGEncoder.encode(image, options: options) }
        case .render where depth == 8:
            // An 8-bit picture is held as its codes, so that a rank filter can run on them.
            let loaded = try ImageIO.load(input)
            let image = try Lunette.runtime().applySteps(loaded.exactly8Bit() ?? loaded, steps, present: present)
            let rect = try Context.renderRect(for: image)
            let context = Context()
            work = {
                let bitmap = try context.render8(image, rect: rect)
                fromCodes = "\(bitmap.pixelsFromCodes) of \(bitmap.rect.count) pixels from 8-bit codes"
            }
        case .render:
            let image = try Lunette.runtime().applySteps(try ImageIO.load(input), steps, present: present)
            let rect = try Context.renderRect(for: image)
            let context = Context()
            work = { _ = try context.render(image, rect: rect) }
        case .stream:
            let runtime = try Lunette.runtime()
            work = {
                let image = try runtime.applySteps(try ImageIO.open(input), steps, present: present)
                _ = try PNGEncoder.encode(image, options: options)
            }
        }
        for _ in 0..<warmup { try work() }
        var times: [Double] = []
        for _ in 0..<`repeat` {
            let t0 = DispatchTime.now().uptimeNanoseconds
            try work()
            let ms = Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6
            times.append(ms)
            print(task.rawValue, String(format: "%.3f", ms))
        }
        if let fromCodes { FileHandle.standardError.write(Data("bench: \(fromCodes)\n".utf8)) }
        times.sort()
        let n = times.count
        let median = n % 2 == 1 ? times[n / 2] : (times[n / 2 - 1] + times[n / 2]) / 2
        print("median", String(format: "%.3f", median))
    }
}
