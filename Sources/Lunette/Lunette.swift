@_exported import Codecs
@_exported import Filters
import Foundation
@_exported import PixelCore

/// Lunette's Swift API: the image graph (`Image`, `Rect`, `Transform`, `Context`), the
/// filters (`Filter`, `FilterDescriptor`, `FilterRegistry`) and the codecs (`ImageIO`,
/// `ImageWriter`, `SaveOptions`) the CLI and the Lua runtime use, plus the Lua plugins as
/// filters. `import Lunette` is all a Swift program needs; `import CoreImage` (product
/// `LunetteCoreImage`) puts Core Image's API on top of it.
///
/// ```swift
/// import Lunette
///
/// let photo = try Lunette.load("in.jpg")
/// let look = try Lunette.filter("CISepiaTone", ["inputImage": .image(photo), "inputIntensity": .number(0.6)])
/// try Lunette.write(try look.outputImage(), to: "out.jpg")
/// ```
public enum Lunette {
    /// Every filter: the built-in ones and the Lua plugins (shipped ones, then the user's
    /// `$XDG_CONFIG_HOME/lunette/plugins`). The first use starts the Lua state that runs
    /// them; code that names only built-in filters never does.
    public static var registry: FilterRegistry { PluginHost.shared.registry }

    /// The descriptor of a filter by name: built-in ones without starting Lua, then plugins.
    /// Names are matched as `FilterRegistry.descriptor(named:)` does (case, `CI` prefix).
    public static func descriptor(named name: String) throws -> FilterDescriptor {
        if let d = FilterRegistry.shared.descriptor(exactly: name) { return d }
        return try registry.descriptor(named: name)
    }

    /// A filter with its defaults set and then `values` (validated, as Lua's `f.key = v`).
    public static func filter(_ name: String, _ values: [String: FilterValue] = [:]) throws -> Filter {
        let f = Filter(try descriptor(named: name))
        for (key, value) in values.sorted(by: { $0.key < $1.key }) { try f.set(key, value) }
        return f
    }

    /// Loads an image file (any supported format), colour managed and upright.
    public static func load(_ path: String, options: LoadOptions = LoadOptions()) throws -> Image {
        try ImageIO.load(path, options: options)
    }

    /// Renders and writes an image; the format follows the extension or `options.format`.
    public static func write(_ image: Image, to path: String, options: SaveOptions = SaveOptions()) throws {
        try ImageWriter.write(image, to: path, options: options)
    }

    /// Problems met while loading the plugins (one line each), empty when all loaded.
    public static var pluginWarnings: [String] { PluginHost.shared.warnings }
}
