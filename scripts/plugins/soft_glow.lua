-- XSoftGlow: a blurred, brightened copy screened over the image — the dreamy "Orton" glow.
return lunette.filter {
  name = "XSoftGlow",
  displayName = "Soft Glow",
  categories = {"CICategoryStylize", "CICategoryVideo", "CICategoryStillImage"},
  description = "Adds a soft glow: a blurred copy of the image screened over it (Lua plugin).",
  inputs = {
    inputImage = {class = "CIImage", description = "The image to make glow."},
    inputRadius = {type = "CIAttributeTypeDistance", default = 10, min = 0, sliderMin = 0, sliderMax = 50,
                   description = "How far the glow spreads, in pixels (the blur's standard deviation)."},
    inputIntensity = {type = "CIAttributeTypeScalar", default = 0.6, min = 0, max = 1, sliderMin = 0, sliderMax = 1,
                      identity = 0, description = "Strength of the glow: 0 leaves the image unchanged."},
  },
  apply = function(f)
    local img, k = f.inputImage, f.inputIntensity
    if k == 0 then return img end
    local glow = (img:clampedToExtent() | CIGaussianBlur{radius = f.inputRadius}):cropped(img.extent)
    glow = glow | CIColorMatrix{RVector = Vector(k, 0, 0, 0), GVector = Vector(0, k, 0, 0), BVector = Vector(0, 0, k, 0)}
    return glow | CIScreenBlendMode{backgroundImage = img}
  end,
}
