-- showcase.lua: a few looks on one photo, each written as a PNG.
-- usage: lunette run scripts/examples/showcase.lua PHOTO.png OUTDIR

local input, outdir = arg[1], arg[2] or "out"
if not input then
  io.stderr:write("usage: lunette run showcase.lua PHOTO.png [OUTDIR]\n")
  os.exit(1)
end

local photo = Image.load(input)
local extent = photo.extent
local written = {}

local function save(img, name)
  local path = outdir .. "/" .. name .. ".png"
  img:save(path)
  written[#written + 1] = path
  print(string.format("%-44s %s", path, tostring(img)))
end

-- 1. Sepia print: warm tones, a little extra contrast and a vignette (all point
--    operations: they render fused, in one pass per tile).
save(photo | CISepiaTone{intensity = 0.9}
           | CIColorControls{contrast = 1.1, saturation = 1.1}
           | CIVignette{intensity = 1, radius = 1.5}, "sepia-vignette")

-- 2. Soft focus with clean edges: clamp before the blur, crop back after it
--    (without the clamp the transparent surroundings would darken the border).
save((photo:clampedToExtent() | CIGaussianBlur{radius = 6}):cropped(extent), "blur-clamp-crop")

-- 3. Cross-process look with a colour matrix: swap some green into red, lift blue shadows.
save(photo | CIColorMatrix{
  RVector = Vector(1.1, 0.15, 0, 0),
  GVector = Vector(0, 1.0, 0.05, 0),
  BVector = Vector(0, 0.1, 0.75, 0),
  BiasVector = Vector(0, 0, 0.04, 0),
}, "cross-process")

-- 4. Sharpen with a 3×3 convolution (Core Image weight order, top row first).
save((photo:clampedToExtent() | CIConvolution3X3{weights = Vector(0, -1, 0, -1, 5, -1, 0, -1, 0)}):cropped(extent),
     "sharpen")

-- 5. A tilted print on a paper-coloured card: affine transform, then source-over.
local w, h = extent.width, extent.height
local tilt = Transform.translate(-w / 2, -h / 2):rotated(math.rad(-6)):translated(w / 2 + 40, h / 2 + 40)
local card = Image.color(Color"#efe6d2"):cropped(Rect(0, 0, w + 80, h + 80))
save(photo:transformed(tilt) | CISourceOverCompositing{backgroundImage = card}, "tilted-print")

-- 6. Plugins written in Lua behave like native filters: a soft glow and a film look.
save(photo | XSoftGlow{radius = 12, intensity = 0.7}, "soft-glow")
save(photo | XFilmLook{fade = 0.4, warmth = 0.6, grain = 0.4}, "film-look")

-- 7. A QR code, presented crisp at 8× with nearest-neighbour scaling.
local qr = Image.apply(nil, "CIQRCodeGenerator", {message = "https://example.org/lunette", correctionLevel = "Q"})
save(qr:scaledNearest(8), "qr-code")

print(string.format("wrote %d images into %s/", #written, outdir))
