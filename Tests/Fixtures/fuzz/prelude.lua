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
