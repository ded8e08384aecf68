-- stdlib/repl.lua: the REPL's completion, error text and meta-commands (Swift calls them
-- through the private table, PRIVATE.repl).

local complete = PRIVATE.repl.complete

it("completes input keys inside a step's table", function()
  local got = complete("ra", "CIGaussianBlur{ra")
  eq(#got, 1); eq(got[1], "radius")
  eq(complete("E", "CIExposureAdjust{E")[1], "EV")
  eq(complete("inputR", "x = CIGaussianBlur{inputR")[1], "inputRadius")
  eq(complete("bias", "CIColorMatrix{RVector = Vector(1, 0, 0, 0), bias")[1], "biasVector")
  eq(complete("Bias", "CIColorMatrix{Bias")[1], "BiasVector")
  eq(complete("Ra", "CIGaussianBlur{Ra")[1], "Radius")
  local keys = complete("", "CISourceOverCompositing{")
  eq(#keys, 1); eq(keys[1], "backgroundImage")
  -- after `=` a value follows, not a key
  for _, c in ipairs(complete("ra", "CIGaussianBlur{radius = ra")) do assert(c ~= "radius", "no key after =") end
end)

it("completes file names inside string literals", function()
  local dir = SPEC_TMP .. "/complete"
  os.execute("mkdir -p '" .. dir .. "/photos'")
  Image.color(Color(1, 0, 0)):cropped(Rect(0, 0, 2, 2)):save(dir .. "/photos/one-photo.png")
  local f = complete("ph", 'Image.load("' .. dir .. '/ph')
  eq(#f, 1); eq(f[1], "photos/")
  local g = complete("ph", 'Image.load("' .. dir .. '/photos/one-ph')
  eq(#g, 1); eq(g[1], "photo.png", "only the part after the word break")
  local h = complete("", "img:save('" .. dir .. "/photos/")
  eq(h[1], "one-photo.png")
  eq(#complete("ph", 'x = 1 -- "' .. dir .. '/ph'), 0, "not in a comment")
  eq(complete("CISepiaT", 'Filter("CISepiaT')[1], "CISepiaTone", "filter names still win in Filter(\"")
end)

it("shows errors at the user's line, with only the user's frames", function()
  local state, msg = PRIVATE.repl.eval("local img = Image.color(Color(1, 0, 0)) | nil")
  eq(state, "error")
  eq(msg, "stdin:1: bad argument #2 to '|' (step expected, got nil)", "one line, no stdlib.lua frames")
  PRIVATE.repl.eval("function inner() local t = nil; return t.x end")
  PRIVATE.repl.eval("function outer() local v = inner(); return v end")
  state, msg = PRIVATE.repl.eval("outer()")
  eq(state, "error")
  assert(msg:find("^stdin:1: attempt to index a nil value") and msg:find("in function 'inner'"), msg)
  assert(not msg:find("stdlib.lua") and not msg:find("%[C%]"), msg)
end)

it("runs :try in the REPL and leaves the filter in _", function()
  expect_error(function() PRIVATE.repl.command(":try CISepiaTone intensity=0.3") end, "previews need a terminal")
  eq(_.name, "CISepiaTone")
  eq(_.inputIntensity, 0.3)
  expect_error(function() PRIVATE.repl.command(":try") end, "usage: :try NAME")
  local names = PRIVATE.repl.complete("CISep", ":try CISep")
  eq(names[1], "CISepiaTone")
end)

it("completes globals, methods, image properties and filter inputs", function()
  spec_filter, spec_image = Filter("CIGaussianBlur"), Image.color(Color(1, 0, 0))
  eq(complete("spec_filter.inputRa", "spec_filter.inputRa")[1], "spec_filter.inputRadius")
  eq(complete("spec_filter:se", "spec_filter:se")[1], "spec_filter:setDefaults")
  eq(complete("spec_image:clampedTo", "spec_image:clampedTo")[1], "spec_image:clampedToExtent")
  eq(complete("spec_image.ext", "spec_image.ext")[1], "spec_image.extent")
  eq(complete("CIGaussianBl", "CIGaussianBl")[1], "CIGaussianBlur")
  eq(complete("whi", "whi")[1], "while", "keywords too")
  spec_filter, spec_image = nil, nil
end)
