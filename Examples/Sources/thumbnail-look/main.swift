// thumbnail-look: a thumbnail and a "look" of each photo, as a small image service would
// make them. Nothing here is Linux-specific: the same file builds against Apple's Core Image.
//
//   swift run thumbnail-look photo.jpg [more.heic …] out/
import CoreImage
import CoreImage.CIFilterBuiltins
import Foundation

let context = CIContext()   // one context, shared by every photo (and thread)
let sRGB = CGColorSpace(name: CGColorSpace.sRGB)!

/// Scales `image` so that its longer side is `side` pixels (Lanczos, as thumbnails want).
func thumbnail(_ image: CIImage, side: CGFloat) -> CIImage {
    let scale = side / max(image.extent.width, image.extent.height)
    let filter = CIFilter.lanczosScaleTransform()
    filter.inputImage = image
    filter.scale = Float(scale)
    filter.aspectRatio = 1
    return filter.outputImage ?? image
}

/// A warm, faded look with a vignette: typed filters and a filter by name, mixed.
func look(_ image: CIImage) -> CIImage {
    let controls = CIFilter.colorControls()
    controls.inputImage = image
    controls.saturation = 0.8
    controls.contrast = 1.05
    let warm = controls.outputImage!.applyingFilter("CITemperatureAndTint", parameters: [
        "inputNeutral": CIVector(x: 6500, y: 0), "inputTargetNeutral": CIVector(x: 5000, y: 0),
    ])
    guard let vignette = CIFilter(name: "CIVignette") else { return warm }
    vignette.setValue(warm, forKey: kCIInputImageKey)
    vignette.setValue(0.9, forKey: kCIInputIntensityKey)
    vignette.setValue(1.6, forKey: kCIInputRadiusKey)
    return vignette.outputImage!.cropped(to: image.extent)
}

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count >= 2, let outDir = arguments.last.map({ URL(fileURLWithPath: $0, isDirectory: true) }) else {
    print("usage: thumbnail-look photo.jpg [more …] out/")
    exit(2)
}
try FileManager.default.createDirectory(at: outDir, withIntermediateDirectories: true)

for path in arguments.dropLast() {
    let url = URL(fileURLWithPath: path)
    guard let photo = CIImage(contentsOf: url, options: [.applyOrientationProperty: true]) else {
        print("\(path): not an image I can read")
        continue
    }
    let stem = url.deletingPathExtension().lastPathComponent
    let thumb = thumbnail(photo, side: 256)
    try context.writeJPEGRepresentation(of: thumb, to: outDir.appendingPathComponent("\(stem)-thumb.jpg"),
                                        colorSpace: sRGB, options: [.lossyCompressionQuality: 0.8])
    try context.writePNGRepresentation(of: look(photo), to: outDir.appendingPathComponent("\(stem)-look.png"),
                                       format: .RGBA8, colorSpace: sRGB)
    let orientation = photo.properties[kCGImagePropertyOrientation] ?? 1
    print("\(path): \(Int(photo.extent.width))×\(Int(photo.extent.height)), orientation \(orientation) → \(stem)-thumb.jpg, \(stem)-look.png")
}
