import Foundation
import PixelCore

/// A stretch of text in one style: what the text generators lay out.
struct TextRun: Equatable {
    var text: String
    var style: TextStyle
}

/// Font, size (points), colour and underline of a run.
struct TextStyle: Equatable {
    var font: String
    var size: Double
    var color: Color
    var underline: Bool

    /// Core Text's defaults: Helvetica Neue 12 pt, black, not underlined.
    static let standard = TextStyle(font: "HelveticaNeue", size: 12, color: Color(0, 0, 0, 1), underline: false)
}

extension Array where Element == TextRun {
    /// The runs split into lines at "\n" (a run crossing a line break becomes two).
    var lines: [[TextRun]] {
        var out: [[TextRun]] = [[]]
        for run in self {
            for (i, piece) in run.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if i > 0 { out.append([]) }
                if !piece.isEmpty { out[out.count - 1].append(TextRun(text: String(piece), style: run.style)) }
            }
        }
        return out
    }
}
