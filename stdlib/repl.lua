-- stdlib/repl.lua: the REPL's evaluator, error text, completer and meta-commands (the
-- terminal side is in Swift: Sources/Console). Only Swift calls these, through P.repl.

local N, P = ...
local getmt = debug.getmetatable
local sformat, concat, sort = string.format, table.concat, table.sort
local typename, idpattern, imagemt, imageprops = P.typename, P.idpattern, P.imagemt, P.imageprops
local filtermt, filtermethods = P.filtermt, P.filtermethods

local repl = {history = 0}
P.repl = repl

function repl.pack(...) return table.pack(...) end

-- Lunette's own Lua, as the C shim's is_own_source and stdlib_file: stdlib.lua and its parts,
-- whose errors are shown at the caller's line, and the shipped specials (no frames shown).
local function isstdlib(where) return where == "stdlib.lua" or where:match("^stdlib/[%l%d_]+%.lua$") ~= nil end
local function isown(where) return isstdlib(where) or where:match("^scripts/specials/") ~= nil end

-- An error as the REPL shows it: the message at the user's line, and a traceback only of
-- the user's own frames when there is more than the line typed (no Lunette Lua, no C).
function repl.errortext(m)
  local msg = tostring(m)
  local frames = {}
  for line in debug.traceback("", 2):gmatch("[^\n]+") do
    if line:find("in function 'xpcall'") then break end  -- the REPL's own frames follow
    local where = line:match("^%s+(.-):")
    if where and not isown(where) and where ~= "[C]" then frames[#frames + 1] = line end
  end
  local own, rest = msg:match("^([^:\n]+):%d+: (.*)$")
  if own and isstdlib(own) and frames[1] then msg = frames[1]:match("^%s+(.-:%d+):") .. ": " .. rest end
  if #frames <= 1 then return msg end
  return msg .. "\nstack traceback:\n" .. concat(frames, "\n")
end

-- Evaluates one chunk like `lua` does: first as `return <src>`, then as statements.
-- Returns "ok", {n = …, values…} | "incomplete" | "error", message.
function repl.eval(src)
  -- `return pack(<src>)` evaluates the expression in this chunk's own frame (not as a
  -- tail call), so errors point at stdin:line. The private table is reached through the
  -- registry, as the chunk sees only the user's globals.
  local chunk, err = load('return debug.getregistry()["lunette.private"].repl.pack(' .. src .. "\n)", "=stdin", "t")
  local packed = chunk ~= nil
  if not chunk then chunk, err = load(src, "=stdin", "t") end
  if not chunk then
    if err:find("<eof>$") then return "incomplete" end
    return "error", err
  end
  local results = table.pack(xpcall(chunk, repl.errortext))
  if not results[1] then return "error", results[2] end
  local values = {n = results.n - 1}
  for i = 2, results.n do values[i - 1] = results[i] end
  if packed then values = values[1] end
  for i = 1, values.n do
    repl.history = repl.history + 1
    _ENV["_" .. repl.history] = values[i]
  end
  if values.n > 0 then _ENV._ = values[values.n] end
  return "ok", values
end

--- The lines to print for evaluated values.
function repl.show(values, color, width)
  local parts = {}
  for i = 1, values.n do parts[i] = lunette.pretty(values[i], {color = color, width = width}) end
  return concat(parts, "\t")
end

local function sortedkeys(set)
  local out = {}
  for k in pairs(set) do out[#out + 1] = k end
  sort(out)
  return out
end

local function collect(t, set, methodsOnly)
  local seen = {}
  while t ~= nil and not seen[t] do
    seen[t] = true
    if type(t) == "table" then
      for k, v in pairs(t) do
        if type(k) == "string" and k:match(idpattern) and (not methodsOnly or type(v) == "function") then set[k] = true end
      end
    end
    local mt = getmt(t)
    local idx = type(mt) == "table" and rawget(mt, "__index") or nil
    if type(idx) == "function" then
      if mt == imagemt then
        for k in pairs(Image) do set[k] = true end
        for k in pairs(imageprops) do if not methodsOnly then set[k] = true end end
      elseif mt == filtermt then
        for k in pairs(filtermethods) do set[k] = true end
        if not methodsOnly then
          for _, k in ipairs(N.filter_get(t, "inputKeys")) do set[k] = true end
          set.outputImage, set.attributes, set.name = true, true, true
        end
      elseif mt == Vector.__mt then
        for k in pairs(Vector) do if not methodsOnly then set[k] = true end end
      end
      break
    end
    t = idx
  end
  return set
end

-- The string literal the cursor is in (its text so far), or nil.
local function openstring(line)
  local i, quote, start = 1, nil, nil
  while i <= #line do
    local ch = line:sub(i, i)
    if quote then
      if ch == "\\" then i = i + 1 elseif ch == quote then quote = nil end
    elseif ch == '"' or ch == "'" then quote, start = ch, i + 1
    elseif line:sub(i, i + 1) == "--" then return nil
    end
    i = i + 1
  end
  return quote and line:sub(start) or nil
end

-- File names for the path typed so far inside a string; each candidate replaces `text`.
local function completepath(path, text)
  local dir, base = path:match("^(.*/)([^/]*)$")
  dir, base = dir or "", base or path
  local out = {}
  for _, name in ipairs(N.list_dir(dir)) do
    if name:sub(1, #base) == base and (base:sub(1, 1) == "." or name:sub(1, 1) ~= ".") then
      out[#out + 1] = name:sub(#base - #text + 1)
    end
  end
  return out
end

-- Inside a step's table (`CIGaussianBlur{ra`): the filter's input keys, short and long.
local function completestepkey(before, text)
  local name, inside = before:match("([%a_][%w_]*)%s*{([^{}]*)$")
  if not name or not (inside == "" or inside:match(",%s*$") or inside:match("^%s+$")) then return nil end
  local ok, f = pcall(Filter, name)
  if not ok then return nil end
  local set, upper = {}, text:match("^%u") ~= nil
  for _, k in ipairs(f:keys()) do
    if k ~= "inputImage" then
      local rest = k:sub(6)  -- `radius`, `EV`, `RVector`; `BiasVector` when typed with a capital
      set[(upper or rest:sub(2, 2):match("%u")) and rest or rest:sub(1, 1):lower() .. rest:sub(2)] = true
      set[k] = true
    end
  end
  local out = {}
  for _, k in ipairs(sortedkeys(set)) do
    if k:sub(1, #text) == text and (text:sub(1, 5) == "input" or k:sub(1, 5) ~= "input") then out[#out + 1] = k end
  end
  return out
end

--- Completions for `text` (the word before the cursor; `line` is the whole line).
function repl.complete(text, line)
  local before = line:sub(1, #line - #text)
  if before:match("Filter%(%s*[\"']$") or before:match("apply%(%s*[\"']$") or before:match(":describe%s+$") or before:match(":try%s+$") then
    local out = {}
    for _, n in ipairs(Filter.names()) do if n:sub(1, #text) == text then out[#out + 1] = n end end
    return out
  end
  local path = openstring(line)
  if path then return completepath(path, text) end
  local keys = completestepkey(before, text)
  if keys then return keys end
  if line:match("^:%a*$") then
    local out = {}
    for _, c in ipairs{":help", ":filters", ":describe", ":try", ":show", ":save", ":time", ":reset", ":quit"} do
      if c:sub(1, #text) == text then out[#out + 1] = c end
    end
    return out
  end
  local path, sep, partial = text:match("^(.-)([%.:])([%w_]*)$")
  local set
  if path and path ~= "" then
    local ok, obj = pcall(function() return load("return " .. path, "=complete", "t")() end)
    if not ok or obj == nil then return {} end
    set = collect(obj, {}, sep == ":")
  else
    partial, path, sep = text, "", ""
    set = collect(_ENV, {})
    for _, kw in ipairs{"and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if",
                        "in", "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while"} do
      set[kw] = true
    end
  end
  local out = {}
  for _, k in ipairs(sortedkeys(set)) do
    if k:sub(1, #partial) == partial then out[#out + 1] = path .. sep .. k end
  end
  return out
end

repl.help = {
  [""] = [[
Lunette REPL — Lua 5.4 with Lunette's API. An expression prints its value; results are
kept as _1, _2, … and _. Tab completes names, methods, filter names and input keys.
  :help [topic]         topics: values, images, filters, steps, specials, plugins
  :filters [category]   filters grouped by category
  :describe NAME        one filter's inputs, ranges and an example
  :try NAME [k=v …]     a filter on stock images, shown inline; the filter is left in _
  :show EXPR [width]    inline preview of an image (kitty, iTerm2, sixel or colour blocks)
  :save EXPR PATH       render an image to a PNG
  :time EXPR            evaluate and report the wall time
  :reset                start over with a fresh Lua state (init.lua runs again)
  :quit                 leave (so do Ctrl-D on an empty line and os.exit; Ctrl-C clears
                        the line, or interrupts a running loop)]],
  values = "Point(x, y)  Vector(…)  Rect(x, y, w, h)  Color(r, g, b, a) / Color\"#rrggbb\"  Transform.rotate(a):translated(x, y)",
  images = "Image.load(path)  img:save(path, {depth = 16})  img.extent  img:cropped(r)  img:transformed(t)\n" ..
           "img:clampedToExtent()  img:samplingNearest()  img:pixel(x, y)  Image.color(c)  Image.new(w, h, fn)  img:scaledNearest(k)",
  filters = "f = Filter(\"CIGaussianBlur\"); f.inputImage = img; f.radius = 4; f.outputImage\n" ..
            "Filter.names([category])  Filter.categories()  Filter.attributes(name)  Filter.describe(name)",
  steps = "img | CISepiaTone{intensity = 0.8} | CIGaussianBlur{radius = 2}   img:apply(\"CIExposureAdjust\", {EV = 1})",
  specials = "lunette.ready(name, img, inputs): a result ready to show (specials[name].prepare/input/present)",
  plugins = "lunette.filter{name = \"XMine\", inputs = {…}, apply = function(f) … end}  lunette.colorKernel(fn)",
}

--- Handles a meta-command line (":describe CIGaussianBlur"); returns the text to print.
function repl.command(line)
  local cmd, rest = line:match("^:(%a+)%s*(.-)%s*$")
  if cmd == "help" then
    return repl.help[rest] or ("no help on '" .. rest .. "'; topics: values, images, filters, steps, specials, plugins")
  elseif cmd == "filters" then
    local c = Filter.catalog()
    if rest == "" then return c.log end
    local want = rest:lower()
    for _, info in ipairs(c.categories) do
      if info.name:lower() == want or info.name:lower() == "cicategory" .. want then
        local lines = {}
        for _, r in ipairs(info.records) do lines[#lines + 1] = "  " .. r.name .. "  " .. r.displayName end
        return info.name .. "\n" .. concat(lines, "\n")
      end
    end
    return "unknown category '" .. rest .. "'"
  elseif cmd == "describe" then
    return Filter.describe(rest)
  elseif cmd == "show" then
    local expr, width = rest:match("^(.-)%s+(%d+)$")
    local img = assert(load("return " .. (expr or rest), "=show", "t"))()
    if getmt(img) ~= imagemt then error(":show needs an Image, got " .. typename(img), 0) end
    N.preview(img, tonumber(width))
    return nil
  elseif cmd == "try" then
    local name, args = rest:match("^(%S+)%s*(.-)$")
    if not name then error("usage: :try NAME [key=value …]", 0) end
    local items = {}  -- a word that does not start with `key=` continues the previous value
    for word in args:gmatch("%S+") do
      if #items == 0 or word:match("^[%a_][%w_]*=[^=]") then items[#items + 1] = word
      else items[#items] = items[#items] .. " " .. word end
    end
    local out, f, caption = lunette.try(name, P.tryargs(items))
    _ENV._ = f
    N.preview(out)
    return caption .. "\n_ = " .. tostring(f)
  elseif cmd == "save" then
    local expr, path = rest:match("^(.-)%s+(%S+)$")
    if not expr then error("usage: :save EXPR PATH", 0) end
    local img = assert(load("return " .. expr, "=save", "t"))()
    img:save(path)
    return "wrote " .. path
  elseif cmd == "time" then
    local clock = os.clock
    local t0, c0 = N.now(), clock()
    local status, values = repl.eval(rest)
    local wall, cpu = N.now() - t0, clock() - c0
    local shown = status == "ok" and repl.show(values) or tostring(values)
    return (shown ~= "" and shown .. "\n" or "") .. sformat("%.3f s wall, %.3f s CPU", wall, cpu)
  end
  error("unknown command ':" .. tostring(cmd) .. "' (try :help)", 0)
end
