-- FuzzLua finding: img:pixel(x, y) with a non-finite coordinate trapped converting Double to Int
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
P(function() v[8]:save(out, {depth = (3.2909638850731038e+125), compression = -64, channels = ""}) end)
P(function() v[1] = v[2]:cropped(Rect(25, -64, -64, (-3.272583518680084e+246))) end)
for i = 1, 8 do P(function() local x = v[i]; if lunette.typename(x) == "Image" then local e = x.extent; if not Rect.isInfinite(e) then x:pixel(e.x, e.y) end end end) end
v = nil; P(function() collectgarbage() end); P(function() os.remove(out) end)
