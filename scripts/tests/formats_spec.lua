-- Formats (issue 21): load options, properties, save options for every format.
local F = os.getenv("LUNETTE_SPEC_FORMATS")

it("loads every format, upright and colour managed by default", function()
  for _, name in ipairs{"baseline.jpg", "lossy.webp", "rgb-lzw.tif", "photo.heic", "display-p3.png"} do
    local img = Image.load(F .. "/" .. name)
    eq(img.width > 0, true)
  end
  eq(Image.load(F .. "/orient6.jpg").extent, Rect(0, 0, 24, 16))
  eq(Image.load(F .. "/orient6.jpg", {orient = false}).extent, Rect(0, 0, 16, 24))
  eq(Image.load(F .. "/pages.tif", {page = 2}).extent, Rect(0, 0, 48, 36))
  eq(Image.load(F .. "/baseline.jpg", {shrink = 4}).extent, Rect(0, 0, 12, 9))
  expect_error(function() Image.load(F .. "/baseline.jpg", {shrink = 3}) end, "must be 1, 2, 4 or 8")
end)

it("exposes EXIF fields as properties", function()
  local p = Image.load(F .. "/orient6.jpg").properties
  eq(p.Orientation, 6)
  eq(p.TIFF.Make, "Lunette")
  eq(p.Format, "jpeg")
  eq(next(Image.color(Color(1, 0, 0)):cropped(Rect(0, 0, 2, 2)).properties), nil)
end)

it("keeps values outside sRGB unless colorSpace = false", function()
  local managed = Image.load(F .. "/display-p3.png")
  local raw = Image.load(F .. "/display-p3.png", {colorSpace = false})
  -- P3 green (top row, x = 5) has negative red in the working space; raw keeps 0
  eq(managed:pixel(5, 7).r < -0.1, true)
  near(raw:pixel(5, 7).r, 0, 1e-6)
  eq(managed.properties.ProfileName, "Display P3")
end)

it("saves by extension or format, with checked options", function()
  local img = Image.load(F .. "/baseline.jpg")
  for _, ext in ipairs{"jpg", "webp", "tif", "png"} do
    local path = SPEC_TMP .. "/out." .. ext
    img:save(path, {quality = 80})
    eq(Image.load(path).extent, img.extent)
  end
  img:save(SPEC_TMP .. "/forced.bin", {format = "jpeg", progressive = true, subsampling = 444})
  eq(Image.load(SPEC_TMP .. "/forced.bin").properties.Progressive, 1)
  img:save(SPEC_TMP .. "/p3.jpg", {colorSpace = "display-p3", strip = true})
  eq(Image.load(SPEC_TMP .. "/p3.jpg").properties.ProfileName, "Display P3")
  local rotated = Image.load(F .. "/orient6.jpg")
  local inverted = rotated | CIColorInvert{}
  inverted:save(SPEC_TMP .. "/kept.jpg", {metadata = rotated})
  eq(Image.load(SPEC_TMP .. "/kept.jpg").properties.TIFF.Make, "Lunette")
  eq(Image.load(SPEC_TMP .. "/kept.jpg").properties.Orientation, 1)
  inverted:save(SPEC_TMP .. "/bare.jpg")
  eq(Image.load(SPEC_TMP .. "/bare.jpg").properties.TIFF, nil)   -- a filter's output carries no EXIF
  expect_error(function() img:save(SPEC_TMP .. "/x.jpg", {qualty = 80}) end, "unknown option 'qualty'")
  expect_error(function() img:save(SPEC_TMP .. "/x.bmp") end, "unknown output format '.bmp'")
  expect_error(function() img:save(SPEC_TMP .. "/x.jpg", {colorSpace = "cmyk"}) end, "colorSpace must be one of")
  expect_error(function() Image.load(F .. "/baseline.jpg", {orientation = false}) end, "unknown option 'orientation'")
end)

it("keeps linear values beyond [0, 1] through OpenEXR", function()
  local bright = Image.color(Color(1, 0.5, 0.25)):cropped(Rect(0, 0, 4, 4)) | CIExposureAdjust{EV = 2}
  local want = bright:pixel(1, 1)
  eq(want.r > 1.5, true)   -- 4 in linear light: pixel() gives the sRGB-encoded value, extended
  bright:save(SPEC_TMP .. "/hdr.exr")
  local half = Image.load(SPEC_TMP .. "/hdr.exr")
  near(half:pixel(1, 1).r, want.r, want.r / 1024)
  near(half:pixel(1, 1).g, want.g, want.g / 1024)
  eq(half.properties.Format, "exr")
  eq(half.properties.Depth, 16)
  bright:save(SPEC_TMP .. "/float.exr", {depth = 32})
  local float = Image.load(SPEC_TMP .. "/float.exr")
  eq(float.properties.Depth, 32)
  near(float:pixel(1, 1).r, want.r, 1e-6)
  expect_error(function() bright:save(SPEC_TMP .. "/p3.exr", {colorSpace = "display-p3"}) end, "OpenEXR holds linear values")
end)
