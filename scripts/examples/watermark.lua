-- watermark.lua: a line of text set in the lower-right corner of a photo, white over a
-- soft shadow, composited in linear light (HarfBuzz shapes it, FreeType renders it).
--   lunette run scripts/examples/watermark.lua photo.jpg out.jpg "© 2026 Ada" ["DejaVu Sans"]
local input, out, text, font = arg[1], arg[2], arg[3], arg[4] or "DejaVu Sans"
if not input or not out or not text then
  error('usage: lunette run watermark.lua IN OUT TEXT ["FONT NAME"]', 0)
end
local photo = Image.load(input)
local e = photo.extent
local size = math.max(10, e.height / 28)            -- points; one pixel per point
local margin = size

-- Black text on transparent, made white at 85 % opacity.
local ink = Image.apply(nil, "CITextImageGenerator", {text = text, fontName = font, fontSize = size})
local label = ink:apply("CIColorMatrix", {RVector = Vector(0, 0, 0, 0), GVector = Vector(0, 0, 0, 0),
                                          BVector = Vector(0, 0, 0, 0), AVector = Vector(0, 0, 0, 0.85),
                                          BiasVector = Vector(1, 1, 1, 0)})
local shadow = ink:apply("CIGaussianBlur", {radius = size / 8}):apply("CIColorMatrix",
  {AVector = Vector(0, 0, 0, 0.6)})
local at = Transform.translate(e.x + e.width - label.width - margin, e.y + margin)
local marked = label:transformed(at)
  :apply("CISourceOverCompositing", {backgroundImage = shadow:transformed(at:translated(size / 16, -size / 16))})
  :apply("CISourceOverCompositing", {backgroundImage = photo})
  :cropped(e)
marked:save(out)
print(string.format("%s: %d×%d, \"%s\" in %s %.0f pt", out, marked.width, marked.height, text, font, size))
