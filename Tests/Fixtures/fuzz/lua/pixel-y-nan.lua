-- FuzzLua finding: img:pixel(x, NaN) trapped converting Double to Int
-- sandbox = true
local v, P, out = {}, pcall, "@OUT@"
local names = Filter.names()
local function name(i) return names[i % #names + 1] end
local function key(f, i)
  local ok, ks = P(function() return f:keys() end)
  if not ok or #ks == 0 then return "inputImage" end
  return ks[i % #ks + 1]
end
local function filterOf(x, i)
  if lunette.typename(x) == "Filter" then return x end
  return Filter(name(i))
end
v[1] = Image.color(Color(0.8, 0.4, 0.2, 1)):cropped(Rect(0, 0, 24, 16))
v[2] = Filter("CILinearGradient").outputImage:cropped(Rect(-3, -5, 20, 9))
P(function() v[2] = specials.fitNearest(v[3], math.pi, 1e6) end)
P(function() v[2] = -v[1] end)
P(function() v[1] = v[3]:pixel(math.mininteger, math.mininteger) end)
P(function() v[8] = v[5]:pixel(0, 65536) end)
P(function() v[6] = lunette.ready(name(132), v[3], {inputImage = v[1], message = v[5] | _ENV[name(15)]{}}, Image.load("@ROOT@/Tests/Fixtures/pngsuite/tbbn2c16.png")) end)
P(function() local f = v[3]; f[key(f, 228)] = v[2] end)
P(function() v[7] = Vector(v[7]) end)
P(function() v[1] = v[2]:scaledNearest((4.053512974111586e-143)) end)
P(function() v[6]:save(out, {depth = 2^63, compression = (-5.779602655441297e+67), channels = "none"}) end)
P(function() local f = v[3]; f[key(f, 190)] = v[7] end)
P(function() v[5] = Image.save(v[2]:pixel((-3.478169508826421e-137), -math.huge), v[6], v[4]) end)
P(function() v[3]:save(out, {depth = 1e-9, compression = 28, channels = "auto"}) end)
P(function() v[5] = (function() lunette.loadPlugin("return lunette.filter{name = \034XFz3\034, categories = {\034CICategoryStylize\034},\010  inputs = {inputImage = {class = \034CIImage\034},\010            inputAmount = {type = \034CIAttributeTypeDistance\034, default = 16, min = -18, max = -33}},\010  apply = function\040f\041 return f.inputImage \124 CIGaussianBlur{radius = f.inputAmount} end}", "fuzz"); return v[1] | _ENV["XFz3"]{} end)() end)
P(function() v[2] = v[4]:cropped(Rect(165, -29, (-6.762891932478938e+304), 9)) end)
P(function() v[6] = Filter(name(161)) end)
P(function() local f = v[5]; f[key(f, 37)] = v[6]:cropped(v[4]) end)
P(function() v[5] = v[2] * v[2] end)
P(function() v[1] = Transform.translated(v[5], Filter.describe(name(206)), 69) end)
P(function() local f = v[8]; f[key(f, 8)] = v[2] end)
P(function() v[2] = v[7]:transformed(v[2]) end)
P(function() v[1] = tostring(v[2]) .. lunette.pretty(v[8]) end)
P(function() v[5] = Image.color(Vector(256, math.pi, (-5.266788776613468e+296), 2, (5.520547757230448e-73))) end)
P(function() v[4] = specials.fitNearest(v[4], 2, (7.441536338328326e+145)) end)
P(function() v[8] = v[2].height end)
P(function() v[5] = tostring(v[5]) .. lunette.pretty(v[1]) end)
P(function() v[5] = v[6]:scaledNearest(122) end)
P(function() local f = filterOf(v[5], 42); for i = 1, 1 do f[key(f, i + 226)] = v[7]:pixel(2^24 + 1, 2^63) end; v[7] = f end)
P(function() local x, s = v[8], _ENV[name(36)]{}; for i = 1, 2 do x = x | s end; v[6] = x end)
P(function() v[2] = tostring(v[6]) .. lunette.pretty(v[4]) end)
P(function() v[3] = v[3]:cropped(Rect(100, 131, 27, -1)) end)
P(function() v[7] = v[8]:apply(name(0), {}) end)
for i = 1, 8 do P(function() local x = v[i]; if lunette.typename(x) == "Image" then local e = x.extent; if not Rect.isInfinite(e) then x:pixel(e.x, e.y) end end end) end
v = nil; P(function() collectgarbage() end); P(function() os.remove(out) end)
