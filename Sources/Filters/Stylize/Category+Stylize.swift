import Foundation

extension Category {
    /// The order Core Image lists the categories of CISpotColor and CILineOverlay in.
    static let builtInStylizeLast = [builtIn, stillImage, video, stylize]
}
