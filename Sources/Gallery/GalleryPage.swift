import Filters
import Foundation
import PixelCore

/// The gallery as one static HTML page: inline CSS, no network, thumbnails as files beside
/// it; a failed filter is a marked card. A tiny inline script counts images that did not
/// load and shows a banner (the page works without it). CLI: `lunette gallery -o DIR`
enum GalleryPage {
    static func html(_ gallery: Gallery, title: String, thumbnailPath: (GalleryEntry) -> String) -> String {
        let sections = gallery.sections
        let failed = gallery.failures.count
        var out = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <link rel="icon" href="data:,">
            <title>\(escape(title))</title>
            <style>\(css(size: gallery.size))</style>
            </head>
            <body data-filters="\(gallery.entries.count)" data-failed="\(failed)">
            <header>
            <h1>\(escape(title))</h1>
            <p>\(gallery.entries.count) filter\(gallery.entries.count == 1 ? "" : "s") in \(sections.count) categor\(sections.count == 1 ? "y" : "ies"), each shown once (under the first category
            that lists it), tried with <code>lunette try NAME</code>: defaults, stock images in the image inputs, and the
            filter's specials.\(failed > 0 ? " <strong class=\"bad\">\(failed) failed.</strong>" : "")</p>
            <p id="broken" hidden></p>
            <nav>
            """
        for s in sections {
            out +=
                "<a href=\"#\(s.category)\">\(escape(Gallery.categoryTitle(s.category))) <small>\(s.entries.count)</small></a>\n"
        }
        out += "</nav>\n</header>\n<main>\n"
        for s in sections {
            out += "<section id=\"\(s.category)\">\n<h2>\(escape(Gallery.categoryTitle(s.category)))"
            out += " <small>\(s.category) · \(s.entries.count)</small></h2>\n<div class=\"cards\">\n"
            for e in s.entries { out += card(e, size: gallery.size, src: thumbnailPath(e)) }
            out += "</div>\n</section>\n"
        }
        out += "</main>\n<script>\(script)</script>\n</body>\n</html>\n"
        return out
    }

    static func card(_ e: GalleryEntry, size: Int, src: String) -> String {
        let d = e.descriptor
        var out = "<article class=\"card\(e.failure == nil ? "" : " failed")\" id=\"\(d.name)\" data-filter=\"\(d.name)\">\n"
        out += "<div class=\"top\">"
        if let t = e.thumbnail, e.failure == nil {
            out += "<img src=\"\(escape(src))\" width=\"\(t.width)\" height=\"\(t.height)\" alt=\"\(d.name) on stock images\">"
        } else {
            out += "<div class=\"nothumb\" style=\"width:\(size)px;height:\(size)px\">✕</div>"
        }
        out += "<div><h3>\(escape(d.displayName))</h3><code>\(d.name)</code>"
        out += "<p>\(escape(d.description))</p></div></div>\n"
        if let failure = e.failure { out += "<p class=\"error\">failed: \(escape(failure))</p>\n" }
        out += "<table>\n<tr><th>input</th><th>type</th><th>class</th><th>default</th><th>min … max</th>"
        out += "<th>slider</th><th>identity</th></tr>\n"
        for i in d.inputs {
            let type = i.type.map { $0.hasPrefix("CIAttributeType") ? String($0.dropFirst(15)) : $0 } ?? "—"
            out += "<tr><td title=\"\(escape(i.displayName)): \(escape(i.description))\">\(breakable(i.key))</td>"
            out += "<td title=\"\(escape(i.type ?? ""))\">\(escape(type))</td><td>\(i.attributeClass.rawValue)</td>"
            out += "<td>\(value(i.defaultValue))</td><td>\(range(i.min, i.max))</td>"
            out += "<td>\(range(i.sliderMin, i.sliderMax))</td><td>\(value(i.identity))</td></tr>\n"
        }
        if d.inputs.isEmpty { out += "<tr><td colspan=\"7\">no inputs</td></tr>\n" }
        return out + "</table>\n</article>\n"
    }

    /// A value as it reads in a table: short numbers, vectors as lists, transforms by name.
    static func value(_ v: FilterValue?) -> String {
        guard let v else { return "—" }
        switch v {
        case .number(let d): return short(d)
        case .vector(let vec):
            if vec.count > 6 { return "\(vec.count) values" }
            if vec.count == 4, vec.rect == Rect.infinite { return "Rect.infinite" }
            return "[" + vec.components.map(short).joined(separator: ", ") + "]"
        case .color(let c): return "Color(" + [c.r, c.g, c.b, c.a].map(short).joined(separator: ", ") + ")"
        case .transform(let t):
            return t == .identity ? "identity" : "[" + [t.a, t.b, t.c, t.d, t.tx, t.ty].map(short).joined(separator: " ") + "]"
        case .string(let text): return escape("\"" + (text.count > 24 ? String(text.prefix(22)) + "…" : text) + "\"")
        case .data(let bytes): return "\(bytes.count) bytes"
        case .image: return "image"
        }
    }

    /// At most four decimals, no trailing zeros: 6.283185… → 6.2832.
    static func short(_ d: Double) -> String {
        if !d.isFinite || (d == d.rounded() && abs(d) < 1e15) { return fmt(d) }
        if abs(d) >= 1e15 { return String(format: "%.4g", d) }
        var text = String(format: "%.4f", d)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }

    static func range(_ lo: Double?, _ hi: Double?) -> String {
        switch (lo, hi) {
        case let (lo?, hi?): return short(lo) + " … " + short(hi)
        case let (lo?, nil): return "≥ " + short(lo)
        case let (nil, hi?): return "≤ " + short(hi)
        default: return "—"
        }
    }

    /// `inputCrossAngle` → `input<wbr>Cross<wbr>Angle`: a narrow column breaks a key only between words.
    static func breakable(_ key: String) -> String {
        var out = ""
        for (i, ch) in key.enumerated() {
            if i > 0, ch.isUppercase { out += "<wbr>" }
            out.append(ch)
        }
        return out
    }

    /// Text for HTML element content and attribute values.
    static func escape(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.count)
        for ch in s {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(ch)
            }
        }
        return out
    }

    /// Marks cards whose image did not load and reports the count on `<body data-broken>`.
    static let script = """
        addEventListener("load", function () {
          var broken = 0, images = document.images;
          for (var i = 0; i < images.length; i++) {
            if (!images[i].complete || images[i].naturalWidth === 0) { broken++; images[i].closest(".card").classList.add("failed"); }
          }
          document.body.setAttribute("data-images", images.length);
          document.body.setAttribute("data-broken", broken);
          if (broken > 0) { var b = document.getElementById("broken"); b.textContent = broken + " thumbnails did not load."; b.hidden = false; }
        });
        """

    static func css(size: Int) -> String {
        """

        :root { color-scheme: light dark; --bg: #f6f6f4; --card: #fff; --ink: #1d1d1f; --dim: #6e6e73; --line: #e3e3e0; }
        @media (prefers-color-scheme: dark) { :root { --bg: #161617; --card: #222224; --ink: #f0f0f2; --dim: #9a9aa0; --line: #38383c; } }
        body { margin: 0; background: var(--bg); color: var(--ink); font: 14px/1.4 system-ui, sans-serif; }
        header { padding: 16px 24px 8px; } h1 { margin: 0 0 4px; font-size: 22px; } header p { margin: 4px 0; color: var(--dim); }
        nav { display: flex; flex-wrap: wrap; gap: 6px; margin-top: 10px; }
        nav a { padding: 2px 10px; border: 1px solid var(--line); border-radius: 12px; color: inherit; text-decoration: none; }
        main { padding: 0 24px 24px; } h2 { margin: 22px 0 10px; font-size: 18px; } h2 small, nav small { color: var(--dim); font-weight: normal; }
        .cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(430px, 1fr)); gap: 12px; }
        .card { background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: 10px; min-width: 0; }
        .card.failed { border: 2px solid #d33; }
        .top { display: flex; gap: 10px; align-items: flex-start; }
        .top img, .nothumb { flex: none; border-radius: 4px; max-width: \(size)px;
          background: repeating-conic-gradient(#bbb 0 25%, #eee 0 50%) 0 0 / 12px 12px; }
        .nothumb { display: flex; align-items: center; justify-content: center; font-size: 36px; color: #fff; background: #d33; }
        h3 { margin: 0; font-size: 15px; } code { color: var(--dim); font-size: 12px; }
        .top p { margin: 4px 0 0; font-size: 12.5px; }
        .error, .bad { color: #d33; } .error { font: 12px ui-monospace, monospace; margin: 6px 0 0; overflow-wrap: anywhere; }
        table { width: 100%; margin-top: 8px; border-collapse: collapse; font-size: 11.5px; table-layout: auto; }
        th { text-align: left; color: var(--dim); font-weight: 600; } th, td { padding: 2px 4px; border-top: 1px solid var(--line); }
        td { font-variant-numeric: tabular-nums; } td:nth-child(5), td:nth-child(6) { white-space: nowrap; }
        #broken { color: #d33; font-weight: bold; }

        """
    }
}
