import Foundation
import PixelCore

/// CIAttributedTextImageGenerator: styled text in place of Core Image's NSAttributedString,
/// written as markup (`<span font="…" size="…" color="#rrggbb" underline="true">…</span>` and
/// `<u>…</u>`, nested, with `&lt; &gt; &amp; &quot;`) or as a list of runs (a Lua table, or
/// a JSON array from the command line: `TextRunList`). Unstyled text is Helvetica Neue (or its
/// fallback) 12 pt black, as in Core Text. Each run is shaped with its own font; characters
/// its font lacks come from a font that has them (`FontFallback`).
/// Lua: `CIAttributedTextImageGenerator{text = "Hello <u>world</u>", padding = 8}`
public enum AttributedTextImageGenerator {
    public static let descriptor = FilterDescriptor(
        .generator, "CIAttributedTextImageGenerator",
        "Attributed Text Image Generator",
        "Renders styled text (font, size, colour, underline per run, as <span> markup or a list of runs) on transparent.",
        inputs: TextInputs.text(
            "Text with <span font=\"…\" size=\"…\" color=\"#rrggbb\" underline=\"true\">…</span> and <u>…</u> markup, or a list of runs ({{\"text\", font = …, size = …, color = …, underline = true}, …} in Lua, or a JSON array of them in a string: [{\"text\": …, \"size\": 24}, …]); \"\\n\" starts a new line.",
            cls: .attributedString) + TextInputs.scaleAndPadding
    ) { f in
        let source = f.string("inputText") ?? ""
        let runs = try TextRunList.parse(source, filter: f.filter) ?? TextMarkup.parse(source, filter: f.filter)
        return try TextInputs.render(runs, f)
    }
}
