-- stdlib/stock.lua: stock inputs and lunette.try, what `lunette try`, `:try` and the gallery show.

stock.size = 64  -- small photos keep these checks fast

it("fills image inputs by role", function()
  local out, f = lunette.try("CISourceOverCompositing")
  eq(f.inputImage.extent, Rect(0, 0, 64, 64), "astronaut scaled to 64")
  near(f.inputImage:pixel(0, 0).a, 1, 1e-6, "a scaled photo stays opaque at its edges")
  near(f.inputImage:pixel(63, 63).a, 1, 1e-6)
  -- the coffee photo (3:2) is scaled and cropped to cover the astronaut's canvas
  eq(f.inputBackgroundImage.extent, Rect(0, 0, 64, 64))
  eq(out.extent, Rect(0, 0, 64, 64))
  local _, t = lunette.try("CIDissolveTransition")
  eq(t.inputTargetImage.extent, Rect(0, 0, 64, 64))
  eq(t.inputTime, 0.5, "stock.inputs sets a mid-transition time")
end)

it("builds the mask and the gradient strip itself", function()
  local _, f = lunette.try("CIBlendWithMask")
  local mask = f.inputMaskImage
  eq(mask.extent, Rect(0, 0, 64, 64))
  near(mask:pixel(32, 32).a, 1, 1e-6, "opaque white in the middle")
  near(mask:pixel(32, 32).g, 1, 1e-6)
  near(mask:pixel(0, 0).a, 0, 1e-6, "clear in the corners")
  local _, m = lunette.try("CIColorMap")
  local strip = m.inputGradientImage
  eq(strip.extent, Rect(0, 0, 256, 8))
  assert(strip:pixel(0, 4).r < 0.1 and strip:pixel(255, 4).r > 0.9, "dark to light")
end)

it("lets scripts change the roles and the stock", function()
  stock.roles.inputBackgroundImage = "astronaut"
  local _, f = lunette.try("CIMultiplyCompositing")
  eq(f.inputBackgroundImage:pixel(10, 10), f.inputImage:pixel(10, 10))
  stock.roles.inputBackgroundImage = "coffee"
  stock.images.flat = function(canvas) return Image.color(Color(1, 0, 0)):cropped(canvas) end
  stock.roles.inputImage = "flat"
  local out = lunette.try("CIColorInvert")
  eq(out.extent, Rect(0, 0, 512, 512), "a generated inputImage sets the canvas")
  near(out:pixel(5, 5).g, 1, 1e-6)
  stock.roles.inputImage = "astronaut"
  stock.roles.inputMaskImage = "nothing"
  expect_error(function() lunette.try("CIBlendWithMask") end, "no stock image 'nothing'")
  stock.roles.inputMaskImage = "mask"
end)

it("applies specials, then the given inputs", function()
  local _, f = lunette.try("CIConvolution3X3")
  eq(f.inputWeights, kernels.sharpen3, "prepare ran")
  local blurred = lunette.try("CIGaussianBlur", {radius = 2})
  eq(blurred.extent, Rect(0, 0, 64, 64), "present cropped the blur back")
  near(blurred:pixel(0, 0).a, 1, 1e-5, "clamped before blurring")
  local _, g = lunette.try("CIExposureAdjust", {EV = 1.5})
  eq(g.inputEV, 1.5)
  local mine = Image.color(Color(0, 0, 1)):cropped(Rect(0, 0, 10, 20))
  local out = lunette.try("CIGaussianBlur", {inputImage = mine, radius = 2})
  eq(out.extent, Rect(0, 0, 10, 20), "a given inputImage becomes the target")
end)

it("crops generators to the canvas and enlarges barcodes", function()
  local out = lunette.try("CICheckerboardGenerator")
  eq(out.extent, Rect(0, 0, 64, 64))
  eq(lunette.try("CIStarShineGenerator").extent, Rect(0, 0, 64, 64), "the star shine (infinite, as Apple's) is framed too")
  local qr, f = lunette.try("CIQRCodeGenerator", {message = "hi"})
  assert(qr.extent.width <= 64 and qr.extent.width >= 32, "scaled to fit: " .. tostring(qr.extent))
  eq(f.inputMessage, "hi")
end)

it("parses key=value arguments as Lua values", function()
  local v = PRIVATE.tryargs{"radius=4", "center = Vector(1, 2)", "message=hello", "angle=math.pi/2",
                            "text=two words", "flag=true"}
  eq(v.radius, 4); eq(v.center, Vector(1, 2)); eq(v.message, "hello"); eq(v.text, "two words")
  near(v.angle, math.pi / 2, 1e-15); eq(v.flag, true)
  expect_error(function() PRIVATE.tryargs{"radius"} end, "expected key=value")
  expect_error(function() PRIVATE.tryargs{"x=error('boom')"} end, "boom")
  expect_error(function() lunette.try("CIGaussianBlur", PRIVATE.tryargs{"radius=abc"}) end, "inputRadius")
end)

it("gives any other image input the `other` stock image", function()
  lunette.loadPlugin([[
    lunette.filter{name = "XTexture", inputs = {inputImage = {class = "CIImage"}, inputTextureImage = {class = "CIImage"}},
      apply = function(f) return f.inputImage | CIMultiplyBlendMode{backgroundImage = f.inputTextureImage} end}
  ]], "xtexture.lua")
  local out, f = lunette.try("XTexture")
  eq(f.inputTextureImage:pixel(20, 30), stock.image("chelsea", f.inputImage.extent):pixel(20, 30))
  eq(out.extent, Rect(0, 0, 64, 64))
end)
