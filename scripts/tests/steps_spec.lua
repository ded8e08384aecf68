-- stdlib/steps.lua: steps, a constructor per filter, unknown filter names, kernels.

it("applies steps with | and img:apply", function()
  local img = Image.load(PHOTO)
  local a = img | CISepiaTone{intensity = 0.5} | CIGaussianBlur{radius = 1}
  eq(a.extent, Rect(-4, -4, 520, 520))
  local b = img:apply("CISepiaTone", {inputIntensity = 0.5})
  eq(b:pixel(100, 100), (img | CISepiaTone{intensity = 0.5}):pixel(100, 100))
  eq(img:apply(CIExposureAdjust{EV = 1}):pixel(5, 5), (img | CIExposureAdjust{EV = 1}):pixel(5, 5))
  eq(tostring(CISepiaTone{intensity = 0.5}), "CISepiaTone{intensity = 0.5}")
  eq(tostring(CICrop{rectangle = Rect(0, 0, 2, 2)}), "CICrop{rectangle = Rect(0, 0, 2, 2)}")
  local step = load("return " .. tostring(CIColorMatrix{RVector = Vector(1, 0, 0, 0)}))()
  eq(step.inputs.RVector, Vector(1, 0, 0, 0))
  expect_error(function() return CISepiaTone(5) end, "bad argument #1 to 'CISepiaTone' (table expected, got number)")
  expect_error(function() return img | CISepiaTone{bogus = 1} end, "CISepiaTone: no input named 'bogus'")
  expect_error(function() return img:apply(5) end, "bad argument #2 to 'apply' (filter name or step expected, got number)")
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

it("joins steps into a chain with |", function()
  local c = CISepiaTone{intensity = 0.5} | CIGaussianBlur{radius = 1}
  eq(lunette.typename(c), "Chain")
  eq(#c, 2)
  eq(c[1].filter, "CISepiaTone"); eq(c[2].filter, "CIGaussianBlur")
  local d = CIColorInvert{} | c
  eq(#d, 3, "a step then a chain: the chain's steps follow")
  local img = Image.load(PHOTO)
  eq((img | c):pixel(200, 200), (img | CISepiaTone{intensity = 0.5} | CIGaussianBlur{radius = 1}):pixel(200, 200))
  expect_error(function() return CISepiaTone{} | 5 end, "bad argument #2 to '|' (step expected, got number)")
end)

it("names a misspelled filter instead of calling nil", function()
  expect_error(function() return CIGausianBlur{radius = 2} end, "unknown filter 'CIGausianBlur' (did you mean CIGaussianBlur?)")
  eq(rawget(_ENV, "NotAFilter"), nil)
  eq(NotAFilter, nil, "only CI names are filter names")
end)

it("defines a step constructor for a filter added later", function()
  lunette.filter{name = "XStepsSpecDim", inputs = {inputImage = {}, inputEV = {default = -1}},
                 apply = function(f) return f.inputImage | CIExposureAdjust{EV = f.inputEV} end}
  PRIVATE.defineStep("XStepsSpecDim")
  eq(tostring(XStepsSpecDim{EV = -2}), "XStepsSpecDim{EV = -2}")
  expect_error(function() return XStepsSpecDim{bogus = 1} end, "XStepsSpecDim: no input named 'bogus'")
end)
