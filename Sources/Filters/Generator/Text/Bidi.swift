import CTextShim
import Foundation

/// A simplified Unicode bidirectional ordering (UAX #9's levels and rule L2, without
/// explicit embeddings or the weak-type rules): each character's script gives its strong
/// direction (digits count as left to right), neutrals between two like directions take
/// theirs and otherwise the paragraph's, which is that of the first strong character.
/// The pieces of a line come back in visual order, each to be shaped in its direction.
enum Bidi {
    struct Piece {
        var run: TextRun
        var rtl: Bool
    }

    static func direction(_ s: Unicode.Scalar) -> Int {
        if s.properties.numericType != nil && s.properties.generalCategory == .decimalNumber { return 1 }
        return Int(lt_direction(s.value))
    }

    /// `line`'s runs split where the direction changes, in visual (left-to-right) order.
    static func visualPieces(_ line: [TextRun]) -> [Piece] {
        // Resolve a direction per character.
        var scalars: [(run: Int, scalar: Unicode.Scalar, dir: Int)] = []
        for (i, run) in line.enumerated() { for s in run.text.unicodeScalars { scalars.append((i, s, direction(s))) } }
        let paragraph = scalars.first { $0.dir != 0 }?.dir ?? 1
        var i = 0
        while i < scalars.count {
            guard scalars[i].dir == 0 else { i += 1; continue }
            var j = i
            while j < scalars.count && scalars[j].dir == 0 { j += 1 }
            let before = i > 0 ? scalars[i - 1].dir : paragraph, after = j < scalars.count ? scalars[j].dir : paragraph
            let dir = before == after ? before : paragraph
            for k in i..<j { scalars[k].dir = dir }
            i = j
        }
        // Pieces of one run and one direction, with their embedding levels.
        var pieces: [(piece: Piece, level: Int, run: Int)] = []
        for s in scalars {
            let rtl = s.dir < 0
            if let last = pieces.last, last.piece.rtl == rtl, last.run == s.run {
                pieces[pieces.count - 1].piece.run.text.unicodeScalars.append(s.scalar)
            } else {
                let level = paragraph < 0 ? (rtl ? 1 : 2) : (rtl ? 1 : 0)
                pieces.append((Piece(run: TextRun(text: String(s.scalar), style: line[s.run].style), rtl: rtl), level, s.run))
            }
        }
        // Rule L2: from the highest level down to 1, reverse every sequence at that level or above.
        let top = pieces.map(\.level).max() ?? 0
        var level = top
        while level >= 1 {
            var k = 0
            while k < pieces.count {
                guard pieces[k].level >= level else { k += 1; continue }
                var end = k
                while end < pieces.count && pieces[end].level >= level { end += 1 }
                pieces[k..<end].reverse()
                k = end
            }
            level -= 1
        }
        return pieces.map(\.piece)
    }
}
