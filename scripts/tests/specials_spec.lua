-- stdlib/specials.lua: ready-to-show results (lunette.ready, specials).

it("clamps before a blur and crops after it", function()
  local img = Image.load(PHOTO)
  local plain = img | CIGaussianBlur{radius = 2}
  local ready = lunette.ready("CIGaussianBlur", img, {radius = 2})
  eq(ready.extent, img.extent)
  assert(plain.extent.width > img.width)
  -- at the corner the plain blur mixes in transparent black; the ready one does not
  assert(plain:pixel(0, 0).a < 0.9)
  near(ready:pixel(0, 0).a, 1, 1e-5)
  local viaStep = CIGaussianBlur{radius = 2}:apply(img, {present = true})
  eq(viaStep:pixel(3, 3), ready:pixel(3, 3))
end)

it("prepares sample inputs", function()
  local _, f = lunette.ready("CIConvolution3X3", Image.load(PHOTO))
  eq(f.inputWeights, kernels.sharpen3)
  local _, g = lunette.ready("CIConvolution3X3", Image.load(PHOTO), {weights = kernels.emboss3})
  eq(g.inputWeights, kernels.emboss3)
end)

it("lets scripts add and override specials", function()
  specials.CISepiaTone = {prepare = function(f) f.inputIntensity = 0.25 end}
  local _, f = lunette.ready("CISepiaTone", Image.load(PHOTO))
  eq(f.inputIntensity, 0.25)
end)

it("gives barcodes a sample payload and a crisp whole-factor enlargement", function()
  local qr, f = lunette.ready("CIQRCodeGenerator", nil, nil, Rect(0, 0, 100, 60))
  eq(f.inputMessage, "https://example.org"); eq(f.inputCorrectionLevel, "M")
  local side = qr.extent.width
  assert(side <= 60 and side > 30, "fits 100×60 by a whole factor: " .. tostring(qr.extent))
  local _, g = lunette.ready("CICode128BarcodeGenerator", nil, {message = "ABC"})
  eq(g.inputMessage, "ABC", "a message set by the caller stays")
  local small = Image.new(3, 2, function() return Color(1, 1, 1) end)
  eq(specials.fitNearest(small, 10, 10).extent, Rect(0, 0, 9, 6))
  eq(specials.fitNearest(small, Rect(0, 0, 2, 2)).extent, Rect(0, 0, 3, 2), "at least 1")
  expect_error(function() specials.fitNearest(small, "a", 1) end, "bad argument #2 to 'fitNearest'")
end)
