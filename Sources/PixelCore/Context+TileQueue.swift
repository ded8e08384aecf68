import Foundation

extension Context {
    /// `rect` cut into tiles of `width` × `height` (smaller along its right and top edges),
    /// rows of tiles from the bottom up.
    static func tileGrid(_ rect: IRect, width: Int, height: Int) -> [IRect] {
        let w = max(1, min(width, rect.width)), th = max(1, height)
        var tiles: [IRect] = []
        var y = rect.y
        while y < rect.maxY {
            let h = min(th, rect.maxY - y)
            var x = rect.x
            while x < rect.maxX {
                tiles.append(IRect(x, y, min(w, rect.maxX - x), h))
                x += w
            }
            y += h
        }
        return tiles
    }

    /// Runs `body` on every tile on up to `threads` workers, each taking the next tile in
    /// order, until the tiles run out or the render is abandoned (cancelled, or past its
    /// deadline). The renderers and reductions share it.
    func performTiles(_ tiles: [IRect], depth: Int, _ body: @escaping (IRect) -> Void) {
        let lock = NSLock()
        nonisolated(unsafe) var next = 0
        Self.perform(min(threads, tiles.count), depth: depth) { _ in
            while true {
                lock.lock(); let i = next; next += 1; lock.unlock()
                guard i < tiles.count, !RenderSession.abandoned else { return }
                body(tiles[i])
            }
        }
    }
}
