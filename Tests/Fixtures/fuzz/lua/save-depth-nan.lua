-- FuzzLua finding: img:save{depth = NaN or ±2^63} trapped converting Double to Int (LuaNatives image_save)
-- sandbox = false
@PRELUDE@
P(function() v[2] = lunette.ready(name(67), v[4], {angle = v[1], radius = v[4], transform = v[4]}) end)
P(function() v[2] = v[2] | _ENV[name(81)]{radius = v[2]} end)
P(function() v[2] = v[2] | _ENV[name(81)]{radius = v[2]} end)
P(function() v[2]:save(out, {depth = (5.373953760009788e+83), compression = -64, channels = ""}) end)
for i = 1, 8 do P(function() local x = v[i]; if lunette.typename(x) == "Image" then local e = x.extent; if not Rect.isInfinite(e) then x:pixel(e.x, e.y) end end end) end
v = nil; P(function() collectgarbage() end); P(function() os.remove(out) end)
