-- stdlib/sandbox.lua: escape attempts end in clear errors; plugin code cannot touch files; -f steps.

local function sandboxed(src) return lunette.loadPlugin(src, "attempt.lua") end

it("has no io, os.execute, debug, loadlib or dump", function()
  -- the messages say what is missing
  expect_error(sandboxed, "attempt.lua:1: io is not available to plugins (sandbox)", "io.open('/etc/passwd')")
  expect_error(sandboxed, "attempt.lua:1: os.execute is not available to plugins (sandbox)", "os.execute('true')")
  expect_error(sandboxed, "debug is not available to plugins (sandbox)", "debug.getregistry()")
  expect_error(sandboxed, "package is not available to plugins (sandbox)", "package.loadlib('x', 'y')")
  expect_error(sandboxed, "string.dump is not available to plugins (sandbox)", "string.dump(print)")
  expect_error(sandboxed, "require is not available to plugins (sandbox)", "require('os')")
  sandboxed("assert(os.getenv == nil and os.execute == nil, 'probing for os functions reads nil')")
  sandboxed("assert(os.clock() >= 0 and os.time() > 0 and os.date('%Y'))")
end)

it("refuses binary chunks", function()
  local bytecode = string.dump(function() return 1 end)
  expect_error(sandboxed, "the sandbox loads text chunks only", "load(" .. string.format("%q", bytecode) .. ", 'x', 'b')")
  expect_error(sandboxed, "attempt to load a binary chunk", "assert(load(" .. string.format("%q", bytecode) .. "))")
end)

it("cannot reach or change shared metatables and libraries", function()
  sandboxed("setmetatable(_G, nil); assert(type(Image) == 'table')")
  sandboxed("assert(getmetatable('') == 'string')")
  expect_error(sandboxed, "attempt to modify Rect.contains in the sandbox", "Rect.contains = nil")
  expect_error(sandboxed, "attempt to modify Image.load in the sandbox", "Image.load = print")
  sandboxed("string.upper = nil")
  eq(string.upper("a"), "A", "the host's string table is untouched")
  sandboxed("assert(getmetatable(Rect(0, 0, 1, 1)) == 'Rect')")
  sandboxed("assert(Point.__mt == nil and Rect.__mt == nil)")
  eq(tostring(Point(1, 2)), "Point(1, 2)", "value metatables stay intact")
  expect_error(sandboxed, "cannot change a protected metatable", "setmetatable(Rect(0, 0, 1, 1), {})")
end)

it("stops infinite loops, also inside pcall and coroutines", function()
  expect_error(sandboxed, "CPU budget of 0.5 s exhausted", "while true do end")
  expect_error(sandboxed, "CPU budget of 0.5 s exhausted", "while true do pcall(function() while true do end end) end")
  expect_error(sandboxed, "CPU budget of 0.5 s exhausted",
               "local co = coroutine.wrap(function() while true do end end); pcall(co); while true do pcall(co) end")
end)

it("stops memory bombs", function()
  expect_error(sandboxed, "not enough memory", "local s = string.rep('x', 1 << 30)")
  expect_error(sandboxed, "not enough memory", "local t = {} for i = 1, 1e9 do t[i] = ('x'):rep(1 << 20) .. i end")
  local big = string.rep("x", 300 << 20)
  eq(#big, 300 << 20, "trusted code has no cap")
end)

it("denies file access to plugins", function()
  expect_error(sandboxed, "plugins may not access files", "Image.load('" .. PHOTO .. "')")
  expect_error(sandboxed, "plugins may not access files", "Image.color(Color(1,0,0)):cropped(Rect(0,0,1,1)):save('/tmp/x.png')")
end)

it("evaluates -f step expressions with only steps and values in scope", function()
  local s = PRIVATE.parsestep("sepiatone{intensity = 0.5}")
  eq(tostring(s), "CISepiaTone{intensity = 0.5}", "case-insensitive, CI prefix optional")
  eq(#PRIVATE.parsestep("CISepiaTone{} | CIColorInvert{}"), 2)
  expect_error(function() PRIVATE.parsestep("io.write('x')") end, "-f 'io.write('x')'")
  expect_error(function() PRIVATE.parsestep("42") end, "expected a step such as CISepiaTone{intensity = 0.8}, got number")
  local img = Image.load(PHOTO)
  local out = PRIVATE.applysteps(img, {"CIExposureAdjust{EV = 1}", "CICrop{rectangle = Rect(0, 0, 8, 8)}"}, false)
  eq(out.extent, Rect(0, 0, 8, 8))
  eq(out:pixel(3, 3), (img | CIExposureAdjust{EV = 1}):pixel(3, 3))
end)

it("keeps its own sandbox when a script replaces lunette.sandbox", function()
  local real = lunette.sandbox
  lunette.sandbox = function() return _G end
  local ok, err = pcall(PRIVATE.parsestep, "io.write('x')")
  lunette.sandbox = real
  assert(not ok and tostring(err):find("-f 'io.write", 1, true), tostring(err))
end)
