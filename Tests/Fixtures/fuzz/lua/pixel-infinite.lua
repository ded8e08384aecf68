-- FuzzLua finding: img:pixel(x, y) with a non-finite coordinate trapped converting Double to Int
-- sandbox = false
@PRELUDE@
P(function() v[8]:save(out, {depth = (3.2909638850731038e+125), compression = -64, channels = ""}) end)
P(function() v[1] = v[2]:cropped(Rect(25, -64, -64, (-3.272583518680084e+246))) end)
for i = 1, 8 do P(function() local x = v[i]; if lunette.typename(x) == "Image" then local e = x.extent; if not Rect.isInfinite(e) then x:pixel(e.x, e.y) end end end) end
v = nil; P(function() collectgarbage() end); P(function() os.remove(out) end)
