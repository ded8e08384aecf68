-- FuzzLua finding: a Gaussian radius near 1e9 made the blur's decimation plan allocate 25 GB (now numeric inputs are capped at ±1e6)
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
P(function() local f = v[6]; f[key(f, 121)] = v[6] end)
P(function() local f = v[8]; f[key(f, 0)] = 108 end)
P(function() v[8] = debug.getregistry()["lunette.private"].applysteps(v[2], {"CIGaussianBlur{radius = 1e9}", ""}, false) end)
P(function() v[1] = tostring(v[6]) .. lunette.pretty(v[4]) end)
P(function() local f = v[7]; f[key(f, 160)] = Rect(2, 92, -64, -64) end)
P(function() v[1] = -64 end)
P(function() v[1] = -64 end)
P(function() v[1] = (function() lunette.loadPlugin("return lunette.filter{name = \034XFz2\034, categories = {\034CICategoryStylize\034},\010  inputs = {inputImage = {class = \034CIImage\034},\010            inputAmount = {type = \034CIAttributeTypeTransform\034, default = math.pi, min = 92, max = 92}},\010  apply = function\040f\041 error\040'boom'\041 end}", "fuzz"); return v[5] | _ENV["XFz2"]{} end)() end)
P(function() v[5] = (function() lunette.loadPlugin("return lunette.filter{name = \034XFz0\034, categories = {\034CICategoryStylize\034},\010  inputs = {inputImage = {class = \034CIImage\034},\010            inputAmount = {type = \034CIAttributeTypeImage\034, default = 92, min = 92, max = 92}},\010  apply = function\040f\041 local function r\040n\041 return r\040n \043 1\041 \043 1 end return r\0400\041 end}", "fuzz"); return v[5] | _ENV["XFz0"]{} end)() end)
P(function() v[5] = (function() lunette.loadPlugin("return lunette.filter{name = \034XFz0\034, categories = {\034CICategoryStylize\034},\010  inputs = {inputImage = {class = \034CIImage\034},\010            inputAmount = {type = \034CIAttributeTypeImage\034, default = 92, min = 92, max = 92}},\010  apply = function\040f\041 local function r\040n\041 return r\040n \043 1\041 \043 1 end return r\0400\041 end}", "fuzz"); return v[5] | _ENV["XFz0"]{} end)() end)
P(function() v[5] = (function() lunette.loadPlugin("return lunette.filter{name = \034XFz0\034, categories = {\034CICategoryStylize\034},\010  inputs = {inputImage = {class = \034CIImage\034},\010            inputAmount = {type = \034CIAttributeTypeImage\034, default = 92, min = 92, max = 92}},\010  apply = function\040f\041 local function r\040n\041 return r\040n \043 1\041 \043 1 end return r\0400\041 end}", "fuzz"); return v[5] | _ENV["XFz0"]{} end)() end)
P(function() v[5] = (function() lunette.loadPlugin("return lunette.filter{name = \034XFz0\034, categories = {\034CICategoryStylize\034},\010  inputs = {inputImage = {class = \034CIImage\034},\010            inputAmount = {type = \034CIAttributeTypeImage\034, default = 92, min = 7, max = 92}},\010  apply = function\040f\041 local function r\040n\041 return r\040n \043 1\041 \043 1 end return r\0400\041 end}", "fuzz"); return v[5] | _ENV["XFz0"]{} end)() end)
P(function() v[5] = (function() lunette.loadPlugin("return lunette.filter{name = \034XFz0\034, categories = {\034CICategoryStylize\034},\010  inputs = {inputImage = {class = \034CIImage\034},\010            inputAmount = {type = \034CIAttributeTypeImage\034, default = 92, min = 92, max = \04030447.91945044065\041}},\010  apply = function\040f\041 local function r\040n\041 return r\040n \043 1\041 \043 1 end return r\0400\041 end}", "fuzz"); return v[6] | _ENV["XFz0"]{amount = specials[name(23)]} end)() end)
P(function() v[5] = (function() lunette.loadPlugin("return lunette.filter{name = \034XFz3\034, categories = {\034CICategoryStylize\034},\010  inputs = {inputImage = {class = \034CIImage\034},\010            inputAmount = {type = \034CIAttributeTypeBoolean\034, default = \040-5.020982923095368e-176\041, min = 97, max = -1}},\010  apply = function\040f\041 return f.inputImage \124 CISepiaTone{intensity = 0.5} end}", "fuzz"); return v[5] | _ENV["XFz3"]{} end)() end)
P(function() v[2] = v[6] == v[2] end)
P(function() do local c <close> = v[5] end end)
P(function() v[1] = Vector(v[1]) end)
P(function() v[1] = 1 end)
P(function() local f = v[6]; f[key(f, 70)] = v[2] end)
P(function() local f = filterOf(v[2], 155); for i = 1, 3 do f[key(f, i + 211)] = v[4].outputKeys end; v[1] = f end)
P(function() local x, s = v[2], _ENV[name(70)]{}; for i = 1, 5000 do x = x | s end; v[7] = x end)
P(function() v[3]:save(out, {depth = 0, compression = -64, channels = ""}) end)
for i = 1, 8 do P(function() local x = v[i]; if lunette.typename(x) == "Image" then local e = x.extent; if not Rect.isInfinite(e) then x:pixel(e.x, e.y) end end end) end
v = nil; P(function() collectgarbage() end); P(function() os.remove(out) end)
