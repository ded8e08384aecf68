-- FuzzLua finding: img:save{compression = huge} trapped converting Double to Int
-- sandbox = false
@PRELUDE@
P(function() local f = v[6]; f[key(f, 121)] = v[6] end)
P(function() local f = v[5]; f[key(f, 6)] = v[5] end)
P(function() v[2] = (function() lunette.loadPlugin("return lunette.filter{name = \034XFz0\034, categories = {\034CICategoryStylize\034},\010  inputs = {inputImage = {class = \034CIImage\034},\010            inputAmount = {type = \034CIAttributeTypeInteger\034, default = 1, min = 117, max = 2}},\010  apply = function\040f\041 local function r\040n\041 return r\040n \043 1\041 \043 1 end return r\0400\041 end}", "fuzz"); return v[1] | _ENV["XFz0"]{amount = v[2] | _ENV[name(110)]{levels = v[4], rectangle = v[3], refraction = v[2]}} end)() end)
P(function() v[1]:save(out, {depth = 3.7, compression = (6.572713313424e+38), channels = string.rep("E", 100000)}) end)
P(function() local x, s = v[8], _ENV[name(172)]{}; for i = 1, 2 do x = x | s end; v[1] = x end)
P(function() local f = v[8]; f[key(f, 247)] = Image.load("@ROOT@/assets/photos/coffee.png") end)
for i = 1, 8 do P(function() local x = v[i]; if lunette.typename(x) == "Image" then local e = x.extent; if not Rect.isInfinite(e) then x:pixel(e.x, e.y) end end end) end
v = nil; P(function() collectgarbage() end); P(function() os.remove(out) end)
