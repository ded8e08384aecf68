-- Specials and kernels: ready-to-show results.

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

it("ships named kernels of the right sizes", function()
  for name, k in pairs(kernels) do
    local n = name:match("(%d)$")
    eq(#k, tonumber(n) * tonumber(n), name)
  end
  local sum = 0
  for i = 1, #kernels.gaussian5 do sum = sum + kernels.gaussian5[i] end
  near(sum, 1, 1e-12, "gaussian5 sums to 1")
end)

it("lets scripts add and override specials", function()
  specials.CISepiaTone = {prepare = function(f) f.inputIntensity = 0.25 end}
  local _, f = lunette.ready("CISepiaTone", Image.load(PHOTO))
  eq(f.inputIntensity, 0.25)
end)

it("pretty-prints values with limits", function()
  eq(lunette.pretty({b = 1, a = "x", 3}), '{3, a = "x", b = 1}')
  eq(lunette.pretty({{{{1}}}}), "{{{{…}}}}")
  eq(lunette.pretty(Rect(0, 0, 1, 2)), "Rect(0, 0, 1, 2)")
  local big = {}
  for i = 1, 100 do big[i] = i end
  assert(lunette.pretty(big, {items = 5}):find("… (95 more)", 1, true))
  local cyc = {}
  cyc.self = cyc
  eq(lunette.pretty(cyc), "{self = <cycle>}")
  eq(lunette.pretty(Image.load(PHOTO)), "Image 512×512 @ (0, 0)")
end)
