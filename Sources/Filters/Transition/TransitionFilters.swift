import Foundation

/// The built-in filters whose primary category is CICategoryTransition.
enum TransitionFilters {
    static let all: [FilterDescriptor] = [
        BarsSwipeTransition.descriptor,
        CopyMachineTransition.descriptor,
        DisintegrateWithMaskTransition.descriptor,
        DissolveTransition.descriptor,
        FlashTransition.descriptor,
        ModTransition.descriptor,
        SwipeTransition.descriptor,
    ]
}
