import Foundation
import PixelCore

/// CIAttributedTextImageGenerator: styled text, written as markup in place of Core Image's
/// NSAttributedString: `<span font="…" size="…" color="#rrggbb" underline="true">…</span>`
/// and `<u>…</u>`, nested, with `&lt; &gt; &amp; &quot;`. Unstyled text is Helvetica Neue
/// (or its fallback) 12 pt black, as in Core Text. Each run is shaped with its own font.
/// Lua: `CIAttributedTextImageGenerator{text = "Hello <u>world</u>", padding = 8}`
public enum AttributedTextImageGenerator {
    public static let descriptor = FilterDescriptor(
        .generator, "CIAttributedTextImageGenerator",
        "Attributed Text Image Generator",
        "Renders styled text (font, size, colour, underline per run, written as <span> markup) on transparent.",
        inputs: TextInputs.text(
            "Text with <span font=\"…\" size=\"…\" color=\"#rrggbb\" underline=\"true\">…</span> and <u>…</u> markup; \"\\n\" starts a new line.",
            cls: .attributedString) + TextInputs.scaleAndPadding
    ) { f in
        let runs = try TextMarkup.parse(f.string("inputText") ?? "", filter: f.filter)
        return try TextInputs.render(runs, f)
    }
}
