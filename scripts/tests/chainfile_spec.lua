-- stdlib/chainfile.lua: chain files as plain data that round-trip exactly and load
-- sandboxed, looks files, and the chains the CLI builds (`--chain`, `-f`).

it("saves as plain Lua data and round-trips exactly", function()
  local c = Chain{CIColorControls{saturation = 1.2, brightness = -0.05}, CIGaussianBlur{radius = 2},
                  CIVignette{intensity = 1}}
  c:insert(2, CISepiaTone{intensity = 1 / 3})
  c:insert(CIColorMatrix{RVector = Vector(0.9, 0.1, 0, 0), biasVector = {0.01, 0, 0, 0}}, "grade")
  c:insert(CIVignetteEffect{center = Vector(150, 150), color = nil, falloff = 0.25})
  c:insert(CIExposureAdjust{EV = Expr"0.1 * frame"})
  c:insert(CIHueAdjust{angle = -math.pi / 7})
  c:disable("s2")
  c:remove("s3")
  local text = c:serialize()
  assert(text:find("^%-%- Lunette chain"), text)
  assert(text:find('{id = "s2", filter = "CIGaussianBlur", inputs = {radius = 2}, enabled = false},', 1, true), text)
  assert(text:find('angle = -0.44879895051282759', 1, true) or text:find('angle = -0.4487989505128276', 1, true), text)
  local path = SPEC_TMP .. "/look.lua"
  eq(c:save(path), c)
  local back = Chain.load(path)
  eq(back:serialize(), text)
  eq(table.concat(back:ids(), ","), table.concat(c:ids(), ","))
  eq(back:step("s4").inputs.intensity, 1 / 3)
  eq(back:step("grade").inputs.RVector, Vector(0.9, 0.1, 0, 0))
  eq(back:isEnabled("s2"), false)
  eq(back:insert(CIColorInvert{}), c:insert(CIColorInvert{}), "the id counter is saved too")
  local img = Image.load(PHOTO):cropped(Rect(0, 0, 32, 32))
  same(back:apply(img, {frame = 3}), c:apply(img, {frame = 3}), Rect(0, 0, 32, 32))
  -- A hand-written file in canonical form is saved back byte for byte.
  local f = io.open(SPEC_TMP .. "/hand.lua", "w")
  f:write(text); f:close()
  eq(Chain.load(SPEC_TMP .. "/hand.lua"):serialize(), text)
end)

it("refuses what is not data when saving", function()
  local img = Image.load(PHOTO)
  expect_error(function() Chain{CISourceOverCompositing{backgroundImage = img}}:serialize() end,
               "input backgroundImage is a Image")
  expect_error(function() Chain{CIExposureAdjust{EV = function() return 1 end}}:serialize() end, "is a function")
end)

it("loads chain files sandboxed and reports bad ones with their place", function()
  local function file(name, text)
    local path = SPEC_TMP .. "/" .. name
    local f = io.open(path, "w"); f:write(text); f:close()
    return path
  end
  expect_error(Chain.load, "io is not available to sandboxed code (sandbox)", file("io.lua", "io.open('/etc/passwd')"))
  expect_error(Chain.load, "CPU budget of", file("loop.lua", "while true do end"))
  expect_error(Chain.load, "steps[2]: unknown filter", file("nope.lua", "return {steps = {{filter = 'CISepiaTone'}, {filter = 'CINope'}}}"))
  expect_error(Chain.load, "steps[1]: CIGaussianBlur.inputRadius: expected a number ≥ 0, got -3",
               file("neg.lua", "return {steps = {{filter = 'CIGaussianBlur', inputs = {radius = -3}}}}"))
  expect_error(Chain.load, "unknown field 'input'", file("typo.lua", "return {steps = {{filter = 'CISepiaTone', input = {}}}}"))
  expect_error(Chain.load, "a chain is a table", file("num.lua", "return 42"))
  expect_error(Chain.load, "unknown chain field 'step'", file("field.lua", "return {step = {}}"))
  expect_error(Chain.load, "No such file", SPEC_TMP .. "/missing.lua")
  -- Step constructors and a bare list are accepted too; functions in a file run sandboxed.
  local c = Chain.load(file("list.lua", "return {CISepiaTone{intensity = 0.5}, CIExposureAdjust{EV = function(t) return os.getenv and 1 or t.frame end}}"))
  eq(#c, 2)
  local img = Image.color(Color(0.2, 0.2, 0.2, 1)):cropped(Rect(0, 0, 2, 2))
  local p = c:apply(img, {frame = 0}):pixel(0, 0)
  local q = (img | CISepiaTone{intensity = 0.5}):pixel(0, 0)
  near(p.r, q.r, 1e-6, "EV is 0 at frame 0 (no os.getenv in the sandbox)")
  -- Plugins may not read chain files.
  expect_error(lunette.loadPlugin, "plugins may not access files",
               "Chain.load('" .. SPEC_TMP .. "/list.lua')", "reader.lua")
end)

it("loads named looks from a presets file", function()
  local path = SPEC_TMP .. "/looks.lua"
  local f = io.open(path, "w")
  f:write([[return {
    {name = "noir", CIPhotoEffectNoir{}},
    {name = "warm", steps = {{filter = "CITemperatureAndTint", inputs = {neutral = Vector(6500, 0)}}}},
    Chain{CISepiaTone{}},
  }]])
  f:close()
  expect_error(Chain.loadLooks, "look 3 needs a name", path)
  f = io.open(path, "w")
  f:write("return {zeta = {CIColorInvert{}}, alpha = {CISepiaTone{}, CIVignette{}}}")
  f:close()
  local looks = Chain.loadLooks(path)
  eq(#looks, 2); eq(looks[1].name, "alpha"); eq(#looks[1], 2); eq(looks[2].name, "zeta")
  eq(tostring(looks[2]), "Chain 'zeta' (1 step)\n  1. s1  CIColorInvert{}")
end)
