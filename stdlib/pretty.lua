-- stdlib/pretty.lua: lunette.pretty, the readable rendering the REPL shows values with.

local _, P = ...
local getmt = debug.getmetatable
local mtype = math.type
local sformat, concat, sort = string.format, table.concat, table.sort
local fmtnum = P.fmtnum

local idpattern = "^[%a_][%w_]*$"

--- lunette.pretty(v[, {depth = 3, items = 40, color = false, width = nil}]): a readable,
--- size-limited rendering; a table wider than `width` columns spreads over indented lines.
function lunette.pretty(v, opts)
  opts = opts or {}
  local maxdepth, maxitems, color, width = opts.depth or 3, opts.items or 40, opts.color, opts.width
  local function paint(code, s) return color and ("\27[" .. code .. "m" .. s .. "\27[0m") or s end
  local function columns(s) s = s:gsub("\27%[[%d;]*m", ""); return utf8.len(s) or #s end
  local seen = {}
  local function render(x, depth, indent)
    local t = type(x)
    if t == "string" then return paint("32", (sformat("%q", x):gsub("\\\n", "\\n"))) end
    if t == "number" then return paint("33", fmtnum(x)) end
    if t == "boolean" or t == "nil" then return paint("35", tostring(x)) end
    if t ~= "table" or getmt(x) ~= nil and getmt(x).__tostring then
      if t == "function" then return paint("36", "<function>") end
      return paint("36", tostring(x))
    end
    if seen[x] then return "<cycle>" end
    if depth >= maxdepth then return "{…}" end
    seen[x] = true
    local keys, n = {}, #x
    for k in pairs(x) do
      if not (mtype(k) == "integer" and k >= 1 and k <= n) then keys[#keys + 1] = k end
    end
    sort(keys, function(a, b)
      local ta, tb = type(a), type(b)
      if ta ~= tb then return ta < tb end
      if ta == "number" or ta == "string" then return a < b end
      return tostring(a) < tostring(b)
    end)
    local parts, count, inner = {}, 0, indent .. "  "
    for i = 1, n do
      count = count + 1
      if count > maxitems then break end
      parts[#parts + 1] = render(x[i], depth + 1, inner)
    end
    for _, k in ipairs(keys) do
      count = count + 1
      if count > maxitems then break end
      local key = (type(k) == "string" and k:match(idpattern)) and k or ("[" .. render(k, depth + 1, inner) .. "]")
      parts[#parts + 1] = key .. " = " .. render(x[k], depth + 1, inner)
    end
    if count > maxitems then parts[#parts + 1] = sformat("… (%d more)", count - maxitems + (n + #keys - count)) end
    seen[x] = nil
    local line = "{" .. concat(parts, ", ") .. "}"
    if not width or #parts == 0 or (not line:find("\n") and #indent + columns(line) <= width) then return line end
    return "{\n" .. inner .. concat(parts, ",\n" .. inner) .. "\n" .. indent .. "}"
  end
  return render(v, 0, "")
end

P.idpattern = idpattern
