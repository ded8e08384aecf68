import Foundation

/// The CIPhotoEffect* presets (primary category CICategoryColorEffect).
enum PhotoEffectFilters {
    static let all: [FilterDescriptor] = [
        PhotoEffectChrome.descriptor,
        PhotoEffectFade.descriptor,
        PhotoEffectInstant.descriptor,
        PhotoEffectMono.descriptor,
        PhotoEffectNoir.descriptor,
        PhotoEffectProcess.descriptor,
        PhotoEffectTonal.descriptor,
        PhotoEffectTransfer.descriptor,
    ]
}
