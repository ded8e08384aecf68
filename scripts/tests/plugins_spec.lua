-- stdlib/plugins.lua and the shipped plugins: registry, validation, rendering, sandbox, kernels.

local photo = Image.load(PHOTO):cropped(Rect(100, 100, 96, 64))
local shipped = {"XSoftGlow", "XFilmLook", "XEdgeSharpen"}

local function maxdiff(a, b)
  local worst = 0
  for _, p in ipairs{{5, 5}, {150, 120}, {190, 160}, {120, 140}} do
    local x, y = p[1], p[2]
    local ca, cb = a:pixel(x, y), b:pixel(x, y)
    for _, k in ipairs{"r", "g", "b", "a"} do worst = math.max(worst, math.abs(ca[k] - cb[k])) end
  end
  return worst
end

it("registers the shipped plugins like native filters", function()
  local names = {}
  for _, n in ipairs(Filter.names()) do names[n] = true end
  for _, n in ipairs(shipped) do
    assert(names[n], n .. " is registered")
    local a = Filter.attributes(n)
    eq(a.CIAttributeFilterName, n)
    assert(#a.CIAttributeFilterCategories > 0)
    assert(Filter.describe(n):find(n .. " — ", 1, true))
    eq(type(_ENV[n]), "function", n .. " step constructor")
  end
  local c = Filter.catalog()
  local seen = 0
  for _, cat in ipairs(c.categories) do for _, r in ipairs(cat.unique) do if r.name == "XSoftGlow" then seen = seen + 1 end end end
  eq(seen, 1, "listed once in the unique catalogue")
end)

it("renders each plugin on a photo, changes it, and keeps the extent", function()
  for _, n in ipairs(shipped) do
    local out = photo:apply(n, {})
    eq(out.extent, photo.extent, n .. " extent")
    assert(maxdiff(out, photo) > 0.01, n .. " changes the photo")
    local p = out:pixel(130, 130)
    assert(p.r == p.r and p.g >= 0 and p.a > 0.99, n .. " gives finite opaque pixels")
  end
end)

it("leaves the photo unchanged at identity values", function()
  near(maxdiff(photo | XSoftGlow{intensity = 0}, photo), 0, 1e-6, "soft glow")
  near(maxdiff(photo | XFilmLook{fade = 0, warmth = 0, grain = 0, vignette = 0}, photo), 0, 1e-6, "film look")
  near(maxdiff(photo | XEdgeSharpen{amount = 0}, photo), 0, 1e-6, "edge sharpen")
end)

it("validates plugin inputs from their descriptors", function()
  expect_error(function() return photo | XSoftGlow{intensity = 2} end, "XSoftGlow.inputIntensity: expected a number in 0…1, got 2")
  expect_error(function() return photo | XSoftGlow{radius = "big"} end, "XSoftGlow.inputRadius: expected a number, got string")
  expect_error(function() return photo | XSoftGlow{bogus = 1} end, "XSoftGlow: no input named 'bogus'")
  local f = Filter("XSoftGlow")
  eq(f.inputRadius, 10)
  f.radius = 4
  f:setDefaults()
  eq(f.inputRadius, 10)
end)

it("declares plugins from source, with errors naming the file", function()
  lunette.loadPlugin([[
    return lunette.filter {
      name = "XTestInvert", categories = {"CICategoryColorEffect"},
      inputs = {inputImage = {}, inputAmount = {default = 1, min = 0, max = 1, identity = 0}},
      apply = function(f)
        local k = f.inputAmount
        return f.inputImage | CIColorMatrix{RVector = Vector(1 - 2 * k, 0, 0, 0), GVector = Vector(0, 1 - 2 * k, 0, 0),
                                            BVector = Vector(0, 0, 1 - 2 * k, 0), BiasVector = Vector(k, k, k, 0)}
      end,
    }]], "test_invert.lua")
  local a = Filter.attributes("XTestInvert")
  eq(a.inputAmount.CIAttributeClass, "NSNumber")
  eq(a.inputImage.CIAttributeClass, "CIImage")
  local out = photo | XTestInvert{}
  near(out:pixel(120, 120).a, 1, 1e-6)
  expect_error(lunette.loadPlugin, "bad.lua:1: plugin XBad: 'apply' (a function) is required",
               "lunette.filter{name = 'XBad'}", "bad.lua")
  expect_error(lunette.loadPlugin, "plugin XBad: inputX: unknown attribute type 'CIAttributeTypeNope'",
               "lunette.filter{name = 'XBad', inputs = {inputX = {type = 'CIAttributeTypeNope', default = 1}}, apply = print}", "bad.lua")
  expect_error(lunette.loadPlugin, "plugin XBad: inputX: default 5 is not valid (expected a number in 0…1, got 5)",
               "lunette.filter{name = 'XBad', inputs = {inputX = {default = 5, min = 0, max = 1}}, apply = print}", "bad.lua")
  expect_error(lunette.loadPlugin, "a built-in filter has that name",
               "lunette.filter{name = 'CISepiaTone', apply = print}", "bad.lua")
  lunette.loadPlugin("lunette.filter{name = 'XRet', inputs = {inputImage = {}}, apply = function() return 1 end}", "ret.lua")
  expect_error(function() return photo | XRet{} end, "apply must return an Image, got number")
end)

it("runs plugin code sandboxed", function()
  lunette.loadPlugin([[
    return lunette.filter {name = "XSneaky", inputs = {inputImage = {}},
      apply = function(f) Image.load("/etc/hostname"); return f.inputImage end}]], "sneaky.lua")
  expect_error(function() return photo | XSneaky{} end, "plugins may not access files")
  lunette.loadPlugin([[
    return lunette.filter {name = "XSpin", inputs = {inputImage = {}},
      apply = function(f) while true do end end}]], "spin.lua")
  expect_error(function() return photo | XSpin{} end, "plugin XSpin: CPU budget of 0.5 s exhausted")
end)

it("runs Lua colour kernels from plugins", function()
  lunette.loadPlugin([[
    local swap = lunette.colorKernel(function(r, g, b, a) return b, g, r, a end)
    return lunette.filter {name = "XSwap", inputs = {inputImage = {}}, apply = function(f) return f.inputImage | swap end}]],
    "swap.lua")
  local small = photo:cropped(Rect(100, 100, 4, 4))
  local a, b = small:pixel(101, 101), (small | XSwap{}):pixel(101, 101)
  near(a.r, b.b, 1e-4); near(a.b, b.r, 1e-4)
end)
