import Foundation

/// The built-in filters whose primary category is CICategoryTileEffect.
enum TileEffectFilters {
    static let all: [FilterDescriptor] = [
        AffineClamp.descriptor,
    ]
}
