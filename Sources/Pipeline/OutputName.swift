import Codecs
import Foundation
import PixelCore

/// Batch output names from a template: `{stem}` (the input's name without extension), `{ext}`
/// (its extension), `{index}` (1-based position among the inputs) and `{parent}` (its folder's
/// name). CLI: `lunette apply --chain look.lua -o photos/ --name '{stem}-look.{ext}' photos/`
public enum OutputName {
    public static let `default` = "{stem}.png"
    static let fields = ["stem", "ext", "index", "parent"]

    /// A usage error for unknown fields, unbalanced braces or an empty name.
    public static func check(_ template: String) throws {
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            guard let close = rest[open...].firstIndex(of: "}") else {
                throw LunetteError(.usage, "--name '\(template)': a '{' without its '}'")
            }
            let field = String(rest[rest.index(after: open)..<close])
            guard fields.contains(field) else {
                throw LunetteError(
                    .usage, "--name '\(template)': unknown field {\(field)} (fields: {stem}, {ext}, {index}, {parent})")
            }
            rest = rest[rest.index(after: close)...]
        }
        if template.isEmpty || template.hasSuffix("/") || template.hasPrefix("/") {
            throw LunetteError(.usage, "--name '\(template)': a file name such as '{stem}-look.{ext}'")
        }
    }

    /// The output name of `input`, the `index`-th input.
    public static func expand(_ template: String, input: String, index: Int) -> String {
        let url = URL(fileURLWithPath: input)
        let values = [
            "stem": url.deletingPathExtension().lastPathComponent, "ext": url.pathExtension,
            "index": String(index), "parent": url.deletingLastPathComponent().lastPathComponent,
        ]
        var out = template
        for (k, v) in values { out = out.replacingOccurrences(of: "{\(k)}", with: v) }
        return out
    }

    /// True for a path whose extension is an image or video format's (`out.png`, `out.exr`,
    /// any of the codec list's, or y4m, gif, bmp): a file, not a folder.
    public static func looksLikeImageFile(_ path: String) -> Bool {
        let ext = URL(fileURLWithPath: path).pathExtension.lowercased()
        return ImageFormat.named(ext) != nil || ["y4m", "gif", "bmp"].contains(ext)
    }
}
