-- FuzzLua finding: a 5000-step img | step chain overflowed the stack when rendered (now the graph depth limit)
-- sandbox = false
@PRELUDE@
P(function() local f = v[6]; f[key(f, 121)] = v[6] end)
P(function() local f = v[3]; f[key(f, 50)] = lunette.pretty(Transform(-1e9, 3.7, math.pi, 1e-9, -0.5, -1), {depth = -24, items = (-1.4139407791972008e-67)}) end)
P(function() do local c <close> = v[8] end end)
P(function() local x, s = v[3], _ENV[name(233)]{}; for i = 1, 10 do x = x | s end; v[8] = x end)
P(function() local f = filterOf(v[8], 240); for i = 1, 3 do f[key(f, i + 217)] = Transform.translated(v[1], v[3], 256) end; v[5] = f end)
P(function() v[6] = Image.color(v[6]) end)
P(function() local x, s = v[2], _ENV[name(70)]{}; for i = 1, 5000 do x = x | s end; v[1] = x end)
P(function() v[6] = v[1] - v[3] end)
P(function() v[5] = v[3]:clampedToExtent() end)
P(function() v[3] = v[4][v[1]:cropped(Point(1000, math.mininteger))] end)
P(function() v[8] = v[6] * v[4] end)
P(function() collectgarbage() end)
P(function() v[8] = debug.getregistry()["lunette.private"].applysteps(v[1], {string.rep("5", 100000), ""}, true) end)
P(function() v[3] = Rect.infinite end)
for i = 1, 8 do P(function() local x = v[i]; if lunette.typename(x) == "Image" then local e = x.extent; if not Rect.isInfinite(e) then x:pixel(e.x, e.y) end end end) end
v = nil; P(function() collectgarbage() end); P(function() os.remove(out) end)
