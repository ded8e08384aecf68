-- stdlib/chain.lua: chains, editing with stable ids, rendering up to a step with the prefix
-- shared, per-frame inputs (Expr).

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
