-- Fuzz findings (FuzzLua) as focused regressions: each of these was a Swift trap or a
-- stack overflow; now each is a clean, catchable Lua error. Full generated programs that
-- crashed are replayed by Tests/LuaBridgeTests/FuzzRegressionTests.swift.

local img = Image.color(Color(0.5, 0.25, 1, 1)):cropped(Rect(0, 0, 8, 8))

it("rejects non-integral, infinite and huge save options instead of trapping", function()
  local out = SPEC_TMP .. "/opts.png"
  for _, d in ipairs{0/0, math.huge, -math.huge, 2^63, -2^63, 1e300, 12.5} do
    expect_error(function() img:save(out, {depth = d}) end, "option 'depth' must be a whole number in 8…16")
    expect_error(function() img:save(out, {compression = d}) end, "option 'compression' must be a whole number in 0…9")
  end
  expect_error(function() img:save(out, {depth = 12}) end, "PNG depth must be 8 or 16, got 12")
  img:save(out, {depth = 16, compression = 0})
end)

it("rejects pixel coordinates that are not finite numbers", function()
  for _, v in ipairs{0/0, math.huge, -math.huge, 1e300, -2^63} do
    expect_error(function() return img:pixel(v, 0) end, "bad argument #2 to 'pixel' (finite coordinate expected, got number)")
    expect_error(function() return img:pixel(0, v) end, "bad argument #3 to 'pixel' (finite coordinate expected, got number)")
  end
  eq(img:pixel(7.9, 0.2).a, 1, "alpha inside")
  eq(img:pixel(-1e12, 3).a, 0, "far outside is transparent")
end)

it("turns absurd Image.new sizes into limit errors before calling the function", function()
  local called = false
  local function f() called = true; return Color(1, 1, 1, 1) end
  expect_error(function() return Image.new(1e300, 1, f) end, "exceeds the side limit")
  expect_error(function() return Image.new(1, 2^63, f) end, "exceeds the side limit")
  expect_error(function() return Image.new(50000, 50000, f) end, "pixels exceeds the limit")
  expect_error(function() return Image.new(math.huge, 1, f) end, "bad argument #1 to 'new' (positive whole number expected")
  expect_error(function() return Image.new(1, 0/0, f) end, "bad argument #2 to 'new' (positive whole number expected")
  eq(called, false, "pixel function called")
end)

it("rejects scale factors that do not fit an integer", function()
  for _, k in ipairs{0/0, math.huge, 1e300, 2.5} do
    expect_error(function() return img:scaledNearest(k) end, "bad argument #2 to")
  end
  eq(img:scaledNearest(3).extent, Rect(0, 0, 24, 24))
end)

it("stops chains deeper than the graph depth limit with a catchable error", function()
  local x = img
  local err = expect_error(function() for i = 1, 5000 do x = x | CIColorInvert{} end end,
                           "the image graph is 2049 steps deep, more than the limit of 2048")
  eq(x.extent, Rect(0, 0, 8, 8), "the last good image stays usable")
  expect_error(function() for i = 1, 3000 do x = x:transformed(Transform.translate(1, 0)) end end,
               "transformed: the image graph is 2049 steps deep")
  expect_error(function() for i = 1, 3000 do x = x:clampedToExtent():cropped(Rect(0, 0, 8, 8)) end end,
               "steps deep")
end)

it("does not spend quadratic time suggesting names for huge keys", function()
  local f = Filter("CIGaussianBlur")
  local key = string.rep("r", 200000)
  expect_error(function() f[key] = 1 end, "CIGaussianBlur: no input named")
  expect_error(function() return Filter(key) end, "unknown filter")
end)

it("renders images with huge finite extents as limit errors", function()
  local inf = Image.color(Color(1, 0, 0, 1))
  expect_error(function() inf:cropped(Rect(0, 0, 1e200, 1e200)):save(SPEC_TMP .. "/huge.png") end, "exceeds the side limit")
  expect_error(function() inf:cropped(Rect(1e15, 0, 4, 4)):save(SPEC_TMP .. "/far.png") end, "too far away to render")
end)

it("caps numeric filter inputs so derived kernels and sizes stay allocatable", function()
  local f = Filter("CIGaussianBlur")
  expect_error(function() f.radius = 2e6 end, "CIGaussianBlur.inputRadius: 2000000 is beyond the limit of ±1000000 for numeric inputs")
  expect_error(function() return img | CIBloom{radius = 1e300} end, "beyond the limit of ±1000000")
  f.radius = 3
  eq(f.radius, 3)
end)

it("refuses, before allocating, a warp that needs an impossibly large region", function()
  local checker = Filter("CICheckerboardGenerator").outputImage
  expect_error(function() return checker:transformed(Transform.scale(1e-6)):cropped(Rect(0, 0, 4, 4)):pixel(1, 1) end,
               "render: a warp step needs 1000002×1000002 pixels of its input for one tile")
  local c = checker:transformed(Transform.scale(0.5)):cropped(Rect(0, 0, 4, 4)):pixel(1, 1)
  eq(c.a, 1, "a moderate downscale renders")
end)

it("clamps and scales images whose finite extent is astronomically large", function()
  local huge = Image.color(Color(1, 0, 0, 1)):cropped(Rect(0, 0, 1e200, 1e200))
  eq(huge:clampedToExtent():cropped(Rect(0, 0, 4, 4)):pixel(1, 1).a, 1)
  eq((huge | CIAffineTile{}):cropped(Rect(0, 0, 4, 4)):pixel(1, 1).a, 1)
end)
