-- XFilmLook: a VidClips-style film look — faded blacks, warm tint, gentle contrast,
-- film grain and a vignette, each with its own strength.
return lunette.filter {
  name = "XFilmLook",
  displayName = "Film Look",
  categories = {"CICategoryColorEffect", "CICategoryVideo", "CICategoryStillImage"},
  description = "Gives the image a warm, faded film look with grain and a vignette (Lua plugin).",
  inputs = {
    inputImage = {class = "CIImage", description = "The image to restyle."},
    inputFade = {type = "CIAttributeTypeScalar", default = 0.3, min = 0, max = 1, identity = 0,
                 description = "How much the blacks are lifted and the whites dimmed."},
    inputWarmth = {type = "CIAttributeTypeScalar", default = 0.5, min = -1, max = 1, identity = 0,
                   description = "Warm (positive) or cool (negative) colour cast."},
    inputGrain = {type = "CIAttributeTypeScalar", default = 0.3, min = 0, max = 1, identity = 0,
                  description = "Strength of the film grain."},
    inputVignette = {type = "CIAttributeTypeScalar", default = 0.8, min = 0, max = 2, identity = 0,
                     description = "Darkening towards the corners."},
  },
  apply = function(f)
    local img = f.inputImage
    local extent = img.extent
    local fade, warm, grain, vignette = f.inputFade, f.inputWarmth, f.inputGrain, f.inputVignette
    local out = img
    if fade > 0 then
      local lo, hi = 0.12 * fade, 1 - 0.08 * fade
      out = out | CIToneCurve{point0 = Vector(0, lo), point1 = Vector(0.25, lo + 0.25 * (hi - lo) * 0.9),
                              point2 = Vector(0.5, lo + 0.5 * (hi - lo)), point3 = Vector(0.75, lo + 0.75 * (hi - lo) * 1.02),
                              point4 = Vector(1, hi)}
            | CIColorControls{saturation = 1 - 0.25 * fade}
    end
    if warm ~= 0 then
      local w = 0.08 * warm
      out = out | CIColorMatrix{RVector = Vector(1 + w, 0, 0, 0), BVector = Vector(0, 0, 1 - w, 0)}
    end
    if grain > 0 then
      local g = 0.35 * grain
      local noise = (Filter("CIRandomGenerator").outputImage
                     | CIColorMatrix{RVector = Vector(g, 0, 0, 0), GVector = Vector(g, 0, 0, 0), BVector = Vector(g, 0, 0, 0),
                                     AVector = Vector(0, 0, 0, 0), BiasVector = Vector(0.5 - g / 2, 0.5 - g / 2, 0.5 - g / 2, 1)})
                    :cropped(extent)
      out = noise | CISoftLightBlendMode{backgroundImage = out}
    end
    if vignette > 0 then
      out = out | CIVignette{intensity = vignette, radius = 1.2}
    end
    return out:cropped(extent)
  end,
}
