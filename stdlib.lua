-- stdlib.lua: the Lua side of Lunette's API, loaded into every Lua state.
-- The Swift bridge provides primitives in `lunette._native` (N below); everything a
-- user touches (value types, Image methods, Filter objects, step constructors) is here.

local N = lunette._native
local mtype, floor, huge = math.type, math.floor, math.huge

local function fmtnum(v)
  if mtype(v) == "float" and v == floor(v) and v > -1e15 and v < 1e15 then return string.format("%d", v) end
  return tostring(v)
end

local function argerror(n, fname, expected, got)
  error(string.format("bad argument #%d to '%s' (%s expected, got %s)", n, fname, expected, got), 3)
end

local function typename(v)
  local mt = getmetatable(v)
  if type(mt) == "table" and type(mt.__name) == "string" then return mt.__name end
  return type(v)
end

local function checknumber(v, n, fname)
  if type(v) ~= "number" then argerror(n, fname, "number", typename(v)) end
  return v
end

-- Value types ------------------------------------------------------------------

local function valuetype(name, fields, ctor)
  local T = {}
  local mt = {__name = name, __index = T}
  T.__mt = mt
  setmetatable(T, {__call = function(_, ...) return ctor(mt, ...) end})
  mt.__tostring = function(v)
    local parts = {}
    for i, f in ipairs(fields) do parts[i] = fmtnum(v[f]) end
    return name .. "(" .. table.concat(parts, ", ") .. ")"
  end
  mt.__eq = function(a, b)
    for _, f in ipairs(fields) do if a[f] ~= b[f] then return false end end
    return true
  end
  N.register(name, mt)
  return T, mt
end

local function fromargs(mt, fields, fname, defaults, ...)
  local first = ...
  local v = {}
  if type(first) == "table" and getmetatable(first) == nil then
    for i, f in ipairs(fields) do
      local x = first[f]
      if x == nil then x = first[i] end
      if x == nil then x = defaults[f] end
      if type(x) ~= "number" then argerror(1, fname, "table with number field '" .. f .. "'", type(x)) end
      v[f] = x
    end
  else
    for i, f in ipairs(fields) do
      local x = select(i, ...)
      if x == nil then x = defaults[f] end
      v[f] = checknumber(x, i, fname)
    end
  end
  return setmetatable(v, mt)
end

Point = valuetype("Point", {"x", "y"}, function(mt, ...) return fromargs(mt, {"x", "y"}, "Point", {}, ...) end)
Point.__mt.__add = function(a, b) return Point(a.x + b.x, a.y + b.y) end
Point.__mt.__sub = function(a, b) return Point(a.x - b.x, a.y - b.y) end

local rectfields = {"x", "y", "width", "height"}
Rect = valuetype("Rect", rectfields, function(mt, ...) return fromargs(mt, rectfields, "Rect", {}, ...) end)
Rect.infinite = setmetatable({x = -8.98846567431158e307, y = -8.98846567431158e307,
                              width = 1.7976931348623157e308, height = 1.7976931348623157e308}, Rect.__mt)
local rect_tostring = Rect.__mt.__tostring
Rect.__mt.__tostring = function(r)
  if r.width >= 1e300 then return "Rect.infinite" end
  return rect_tostring(r)
end
function Rect.isInfinite(r) return r.width >= 1e300 or r.height >= 1e300 end
function Rect.contains(r, p)
  if Rect.isInfinite(r) then return true end
  if getmetatable(p) == Rect.__mt then
    return p.x >= r.x and p.y >= r.y and p.x + p.width <= r.x + r.width and p.y + p.height <= r.y + r.height
  end
  return p.x >= r.x and p.x < r.x + r.width and p.y >= r.y and p.y < r.y + r.height
end
function Rect.intersection(a, b) return N.rect_op(a, b, "intersection") end
function Rect.union(a, b) return N.rect_op(a, b, "union") end
function Rect.inset(r, dx, dy) return N.rect_op(r, Rect(dx, dy or dx, 0, 0), "inset") end

local colorfields = {"r", "g", "b", "a"}
Color = valuetype("Color", colorfields, function(mt, first, ...)
  if type(first) == "string" then
    local c = N.color_hex(first)
    if not c then error("bad argument #1 to 'Color' (\"#rrggbb[aa]\" expected, got \"" .. first .. "\")", 3) end
    return c
  end
  return fromargs(mt, colorfields, "Color", {a = 1, r = 0, g = 0, b = 0}, first, ...)
end)

Vector = {}
Vector.__mt = {__name = "Vector"}
local vnames = {x = 1, y = 2, z = 3, w = 4}
Vector.__mt.__index = function(v, k) local i = vnames[k]; if i then return rawget(v, i) end; return Vector[k] end
Vector.__mt.__tostring = function(v)
  local parts = {}
  for i = 1, #v do parts[i] = fmtnum(v[i]) end
  return "Vector(" .. table.concat(parts, ", ") .. ")"
end
Vector.__mt.__eq = function(a, b)
  if #a ~= #b then return false end
  for i = 1, #a do if a[i] ~= b[i] then return false end end
  return true
end
setmetatable(Vector, {__call = function(_, first, ...)
  local src = (type(first) == "table" and getmetatable(first) == nil) and first or {first, ...}
  local v = {}
  for i = 1, #src do v[i] = checknumber(src[i], i, "Vector") end
  return setmetatable(v, Vector.__mt)
end})
N.register("Vector", Vector.__mt)

local tfields = {"a", "b", "c", "d", "tx", "ty"}
Transform = valuetype("Transform", tfields, function(mt, ...)
  if select("#", ...) == 0 then return setmetatable({a = 1, b = 0, c = 0, d = 1, tx = 0, ty = 0}, mt) end
  return fromargs(mt, tfields, "Transform", {}, ...)
end)
Transform.identity = Transform()
function Transform.translate(x, y) return Transform(1, 0, 0, 1, x, y) end
function Transform.scale(sx, sy) return Transform(sx, 0, 0, sy or sx, 0, 0) end
function Transform.rotate(a) return Transform(math.cos(a), math.sin(a), -math.sin(a), math.cos(a), 0, 0) end
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
Transform.__mt.__mul = function(t, v)
  if getmetatable(v) == Point.__mt then return Point(t.a * v.x + t.c * v.y + t.tx, t.b * v.x + t.d * v.y + t.ty) end
  return Transform.concat(v, t)
end

-- Images -----------------------------------------------------------------------

Image = {}
local imagemt = N.metatable("Image")
local imageprops = {
  extent = N.image_extent,
  width = function(img) return N.image_extent(img).width end,
  height = function(img) return N.image_extent(img).height end,
}
imagemt.__index = function(img, k)
  local m = Image[k]
  if m ~= nil then return m end
  local p = imageprops[k]
  if p then return p(img) end
  return nil
end
imagemt.__tostring = N.image_tostring
Image.load = N.image_load
Image.color = N.image_color
Image.save = N.image_save
Image.cropped = N.image_cropped
Image.transformed = N.image_transformed
Image.clampedToExtent = N.image_clamped
Image.pixel = N.image_pixel

local function haskey(f, key)
  for _, k in ipairs(f:keys()) do if k == key then return true end end
  return false
end

--- Applies a filter by name (or a step) with input values; the "input" prefix is optional.
--- A generator (no inputImage) ignores `img`: `img | CIQRCodeGenerator{…}` starts a new chain.
function Image.apply(img, name, params)
  if getmetatable(name) == Step then return name:apply(img) end
  if type(name) ~= "string" then argerror(2, "apply", "filter name or step", typename(name)) end
  local f = Filter(name)
  if haskey(f, "inputImage") then f.inputImage = img end
  for k, v in pairs(params or {}) do f[k] = v end
  return f.outputImage
end

imagemt.__bor = function(img, step)
  if getmetatable(step) ~= Step then argerror(2, "|", "step", typename(step)) end
  return step:apply(img)
end

-- Filters ----------------------------------------------------------------------

local filtermt = N.metatable("Filter")
local filtermethods = {
  setDefaults = N.filter_setdefaults,
  keys = N.filter_keys,
}
filtermt.__index = function(f, k)
  local m = filtermethods[k]
  if m then return m end
  return N.filter_get(f, k)
end
filtermt.__newindex = N.filter_set
filtermt.__tostring = N.filter_tostring

Filter = setmetatable({}, {__call = function(_, name) return N.filter_new(name) end})
Filter.names = N.filter_names
Filter.attributes = N.filter_attributes
Filter.categories = N.filter_categories
Filter.describe = N.filter_describe

-- The grouped list (CIFilterTest's FiltersList): categories in a fixed order, each filter
-- unique in the first category that lists it. tostring(catalog) is the formatted log.
local Record = {__name = "FilterRecord"}
Record.__index = Record
function Record.__tostring(r)
  return r.name .. " (" .. r.displayName .. ")" .. (r.isDuplicate and " [duplicate]" or "")
end
local CategoryInfo = {__name = "CategoryInfo"}
CategoryInfo.__index = CategoryInfo
function CategoryInfo.__tostring(c)
  return string.format("%s: %d filters, %d unique", c.name, #c.records, #c.unique)
end
local Catalog = {__name = "FilterCatalog"}
Catalog.__index = Catalog
function Catalog.__tostring(c) return c.log end

--- Lua: `print(Filter.catalog())`, `Filter.catalog(true)` adds input keys to the log.
function Filter.catalog(withKeys)
  local categories, summary, log = N.filter_catalog(withKeys)
  local byName = {}
  for _, c in ipairs(categories) do
    c.unique = {}
    for _, r in ipairs(c.records) do
      setmetatable(r, Record)
      if not r.isDuplicate then c.unique[#c.unique + 1] = r end
    end
    byName[c.name] = setmetatable(c, CategoryInfo)
  end
  return setmetatable({categories = categories, byName = byName, summary = summary, log = log}, Catalog)
end

-- Steps: `CIGaussianBlur{radius = 4}` builds a step; `img | step` applies it.

Step = {__name = "Step"}
Step.__index = Step
function Step.apply(step, img)
  return Image.apply(img, step.filter, step.inputs)
end
function Step.__tostring(step)
  local keys = {}
  for k in pairs(step.inputs) do keys[#keys + 1] = k end
  table.sort(keys)
  local parts = {}
  for i, k in ipairs(keys) do
    local v = step.inputs[k]
    parts[i] = k .. " = " .. (type(v) == "string" and string.format("%q", v) or tostring(v))
  end
  return step.filter .. "{" .. table.concat(parts, ", ") .. "}"
end

for _, name in ipairs(Filter.names()) do
  _ENV[name] = function(inputs)
    if inputs ~= nil and type(inputs) ~= "table" then argerror(1, name, "table", typename(inputs)) end
    return setmetatable({filter = name, inputs = inputs or {}}, Step)
  end
end

-- The CLI's `apply -f STEP`: a step is a Lua expression evaluated with only values,
-- math and step constructors in scope.
local stepenv = setmetatable({}, {__index = function(_, k)
  if k == "math" then return math end
  local v = _ENV[k]
  if getmetatable(v) == nil and type(v) ~= "function" then return nil end
  return v
end})

function lunette.parsestep(src)
  local chunk, err = load("return " .. src, "=-f '" .. src .. "'", "t", stepenv)
  if not chunk then error(err, 0) end
  local step = chunk()
  if getmetatable(step) ~= Step then
    error("-f '" .. src .. "': expected a step such as CISepiaTone{intensity = 0.8}, got " .. typename(step), 0)
  end
  return step
end

function lunette.applysteps(img, sources)
  for _, src in ipairs(sources) do img = lunette.parsestep(src):apply(img) end
  return img
end

-- ============================================================================
-- Generators and specials (issue 6)
-- ============================================================================

--- Lua: `qr:scaledNearest(8)` enlarges by a whole factor without blurring (nearest neighbour).
Image.scaledNearest = N.image_scaledNearest

-- Specials: per-filter hooks for the cases Core Image apps hard-code (CIFilterTest).
--   prepare(filter)              fills in inputs a demo needs; returns the filter
--   present(image, width, height) turns the output into something to show at that size
specials = specials or {}

--- The largest whole factor that fits `img` into width×height (at least 1), applied with
--- nearest-neighbour sampling so one-pixel modules stay square and sharp.
function specials.fitNearest(img, width, height)
  if type(width) == "table" then width, height = width.width, width.height end
  checknumber(width, 2, "fitNearest"); checknumber(height, 3, "fitNearest")
  local e = img.extent
  if Rect.isInfinite(e) then error("fitNearest: the image has an infinite extent; crop it first", 2) end
  local k = math.floor(math.min(width / e.width, height / e.height))
  if k < 1 then k = 1 end
  return img:scaledNearest(k)
end

local function defaultMessage(payload, extra)
  return function(f)
    if f.inputMessage == nil or f.inputMessage == "" then
      f.inputMessage = payload
      for k, v in pairs(extra or {}) do f[k] = v end
    end
    return f
  end
end

specials.CIQRCodeGenerator = {
  prepare = defaultMessage("https://example.org", {inputCorrectionLevel = "M"}),
  present = specials.fitNearest,
}
specials.CIAztecCodeGenerator = {prepare = defaultMessage("https://example.org"), present = specials.fitNearest}
specials.CICode128BarcodeGenerator = {prepare = defaultMessage("LUNETTE-0001"), present = specials.fitNearest}
specials.CIPDF417BarcodeGenerator = {prepare = defaultMessage("https://example.org"), present = specials.fitNearest}
