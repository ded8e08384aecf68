-- Chains: editing with stable ids, rendering up to a step with the prefix shared,
-- per-frame inputs, plain-data files that round-trip exactly and load sandboxed.

local function same(a, b, rect, tol)
  for _, p in ipairs{{rect.x, rect.y}, {rect.x + rect.width - 1, rect.y + rect.height - 1},
                     {rect.x + rect.width // 2, rect.y + rect.height // 3}} do
    local x, y = a:pixel(p[1], p[2]), b:pixel(p[1], p[2])
    near(x.r, y.r, tol or 1e-5, "r"); near(x.g, y.g, tol or 1e-5, "g"); near(x.b, y.b, tol or 1e-5, "b")
    near(x.a, y.a, tol or 1e-5, "a")
  end
end

it("edits steps and keeps their ids stable", function()
  local c = Chain{CIColorControls{saturation = 1.2}, CIGaussianBlur{radius = 2}, CIVignette{intensity = 1}}
  eq(#c, 3)
  eq(table.concat(c:ids(), ","), "s1,s2,s3")
  eq(c:insert(2, CISepiaTone{}), "s4")
  eq(table.concat(c:ids(), ","), "s1,s4,s2,s3")
  eq(c:insert(CIExposureAdjust{EV = 0.5}, "lift"), "lift")
  expect_error(function() c:insert(CIColorInvert{}, "lift") end, "already has a step with id 'lift'")
  expect_error(function() c:insert(9, CIColorInvert{}) end, "position 1…6 expected, got 9")
  expect_error(function() c:insert("CISepiaTone") end, "bad argument #1 to 'insert' (step expected, got string)")
  local removed, id = c:remove("s2")
  eq(removed.filter, "CIGaussianBlur"); eq(id, "s2")
  eq(table.concat(c:ids(), ","), "s1,s4,s3,lift")
  c:move("lift", 1)
  eq(table.concat(c:ids(), ","), "lift,s1,s4,s3")
  c:move(4, 2)
  eq(table.concat(c:ids(), ","), "lift,s3,s1,s4")
  local old = c:replace("s4", CISepiaTone{intensity = 0.3})
  eq(old.inputs.intensity, nil)
  eq(c:step("s4").inputs.intensity, 0.3); eq(c:id(4), "s4")
  c:disable("s1")
  eq(c:isEnabled("s1"), false); eq(c:isEnabled(1), true)
  c:enable("s1"); eq(c:isEnabled("s1"), true)
  c:enable(3, false); eq(c:isEnabled("s1"), false)
  eq(c:insert(CIColorInvert{}), "s5", "auto ids never reuse a removed one")
  expect_error(function() c:remove("nope") end, "no step with id 'nope'")
  expect_error(function() c:move(1, 0) end, "bad argument #2 to 'move'")
  eq(c[1].filter, "CIExposureAdjust")
  eq(tostring(c), table.concat({
    "Chain (5 steps)",
    "  1. lift  CIExposureAdjust{EV = 0.5}",
    "  2. s3  CIVignette{intensity = 1}",
    "  3. s1  CIColorControls{saturation = 1.2}  (disabled)",
    "  4. s4  CISepiaTone{intensity = 0.3}",
    "  5. s5  CIColorInvert{}"}, "\n"))
end)

it("renders up to a step and to the end, sharing the prefix", function()
  local img = Image.load(PHOTO):cropped(Rect(0, 0, 64, 48))
  local c = Chain{CIExposureAdjust{EV = 0.7}, CIGaussianBlur{radius = 2}, CISepiaTone{intensity = 0.9}}
  local preview, final = c:render(img, {upto = "s2"})
  local direct2 = img | CIExposureAdjust{EV = 0.7} | CIGaussianBlur{radius = 2}
  local direct3 = direct2 | CISepiaTone{intensity = 0.9}
  eq(preview.extent, direct2.extent)
  same(preview, direct2, Rect(0, 0, 64, 48)); same(final, direct3, Rect(-3, -3, 70, 54))
  eq(c.stats.prefixRenders, 1); eq(c.stats.prefixReuses, 0)
  -- A later step changes: the prefix pixels are reused, not rendered again.
  c:step("s3").inputs.intensity = 0.2
  local preview2, final2 = c:render(img, {upto = 2})
  eq(c.stats.prefixRenders, 1); eq(c.stats.prefixReuses, 1)
  same(preview2, direct2, Rect(0, 0, 64, 48))
  same(final2, direct2 | CISepiaTone{intensity = 0.2}, Rect(0, 0, 64, 48))
  -- A prefix step changes: rendered again.
  c:step("s1").inputs.EV = 0.1
  c:render(img, {upto = 2})
  eq(c.stats.prefixRenders, 2)
  -- Disabled steps are skipped; without upto both results are the final one.
  c:disable("s2")
  local a, b = c:render(img)
  eq(a, b)
  same(a, img | CIExposureAdjust{EV = 0.1} | CISepiaTone{intensity = 0.2}, Rect(0, 0, 64, 48))
  same(img | c, a, Rect(0, 0, 64, 48))
end)

it("computes a costly prefix once per change", function()
  local img = Image.load(PHOTO):cropped(Rect(0, 0, 8, 8))
  local calls = 0
  local count = lunette.colorKernel(function(r, g, b, a) calls = calls + 1; return r, g, b, a end)
  local c = Chain{count, CIColorInvert{}, CISepiaTone{}}
  c:render(img, {upto = 2})
  eq(calls, 64)
  c:replace(3, CIColorPosterize{levels = 4})
  c:render(img, {upto = 2})
  c:render(img, {upto = 2})
  eq(calls, 64, "the kernel ran once for three renders")
  eq(c.stats.prefixReuses, 2)
  expect_error(function() c:save(SPEC_TMP .. "/k.lua") end, "only filter steps can be saved")
end)

it("gives per-frame inputs the frame and time", function()
  local img = Image.color(Color(0.5, 0.5, 0.5, 1)):cropped(Rect(0, 0, 4, 4))
  local c = Chain{CIExposureAdjust{EV = function(t) return t.frame * 0.5 end}, CIHueAdjust{angle = Expr"time * 2"}}
  local f0 = c:apply(img, {frame = 0, time = 0})
  local f2 = c:apply(img, {frame = 2, time = 0})
  near(f0:pixel(1, 1).r, 0.5, 1e-3)
  assert(f2:pixel(1, 1).r > 0.6, "frame 2 is brighter")
  eq(tostring(Expr"time * 2"), 'Expr"time * 2"')
  local e = Expr"math.floor(frame / fps) + sin(0)"
  e.env.frame, e.env.fps = 31, 10
  eq(e.fn(), 3)
  expect_error(function() return Expr"(" end, "Expr")
  local bad = Chain{CIExposureAdjust{EV = Expr"(function() while true do end end)()"}}
  expect_error(function() bad:apply(img) end, "CPU budget of")
end)

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
