-- FuzzLua finding: Image.new(w, h) with w or h beyond Int trapped before the size check
-- sandbox = false
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
P(function() collectgarbage() end)
P(function() v[5] = v[8]:scaledNearest(math.maxinteger) end)
P(function() local f = v[5]; f[key(f, 13)] = Transform((-2.3492920014586622e-251), 0.5, 2^63, 136, (5.869580924821762e+35), math.mininteger) end)
P(function() local f = v[8]; f[key(f, 255)] = v[7] end)
P(function() v[8] = v[7]:clampedToExtent() end)
P(function() local x, s = v[2], _ENV[name(232)]{}; for i = 1, 2 do x = x | s end; v[3] = x end)
P(function() v[2] = v[2]:cropped(v[2]) end)
P(function() v[8] = v[5] == v[3] end)
P(function() v[7] = Transform(-25, 2^53, 2^31, (7.415300820825456e+199), 1e9, 2^63) end)
P(function() local x, s = v[6], _ENV[name(211)]{}; for i = 1, 2 do x = x | s end; v[3] = x end)
P(function() local f = filterOf(v[2], 71); for i = 1, 2 do f[key(f, i + 227)] = Image.new(128, 2^63, function(x, y) return Color(x / 7, y / 5, 0.5, 1) end) end; v[2] = f end)
P(function() local f = v[3]; f[key(f, 121)] = v[4] end)
P(function() do local c <close> = v[7] end end)
P(function() local f = v[3]; f[key(f, 91)] = v[5] end)
P(function() local x, s = v[5], _ENV[name(238)]{}; for i = 1, 2 do x = x | s end; v[7] = x end)
P(function() v[4] = (function() lunette.loadPlugin("return lunette.filter{name = \034XFz1\034, categories = {\034CICategoryStylize\034},\010  inputs = {inputImage = {class = \034CIImage\034},\010            inputAmount = {type = \034CIAttributeTypeScalar\034, default = \0401.928132492425564e-253\041, min = 136, max = \0405.869580924821762e\04335\041}},\010  apply = function\040f\041 return f end}", "fuzz"); return v[8] | _ENV["XFz1"]{} end)() end)
P(function() v[8]:save(out, {depth = 2^63, compression = 256, channels = string.rep("a", 10)}) end)
P(function() local x, s = v[2], _ENV[name(232)]{}; for i = 1, 2 do x = x | s end; v[3] = x end)
P(function() v[2] = v[2]:cropped(v[2]) end)
P(function() v[8] = v[5] == v[3] end)
P(function() v[7] = Transform(-25, 2^53, 2^31, (7.415300820825456e+199), 1e9, 2^63) end)
P(function() local x, s = v[6], _ENV[name(211)]{}; for i = 1, 2 do x = x | s end; v[3] = x end)
P(function() local f = filterOf(v[2], 71); for i = 1, 3 do f[key(f, i + 160)] = Rect(2, (5864.775057014225), 7, 169) end; v[2] = f end)
P(function() local x, s = v[1], _ENV[name(0)]{}; for i = 1, 2 do x = x | s end; v[2] = x end)
for i = 1, 8 do P(function() local x = v[i]; if lunette.typename(x) == "Image" then local e = x.extent; if not Rect.isInfinite(e) then x:pixel(e.x, e.y) end end end) end
v = nil; P(function() collectgarbage() end); P(function() os.remove(out) end)
