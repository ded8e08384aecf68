-- stdlib/values.lua: the helpers every part uses (number formatting, type names, argument
-- errors) and the value types Point, Rect, Color, Vector and Transform.

local N, P = ...
local getmt = debug.getmetatable
local floor = math.floor
local sformat, concat = string.format, table.concat

local function fmtnum(v)
  if v ~= v then return "0/0" end
  if v == math.huge then return "math.huge" elseif v == -math.huge then return "-math.huge" end
  if v == floor(v) and v > -1e15 and v < 1e15 then return sformat("%d", v) end
  -- the shortest form that reads back exactly (128/255 is 0.5019607843137255, 16 digits)
  for digits = 15, 16 do
    local s = sformat("%." .. digits .. "g", v)
    if tonumber(s) == v then return s end
  end
  return sformat("%.17g", v)
end

local function typename(v)
  local mt = getmt(v)
  if type(mt) == "table" and type(rawget(mt, "__name")) == "string" then return mt.__name end
  return type(v)
end
lunette.typename = typename

local function argerror(n, fname, expected, got, level)
  error(sformat("bad argument #%d to '%s' (%s expected, got %s)", n, fname, expected, got), (level or 2) + 1)
end

local function checknumber(v, n, fname)
  if type(v) ~= "number" then argerror(n, fname, "number", typename(v), 3) end
  return v
end

-- Value types -----------------------------------------------------------------------
-- Plain tables with a metatable; the Swift bridge reads their fields.

local function valuetype(name, fields, defaults)
  local T = {}
  local mt = {__name = name, __index = T}
  T.__mt = mt
  local function build(first, ...)
    local v = {}
    if type(first) == "table" and getmt(first) == nil then
      for i, f in ipairs(fields) do
        local x = first[f]
        if x == nil then x = first[i] end
        if x == nil then x = defaults[f] end
        if type(x) ~= "number" then
          error(sformat("bad argument #1 to '%s' (number expected for field '%s', got %s)", name, f, typename(x)), 3)
        end
        v[f] = x
      end
    else
      local args = {first, ...}
      for i, f in ipairs(fields) do
        local x = args[i]
        if x == nil then x = defaults[f] end
        v[f] = checknumber(x, i, name)
      end
    end
    return setmetatable(v, mt)
  end
  setmetatable(T, {__call = function(_, ...) return build(...) end})
  mt.__tostring = function(v)
    local parts = {}
    for i, f in ipairs(fields) do parts[i] = fmtnum(v[f]) end
    return name .. "(" .. concat(parts, ", ") .. ")"
  end
  mt.__eq = function(a, b)
    for _, f in ipairs(fields) do if a[f] ~= b[f] then return false end end
    return true
  end
  N.register(name, mt)
  return T, mt
end

local function is(v, T) return getmt(v) == T.__mt end

--- Point(x, y), Point{x = 1, y = 2}; + − with points, * and / with numbers.
Point = valuetype("Point", {"x", "y"}, {})
Point.__mt.__add = function(a, b) return Point(a.x + b.x, a.y + b.y) end
Point.__mt.__sub = function(a, b) return Point(a.x - b.x, a.y - b.y) end
Point.__mt.__unm = function(a) return Point(-a.x, -a.y) end
Point.__mt.__mul = function(a, b)
  if type(a) == "number" then a, b = b, a end
  return Point(a.x * checknumber(b, 2, "*"), a.y * b)
end
Point.__mt.__div = function(a, b) return Point(a.x / checknumber(b, 2, "/"), a.y / b) end

--- Rect(x, y, width, height), Rect{x =, y =, width =, height =}, Rect.infinite.
Rect = valuetype("Rect", {"x", "y", "width", "height"}, {})
Rect.infinite = setmetatable({x = -8.98846567431158e307, y = -8.98846567431158e307,
                              width = 1.7976931348623157e308, height = 1.7976931348623157e308}, Rect.__mt)
local rect_tostring = Rect.__mt.__tostring
Rect.__mt.__tostring = function(r)
  if r.width >= 1e300 or r.height >= 1e300 then return "Rect.infinite" end
  return rect_tostring(r)
end
function Rect.isInfinite(r) return r.width >= 1e300 or r.height >= 1e300 end
function Rect.isEmpty(r) return not (r.width > 0 and r.height > 0) end
function Rect.contains(r, p)
  if Rect.isInfinite(r) then return true end
  if is(p, Rect) then
    return p.x >= r.x and p.y >= r.y and p.x + p.width <= r.x + r.width and p.y + p.height <= r.y + r.height
  end
  if not is(p, Point) then argerror(1, "contains", "Point or Rect", typename(p)) end
  return p.x >= r.x and p.x < r.x + r.width and p.y >= r.y and p.y < r.y + r.height
end
function Rect.intersection(a, b) return N.rect_op(a, b, "intersection") end
function Rect.union(a, b) return N.rect_op(a, b, "union") end
--- r:inset(dx, dy): shrinks (positive) or grows (negative) every side.
function Rect.inset(r, dx, dy) return N.rect_op(r, Rect(dx, dy or dx, 0, 0), "inset") end
function Rect.center(r) return Point(r.x + r.width / 2, r.y + r.height / 2) end

--- Color(r, g, b[, a]), Color{r =, g =, b =}, Color"#rrggbb[aa]": sRGB components, straight alpha.
Color = valuetype("Color", {"r", "g", "b", "a"}, {r = 0, g = 0, b = 0, a = 1})
local color_build = getmetatable(Color).__call
-- Colours made from hex remember the text (weak keys), and print as written while unchanged.
local hexwritten = setmetatable({}, {__mode = "k"})
getmetatable(Color).__call = function(self, first, ...)
  if type(first) == "string" then
    local c = N.color_hex(first)
    if not c then error("bad argument #1 to 'Color' (\"#rrggbb[aa]\" expected, got \"" .. first .. "\")", 2) end
    hexwritten[c] = first:lower()
    return c
  end
  return color_build(self, first, ...)
end
local color_tostring = Color.__mt.__tostring
Color.__mt.__tostring = function(c)
  local hex = hexwritten[c]
  local h = hex and N.color_hex(hex)
  if h and h.r == c.r and h.g == c.g and h.b == c.b and h.a == c.a then return 'Color"' .. hex .. '"' end
  return color_tostring(c)
end
function Color.hex(c)
  local function b(v) return floor(math.max(0, math.min(1, v)) * 255 + 0.5) end
  return sformat("#%02x%02x%02x%02x", b(c.r), b(c.g), b(c.b), b(c.a))
end

--- Vector(1, 0, 0, 0) or Vector{…}: 1–n numbers; v[1], v.x … v.w, #v; + − and * by a number.
Vector = {}
Vector.__mt = {__name = "Vector"}
local vnames = {x = 1, y = 2, z = 3, w = 4}
Vector.__mt.__index = function(v, k) local i = vnames[k]; if i then return rawget(v, i) end; return Vector[k] end
Vector.__mt.__tostring = function(v)
  local parts = {}
  for i = 1, #v do parts[i] = fmtnum(v[i]) end
  return "Vector(" .. concat(parts, ", ") .. ")"
end
Vector.__mt.__eq = function(a, b)
  if #a ~= #b then return false end
  for i = 1, #a do if a[i] ~= b[i] then return false end end
  return true
end
local function vzip(a, b, f, op)
  if #a ~= #b then error(sformat("attempt to %s Vectors of %d and %d components", op, #a, #b), 3) end
  local out = {}
  for i = 1, #a do out[i] = f(a[i], b[i]) end
  return setmetatable(out, Vector.__mt)
end
Vector.__mt.__add = function(a, b) return vzip(a, b, function(x, y) return x + y end, "add") end
Vector.__mt.__sub = function(a, b) return vzip(a, b, function(x, y) return x - y end, "subtract") end
Vector.__mt.__mul = function(a, b)
  if type(a) == "number" then a, b = b, a end
  checknumber(b, 2, "*")
  local out = {}
  for i = 1, #a do out[i] = a[i] * b end
  return setmetatable(out, Vector.__mt)
end
setmetatable(Vector, {__call = function(_, first, ...)
  local src = (type(first) == "table" and getmt(first) == nil) and first or {first, ...}
  local v = {}
  for i = 1, #src do v[i] = checknumber(src[i], i, "Vector") end
  return setmetatable(v, Vector.__mt)
end})
N.register("Vector", Vector.__mt)

--- Transform(a, b, c, d, tx, ty) maps (x, y) to (a·x + c·y + tx, b·x + d·y + ty).
Transform = valuetype("Transform", {"a", "b", "c", "d", "tx", "ty"}, {a = 1, b = 0, c = 0, d = 1, tx = 0, ty = 0})
Transform.identity = Transform()
function Transform.translate(x, y) return Transform(1, 0, 0, 1, checknumber(x, 1, "translate"), checknumber(y, 2, "translate")) end
function Transform.scale(sx, sy) checknumber(sx, 1, "scale"); return Transform(sx, 0, 0, sy or sx, 0, 0) end
function Transform.rotate(a) checknumber(a, 1, "rotate"); return Transform(math.cos(a), math.sin(a), -math.sin(a), math.cos(a), 0, 0) end
--- t:concat(u): t first, then u.
function Transform.concat(t, u)
  return Transform(t.a * u.a + t.b * u.c, t.a * u.b + t.b * u.d, t.c * u.a + t.d * u.c,
                   t.c * u.b + t.d * u.d, t.tx * u.a + t.ty * u.c + u.tx, t.tx * u.b + t.ty * u.d + u.ty)
end
function Transform.translated(t, x, y) return t:concat(Transform.translate(x, y)) end
function Transform.scaled(t, sx, sy) return t:concat(Transform.scale(sx, sy)) end
function Transform.rotated(t, a) return t:concat(Transform.rotate(a)) end
function Transform.inverted(t)
  local det = t.a * t.d - t.b * t.c
  if det == 0 then error("Transform is not invertible", 2) end
  return Transform(t.d / det, -t.b / det, -t.c / det, t.a / det,
                   (t.c * t.ty - t.d * t.tx) / det, (t.b * t.tx - t.a * t.ty) / det)
end
--- t * p applies t to a Point; t * u is "u first, then t".
Transform.__mt.__mul = function(t, v)
  if is(v, Point) then return Point(t.a * v.x + t.c * v.y + t.tx, t.b * v.x + t.d * v.y + t.ty) end
  if not is(v, Transform) then argerror(2, "*", "Point or Transform", typename(v)) end
  return Transform.concat(v, t)
end

P.fmtnum, P.typename, P.argerror, P.checknumber, P.is = fmtnum, typename, argerror, checknumber, is
