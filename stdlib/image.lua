-- stdlib/image.lua: the Image type (load, save, geometry, pixels) and img:apply.

local N, P = ...
local getmt = debug.getmetatable
local argerror, typename = P.argerror, P.typename

Image = {}
local imagemt = N.metatable("Image")
local imageprops = {
  extent = N.image_extent,
  width = function(img) return N.image_extent(img).width end,
  height = function(img) return N.image_extent(img).height end,
  -- issue 21: EXIF/TIFF/GPS fields of a loaded file (CIImage.properties); {} for made images
  properties = N.image_properties,
}
imagemt.__index = function(img, k)
  local m = Image[k]
  if m ~= nil then return m end
  local p = imageprops[k]
  if p then return p(img) end
  return nil
end
imagemt.__tostring = N.image_tostring
imagemt.__close = N.release
--- Image.load(path[, {colorSpace = false, orient = false, page = 2, shrink = 4}]): PNG, JPEG, WebP, TIFF, HEIF, AVIF
Image.load = N.image_load
--- img:save(path[, {format = "jpeg", quality = 90, progressive = true, colorSpace = "display-p3", strip = true, depth = 16}])
Image.save = N.image_save
Image.color = N.image_color
Image.cropped = N.image_cropped
Image.transformed = N.image_transformed
Image.clampedToExtent = N.image_clamped
--- img:samplingNearest() / img:samplingLinear(): how later warps read it (Core Image's sampling modes).
Image.samplingNearest, Image.samplingLinear = N.image_samplingNearest, N.image_samplingLinear
Image.pixel = N.image_pixel
--- img:scaledNearest(k): k× larger with nearest-neighbour sampling (crisp generator output).
Image.scaledNearest = N.image_scaledNearest
--- Image.new(w, h, function(x, y) return Color(…) end): a small synthetic image.
Image.new = N.image_new
-- Reductions as numbers (LuaNatives+Reductions.swift); as images they are CIAreaAverage & co.
--- img:average([rect]) → Color; img:minMax([rect]) → Color, Color (per-component min, max)
Image.average, Image.minMax = N.image_average, N.image_minMax
--- img:histogram{bins = 256, rect = r} → {r = {…}, g = {…}, b = {…}, a = {…}} pixel counts per bin
--- img:kmeans{count = 8, passes = 5, perceptual = false, rect = r} → Colors, their shares of the area
Image.histogram, Image.kmeans = N.image_histogram, N.image_kmeans

local function haskey(f, key)
  for _, k in ipairs(f:keys()) do if k == key then return true end end
  return false
end

--- img:apply("CISepiaTone", {intensity = 0.8}) or img:apply(step): the "input" prefix is optional.
--- A generator (no inputImage) ignores `img`: `img | CIQRCodeGenerator{…}` starts a new chain.
function Image.apply(img, name, params)
  if getmt(name) == Step then return name:apply(img) end
  if type(name) ~= "string" then argerror(2, "apply", "filter name or step", typename(name)) end
  if params ~= nil and type(params) ~= "table" then argerror(3, "apply", "table", typename(params)) end
  local f = Filter(name)
  if haskey(f, "inputImage") then f.inputImage = img end
  for k, v in pairs(params or {}) do f[k] = v end
  return f.outputImage
end

P.imagemt, P.imageprops, P.haskey = imagemt, imageprops, haskey
