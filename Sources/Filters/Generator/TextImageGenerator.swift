import Foundation
import PixelCore

/// CITextImageGenerator: `inputText` typeset in one font (found by family, full or PostScript
/// name through fontconfig; a missing one falls back with a warning) at `fontSize` points
/// × `scaleFactor` pixels per point, black on transparent, HarfBuzz-shaped (kerning,
/// ligatures, right-to-left scripts, combining marks), lines split at "\n".
/// Lua: `CITextImageGenerator{text = "Lunette", fontName = "DejaVu Serif", fontSize = 48}`
public enum TextImageGenerator {
    public static let descriptor = FilterDescriptor(
        .generator, "CITextImageGenerator", "Text Image Generator",
        "Renders text in a named font and size, black on transparent, shaped by HarfBuzz and rasterised by FreeType.",
        inputs: TextInputs.text("The text to render; \"\\n\" starts a new line.", cls: .string) + [
            InputSpec(
                "inputFontName", "Font Name", class: .string, default: .string("HelveticaNeue"),
                description:
                    "A font family, full or PostScript name (\"DejaVu Sans\", \"DejaVuSerif-Bold\"); a missing one falls back to fontconfig's choice with a warning."
            ),
            .number("inputFontSize", 12, min: 0, slider: 9...128, "The size of the font in points."),
        ] + TextInputs.scaleAndPadding
    ) { f in
        let text = f.string("inputText") ?? ""
        let style = TextStyle(
            font: f.string("inputFontName") ?? TextStyle.standard.font, size: f.number("inputFontSize"),
            color: TextStyle.standard.color, underline: false)
        return try TextInputs.render([TextRun(text: text, style: style)], f)
    }
}

/// The inputs both text generators share, and their common rendering step.
enum TextInputs {
    static func text(_ description: String, cls: AttributeClass) -> [InputSpec] {
        [InputSpec("inputText", "Text", class: cls, default: .string("Lunette"), description: description)]
    }

    static let scaleAndPadding: [InputSpec] = [
        .number("inputScaleFactor", 1, min: 0, slider: 1...4, "Pixels per point: 2 renders the text at twice the resolution."),
        .number(
            "inputPadding", 0, type: "CIAttributeTypeInteger", in: 0...200,
            "Transparent pixels added around the text on every side."),
    ]

    static func render(_ runs: [TextRun], _ f: FilterInputs) throws -> Image {
        guard runs.contains(where: { !$0.text.isEmpty }) else {
            throw LunetteError.invalid("\(f.filter).inputText: no text to render")
        }
        let scale = f.number("inputScaleFactor")
        guard scale > 0 else { throw LunetteError.invalid("\(f.filter).inputScaleFactor: must be above 0") }
        if let bad = runs.first(where: { $0.style.size * scale > 2000 }) {
            throw LunetteError.invalid("\(f.filter): a font size of \(bad.style.size * scale) pixels is beyond the limit of 2000")
        }
        return try Typesetter.render(
            runs.filter { $0.style.size > 0 }, scale: scale, padding: Int(f.number("inputPadding")),
            filter: f.filter)
    }
}
