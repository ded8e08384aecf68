-- XEdgeSharpen: sharpens edges but not flat areas, so noise and skin stay smooth. The
-- mask is the local detail |image − blur|, thresholded by a tone curve.
return lunette.filter {
  name = "XEdgeSharpen",
  displayName = "Edge-Preserving Sharpen",
  categories = {"CICategorySharpen", "CICategoryVideo", "CICategoryStillImage"},
  description = "Sharpens where the image has edges and leaves smooth areas alone (Lua plugin).",
  inputs = {
    inputImage = {class = "CIImage", description = "The image to sharpen."},
    inputRadius = {type = "CIAttributeTypeDistance", default = 2, min = 0.5, max = 20, sliderMin = 0.5, sliderMax = 10,
                   description = "Size of the detail that is sharpened, in pixels."},
    inputAmount = {type = "CIAttributeTypeScalar", default = 1, min = 0, max = 5, identity = 0,
                   description = "Strength of the sharpening on edges."},
    inputThreshold = {type = "CIAttributeTypeScalar", default = 0.03, min = 0.001, max = 0.5,
                      description = "Local contrast below which nothing is sharpened."},
  },
  apply = function(f)
    local img, t = f.inputImage, f.inputThreshold
    if f.inputAmount == 0 then return img end
    local extent = img.extent
    local clamped = img:clampedToExtent()
    local sharp = (clamped | CIUnsharpMask{radius = f.inputRadius, intensity = f.inputAmount}):cropped(extent)
    local blur = (clamped | CIGaussianBlur{radius = f.inputRadius}):cropped(extent)
    local mask = blur | CIDifferenceBlendMode{backgroundImage = img}
                      | CIColorControls{saturation = 0}
                      | CIToneCurve{point0 = Vector(0, 0), point1 = Vector(t, 0), point2 = Vector(math.min(2 * t, 0.9), 0.5),
                                    point3 = Vector(math.min(3 * t, 0.95), 1), point4 = Vector(1, 1)}
    return sharp | CIBlendWithMask{backgroundImage = img, maskImage = mask}
  end,
}
