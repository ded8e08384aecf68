-- FuzzLua finding: Image.new(1e300, h) trapped converting the width
-- sandbox = false
@PRELUDE@
P(function() v[2] = lunette.ready(name(67), v[4], {transform = v[4], transform = v[4], transform = v[4]}, v[4]) end)
P(function() v[4] = v[4]:cropped(v[4]) end)
P(function() v[4] = lunette.ready(name(67), v[4], {message = 150, scale = v[1], rectangle = v[1][Image.new((1.391606327937322e+284), 2^24 + 1, function(x, y) return v[5] end)]}) end)
P(function() v[7] = lunette.pretty(v[2], {depth = 135, items = 16}) end)
P(function() v[2] = tostring(v[1]) .. lunette.pretty(v[5]) end)
P(function() v[8] = v[6]:setDefaults() end)
P(function() local f = v[8]; f[key(f, 40)] = v[2] end)
P(function() local f = v[8]; f[key(f, 133)] = v[2] end)
P(function() v[3] = specials.fitNearest(v[7], -63, 1e6) end)
P(function() local f = v[2]; f[key(f, 152)] = v[6] end)
P(function() local f = v[8]; f[key(f, 190)] = v[1].outputImage end)
P(function() local x, s = v[4], _ENV[name(12)]{}; for i = 1, 1000 do x = x | s end; v[2] = x end)
P(function() v[7] = #v[7] end)
P(function() v[2] = tostring(v[4]) .. lunette.pretty(v[4]) end)
P(function() v[1] = lunette.ready(name(67), v[4], {transform = v[4], transform = v[4], amount = v[6]}, v[6]) end)
P(function() v[6] = Color((1.7669274407167837e-284), 1e6, 1e6, 1e6) end)
P(function() v[4] = lunette.ready(name(67), v[4], {transform = v[4], transform = v[4], transform = v[4]}, v[4]) end)
P(function() v[1] = -64 end)
for i = 1, 8 do P(function() local x = v[i]; if lunette.typename(x) == "Image" then local e = x.extent; if not Rect.isInfinite(e) then x:pixel(e.x, e.y) end end end) end
v = nil; P(function() collectgarbage() end); P(function() os.remove(out) end)
