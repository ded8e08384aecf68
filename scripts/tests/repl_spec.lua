-- The REPL's display and completion (lunette.pretty, lunette.repl.complete).

local pretty, complete = lunette.pretty, lunette.repl.complete

it("prints numbers in the shortest form that reads back exactly", function()
  eq(pretty(128 / 255), "0.5019607843137255")
  eq(pretty(0.1), "0.1")
  eq(pretty(1 / 3), "0.3333333333333333")
  eq(pretty(2 ^ 60), "1.152921504606847e+18")
  for _, v in ipairs{128 / 255, 0.1, 1 / 3, math.pi, 1e-300, 2 ^ 60, -7.25} do
    eq(tonumber(pretty(v)), v, "reads back " .. pretty(v))
  end
end)

it("prints colours made from hex as written, until they change", function()
  local c = Color"#FF8000"
  eq(tostring(c), 'Color"#ff8000"')
  eq(pretty({c}), '{Color"#ff8000"}')
  eq(tostring(Color"#ff800080"), 'Color"#ff800080"')
  c.g = 0
  eq(tostring(c), "Color(1, 0, 0, 1)", "a changed colour prints its components")
  eq(tostring(Color(1, 0.5, 0)), "Color(1, 0.5, 0, 1)")
  eq(Color"#ff8000", Color(1, 128 / 255, 0), "the same value either way")
end)

it("spreads tables wider than the terminal over indented lines", function()
  local wide = {}
  for i = 1, 30 do wide[i] = 1000 + i end
  eq(pretty(wide, {width = 200}):find("\n"), nil, "fits 200 columns")
  local lines = {}
  for l in pretty(wide, {width = 80}):gmatch("[^\n]+") do lines[#lines + 1] = l end
  eq(#lines, 32, "one per line with the braces")
  eq(lines[1], "{"); eq(lines[2], "  1001,"); eq(lines[31], "  1030"); eq(lines[32], "}")
  local nested = pretty({name = "x", list = wide, small = {1, 2}}, {width = 40})
  assert(nested:find("\n  list = {\n    1001,", 1, true), nested)
  assert(nested:find("\n  small = {1, 2}", 1, true), "a small table stays on one line: " .. nested)
  eq(pretty({1, 2, 3}, {width = 80}), "{1, 2, 3}")
  eq(pretty("a\nb"), '"a\\nb"', "a newline in a string prints as \\n")
end)

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
  local state, msg = lunette.repl.eval("local img = Image.color(Color(1, 0, 0)) | nil")
  eq(state, "error")
  eq(msg, "stdin:1: bad argument #2 to '|' (step expected, got nil)", "one line, no stdlib.lua frames")
  lunette.repl.eval("function inner() local t = nil; return t.x end")
  lunette.repl.eval("function outer() local v = inner(); return v end")
  state, msg = lunette.repl.eval("outer()")
  eq(state, "error")
  assert(msg:find("^stdin:1: attempt to index a nil value") and msg:find("in function 'inner'"), msg)
  assert(not msg:find("stdlib.lua") and not msg:find("%[C%]"), msg)
end)
