-- stdlib/specials.lua: per-filter adjustments for a result ready to show, lunette.ready,
-- and the barcode generators' sample payloads and crisp enlargement.

local N, P = ...
local checknumber, haskey = P.checknumber, P.haskey

-- Specials: per-filter adjustments for a "ready to show" result (never applied inside
-- Filter itself). prepare(f) sets sample inputs a UI has no control for; input(img)
-- adapts an image input; present(out, target) makes the output presentable.

specials = {}

local function cropBack(out, target) return out:cropped(target) end
local function clampInput(img) return img:clampedToExtent() end
for _, name in ipairs{"CIGaussianBlur", "CIConvolution3X3", "CIConvolution5X5", "CIConvolution9Horizontal",
                      "CIConvolution9Vertical", "CIUnsharpMask", "CISharpenLuminance", "CIBloom", "CIGloom",
                      "CIHighlightShadowAdjust", "CIAffineClamp", "CIAffineTile"} do
  specials[name] = {input = clampInput, present = cropBack}
end
specials.CIConvolution3X3.prepare = function(f) f.inputWeights = kernels.sharpen3 end
specials.CIConvolution5X5.prepare = function(f) f.inputWeights = kernels.gaussian5 end
-- Later neighbourhood filters: clamped and cropped back too, identity-default kernels given samples.
for _, name in ipairs{"CIBoxBlur", "CIDiscBlur", "CIBokehBlur", "CIMotionBlur", "CIZoomBlur", "CIMaskedVariableBlur",
                      "CIMedianFilter", "CIMorphologyMaximum", "CIMorphologyMinimum", "CIMorphologyGradient",
                      "CIMorphologyRectangleMaximum", "CIMorphologyRectangleMinimum", "CIConvolution7X7",
                      "CIConvolutionRGB3X3", "CIConvolutionRGB5X5", "CIConvolutionRGB7X7",
                      "CIConvolutionRGB9Horizontal", "CIConvolutionRGB9Vertical"} do
  specials[name] = {input = clampInput, present = cropBack}
end
local function flat(n) local t = {} for i = 1, n do t[i] = 1 / n end return Vector(t) end
specials.CIConvolution7X7.prepare = function(f) f.inputWeights = flat(49) end
specials.CIConvolutionRGB3X3.prepare = function(f) f.inputWeights = kernels.sharpen3 end
specials.CIConvolutionRGB5X5.prepare = function(f) f.inputWeights = kernels.gaussian5 end
specials.CIConvolutionRGB7X7.prepare = function(f) f.inputWeights = flat(49) end
specials.CIConvolutionRGB9Horizontal.prepare = function(f) f.inputWeights = flat(9) end
specials.CIConvolutionRGB9Vertical.prepare = function(f) f.inputWeights = flat(9) end
-- the accordion folds only between images of different heights: try's stock target keeps its lower 60 %
specials.CIAccordionFoldTransition = {prepare = function(f)
  local t = f.inputTargetImage
  if t then local e = t.extent; f.inputTargetImage = t:cropped(Rect(e.x, e.y, e.width, math.floor(e.height * 0.6))) end
end}
-- a photo (not yet a histogram row) is charted as its 256-bin histogram
specials.CIHistogramDisplayFilter = {input = function(img)
  if img.extent.height <= 1 then return img end
  return img | CIAreaHistogram{extent = img.extent, count = 256}
end}

--- lunette.ready(name, img, inputs, target): the filter with defaults, specials and the
--- given inputs, its output presented for `target` (default: the input image's extent).
function lunette.ready(name, img, inputs, target)
  local f = Filter(name)
  local s = specials[N.filter_get(f, "name")] or {}
  if s.prepare then s.prepare(f) end
  if img ~= nil and haskey(f, "inputImage") then f.inputImage = s.input and s.input(img) or img end
  for k, v in pairs(inputs or {}) do f[k] = v end
  local out = f.outputImage
  target = target or (img and img.extent)
  -- A chain that starts with a generator has no input: each step is presented for what it got.
  if target and Rect.isEmpty(target) then target = img and not Rect.isEmpty(img.extent) and img.extent or nil end
  if s.present and target then out = s.present(out, target) end
  return out, f
end

-- Barcode specials: a sample payload when none is set, and a crisp nearest-neighbour
-- enlargement to the target size (present(out, target) receives a Rect or width, height).

--- The largest whole factor that fits `img` into width×height (at least 1), applied with
--- nearest-neighbour sampling so one-pixel modules stay square and sharp.
function specials.fitNearest(img, width, height)
  if type(width) == "table" then width, height = width.width, width.height end
  checknumber(width, 2, "fitNearest"); checknumber(height, 3, "fitNearest")
  local e = img.extent
  if Rect.isInfinite(e) then error("fitNearest: the image has an infinite extent; crop it first", 2) end
  local k = math.floor(math.min(width / e.width, height / e.height))
  if k < 1 then k = 1 end
  return img:scaledNearest(k)
end

local function defaultMessage(payload, extra)
  return function(f)
    if f.inputMessage == nil or f.inputMessage == "" then
      f.inputMessage = payload
      for k, v in pairs(extra or {}) do f[k] = v end
    end
    return f
  end
end

specials.CIQRCodeGenerator = {
  prepare = defaultMessage("https://example.org", {inputCorrectionLevel = "M"}),
  present = specials.fitNearest,
}
specials.CIAztecCodeGenerator = {prepare = defaultMessage("https://example.org"), present = specials.fitNearest}
specials.CICode128BarcodeGenerator = {prepare = defaultMessage("LUNETTE-0001"), present = specials.fitNearest}
specials.CIPDF417BarcodeGenerator = {prepare = defaultMessage("https://example.org"), present = specials.fitNearest}
specials.CIBarcodeGenerator = {present = specials.fitNearest}
