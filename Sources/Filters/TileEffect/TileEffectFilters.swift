import Foundation

/// The built-in filters whose primary category is CICategoryTileEffect.
enum TileEffectFilters {
    static let all: [FilterDescriptor] = [
        AffineClamp.descriptor,
        AffineTile.descriptor,
        EightfoldReflectedTile.descriptor,
        FourfoldReflectedTile.descriptor,
        FourfoldRotatedTile.descriptor,
        FourfoldTranslatedTile.descriptor,
        GlideReflectedTile.descriptor,
        PerspectiveTile.descriptor,
        SixfoldReflectedTile.descriptor,
        SixfoldRotatedTile.descriptor,
        TriangleKaleidoscope.descriptor,
        TwelvefoldReflectedTile.descriptor,
    ]
}
