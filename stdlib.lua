-- stdlib.lua: the Lua side of Lunette's API, loaded into every Lua state.
-- The Swift bridge provides primitives in `lunette._native` (N below); everything a user
-- touches — value types, Image methods, Filter objects, step constructors, kernels,
-- specials, plugins, the sandbox and the pretty printer — is defined here.

local N = lunette._native
local getmt = debug.getmetatable
local mtype, floor = math.type, math.floor
local sformat, concat, sort = string.format, table.concat, table.sort

-- Helpers ---------------------------------------------------------------------------

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

-- Images ----------------------------------------------------------------------------

Image = {}
local imagemt = N.metatable("Image")
local imageprops = {
  extent = N.image_extent,
  width = function(img) return N.image_extent(img).width end,
  height = function(img) return N.image_extent(img).height end,
  -- issue 21: EXIF/TIFF/GPS fields of a loaded file (CIImage.properties); {} for made images
  properties = N.image_properties,
}
imagemt.__index = function(img, k)
  local m = Image[k]
  if m ~= nil then return m end
  local p = imageprops[k]
  if p then return p(img) end
  return nil
end
imagemt.__tostring = N.image_tostring
imagemt.__close = N.release
--- Image.load(path[, {colorSpace = false, orient = false, page = 2, shrink = 4}]): PNG, JPEG, WebP, TIFF, HEIF, AVIF
Image.load = N.image_load
--- img:save(path[, {format = "jpeg", quality = 90, progressive = true, colorSpace = "display-p3", strip = true, depth = 16}])
Image.save = N.image_save
Image.color = N.image_color
Image.cropped = N.image_cropped
Image.transformed = N.image_transformed
Image.clampedToExtent = N.image_clamped
Image.pixel = N.image_pixel
--- img:scaledNearest(k): k× larger with nearest-neighbour sampling (crisp generator output).
Image.scaledNearest = N.image_scaledNearest
--- Image.new(w, h, function(x, y) return Color(…) end): a small synthetic image.
Image.new = N.image_new

local function haskey(f, key)
  for _, k in ipairs(f:keys()) do if k == key then return true end end
  return false
end

--- img:apply("CISepiaTone", {intensity = 0.8}) or img:apply(step): the "input" prefix is optional.
--- A generator (no inputImage) ignores `img`: `img | CIQRCodeGenerator{…}` starts a new chain.
function Image.apply(img, name, params)
  if getmt(name) == Step then return name:apply(img) end
  if type(name) ~= "string" then argerror(2, "apply", "filter name or step", typename(name)) end
  if params ~= nil and type(params) ~= "table" then argerror(3, "apply", "table", typename(params)) end
  local f = Filter(name)
  if haskey(f, "inputImage") then f.inputImage = img end
  for k, v in pairs(params or {}) do f[k] = v end
  return f.outputImage
end

-- Filters ---------------------------------------------------------------------------

local filtermt = N.metatable("Filter")
local filtermethods = {setDefaults = N.filter_setdefaults, keys = N.filter_keys}
filtermt.__index = function(f, k)
  local m = filtermethods[k]
  if m then return m end
  return N.filter_get(f, k)
end
filtermt.__newindex = N.filter_set
filtermt.__tostring = N.filter_tostring

--- Filter("CIGaussianBlur"): a filter with its defaults set.
Filter = setmetatable({}, {__call = N.filter_Filter})
Filter.names = N.filter_names
Filter.attributes = N.filter_attributes
Filter.categories = N.filter_categories
Filter.describe = N.filter_describe

-- The grouped list (CIFilterTest's FiltersList): categories in a fixed order, each filter
-- unique in the first category that lists it. tostring(catalog) is the formatted log.
local Record = {__name = "FilterRecord"}
function Record.__tostring(r)
  return r.name .. " (" .. r.displayName .. ")" .. (r.isDuplicate and " [duplicate]" or "")
end
local CategoryInfo = {__name = "CategoryInfo"}
function CategoryInfo.__tostring(c)
  return sformat("%s: %d filters, %d unique", c.name, #c.records, #c.unique)
end
local Catalog = {__name = "FilterCatalog"}
function Catalog.__tostring(c) return c.log end

--- Filter.catalog([withKeys]): categories, their records, and the formatted log.
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

local function quote(v)
  if type(v) == "string" then return sformat("%q", v) end
  if type(v) == "number" then return fmtnum(v) end
  return tostring(v)
end

--- step:apply(img[, {present = true, target = rect}]): with `present`, the filter's specials run.
function Step.apply(step, img, opts)
  if opts and opts.present then return lunette.ready(step.filter, img, step.inputs, opts.target) end
  return Image.apply(img, step.filter, step.inputs)
end

function Step.__tostring(step)
  local keys = {}
  for k in pairs(step.inputs) do keys[#keys + 1] = k end
  sort(keys)
  local parts = {}
  for i, k in ipairs(keys) do parts[i] = k .. " = " .. quote(step.inputs[k]) end
  return step.filter .. "{" .. concat(parts, ", ") .. "}"
end

local ExprMT  -- per-frame inputs (Expr"…", below): checked when a frame renders, not here

-- A step's inputs are checked when it is built, so a bad value fails at the line that wrote it.
local function checkinputs(name, inputs)
  local f = Filter(name)
  for k, v in pairs(inputs) do
    if type(k) ~= "string" then error(sformat("%s: input keys are names, got %s", name, typename(k)), 3) end
    if type(v) ~= "function" and getmt(v) ~= ExprMT then
      local ok, err = pcall(filtermt.__newindex, f, k, v)
      if not ok then error(err, 0) end
    end
  end
end

--- Defines the global step constructor for a registered filter name.
function lunette.defineStep(name)
  _ENV[name] = function(inputs)
    if inputs ~= nil and type(inputs) ~= "table" then argerror(1, name, "table", typename(inputs)) end
    checkinputs(name, inputs or {})
    return setmetatable({filter = name, inputs = inputs or {}}, Step)
  end
end

-- The enabled steps of a chain, in order.
local function enabledsteps(c)
  local list = {}
  for _, e in ipairs(c._entries) do if e.enabled then list[#list + 1] = e.step end end
  return list
end

--- step1 | step2: the two steps as a Chain, so `img | (CISepiaTone{} | CIGaussianBlur{})` and
--- `-f 'CISepiaTone{} | CIGaussianBlur{}'` work.
Step.__bor = function(a, b)
  if getmt(a) ~= Step then argerror(1, "|", "image or step", typename(a)) end
  if getmt(b) == Step then return Chain{a, b} end
  if type(getmt(b)) == "table" and rawget(getmt(b), "__name") == "Chain" then
    local c = Chain{a}
    for _, step in ipairs(enabledsteps(b)) do c:insert(step) end
    return c
  end
  argerror(2, "|", "step", typename(b))
end

-- The message for a name that is not a filter: `unknown filter 'CIGausianBlur' (did you mean …?)`.
local function unknownfilter(name)
  local _, err = pcall(N.filter_attributes, name)
  return (tostring(err):gsub("^[^\n]-:%d+: ", ""))
end
lunette.unknownfilter = unknownfilter

-- Reading an undefined global named like a Core Image filter (`CIGausianBlur{}`) is that error,
-- not "attempt to call a nil value".
setmetatable(_ENV, {__index = function(_, k)
  if type(k) == "string" and k:match("^CI%u") then error(unknownfilter(k), 2) end
end})

for _, name in ipairs(Filter.names()) do lunette.defineStep(name) end

-- Kernels: named convolution weights (Core Image order: row-major from the top row).

kernels = {
  identity3 = Vector(0, 0, 0, 0, 1, 0, 0, 0, 0),
  sharpen3 = Vector(0, -1, 0, -1, 5, -1, 0, -1, 0),
  edge3 = Vector(-1, -1, -1, -1, 8, -1, -1, -1, -1),
  emboss3 = Vector(-2, -1, 0, -1, 1, 1, 0, 1, 2),
  box3 = Vector(1/9, 1/9, 1/9, 1/9, 1/9, 1/9, 1/9, 1/9, 1/9),
  gaussian3 = Vector(1/16, 2/16, 1/16, 2/16, 4/16, 2/16, 1/16, 2/16, 1/16),
  sobelX3 = Vector(-1, 0, 1, -2, 0, 2, -1, 0, 1),
  sobelY3 = Vector(1, 2, 1, 0, 0, 0, -1, -2, -1),
  box5 = Vector((function() local t = {} for i = 1, 25 do t[i] = 1/25 end return t end)()),
  gaussian5 = Vector((function()
    local row, t = {1, 4, 6, 4, 1}, {}
    for r = 1, 5 do for c = 1, 5 do t[#t + 1] = row[r] * row[c] / 256 end end
    return t
  end)()),
}

-- Specials: per-filter adjustments for a "ready to show" result (never applied inside
-- Filter itself). prepare(f) sets sample inputs a UI has no control for; input(img)
-- adapts an image input; present(out, target) makes the output presentable.

specials = {}

local function cropBack(out, target) return out:cropped(target) end
local function clampInput(img) return img:clampedToExtent() end
for _, name in ipairs{"CIGaussianBlur", "CIConvolution3X3", "CIConvolution5X5", "CIConvolution9Horizontal",
                      "CIConvolution9Vertical", "CIUnsharpMask", "CISharpenLuminance", "CIBloom", "CIGloom",
                      "CIHighlightShadowAdjust", "CIAffineClamp", "CIAffineTile"} do
  specials[name] = {input = clampInput, present = cropBack}
end
specials.CIConvolution3X3.prepare = function(f) f.inputWeights = kernels.sharpen3 end
specials.CIConvolution5X5.prepare = function(f) f.inputWeights = kernels.gaussian5 end

--- lunette.ready(name, img, inputs, target): the filter with defaults, specials and the
--- given inputs, its output presented for `target` (default: the input image's extent).
function lunette.ready(name, img, inputs, target)
  local f = Filter(name)
  local s = specials[N.filter_get(f, "name")] or {}
  if s.prepare then s.prepare(f) end
  if img ~= nil and haskey(f, "inputImage") then f.inputImage = s.input and s.input(img) or img end
  for k, v in pairs(inputs or {}) do f[k] = v end
  local out = f.outputImage
  target = target or (img and img.extent)
  -- A chain that starts with a generator has no input: each step is presented for what it got.
  if target and Rect.isEmpty(target) then target = img and not Rect.isEmpty(img.extent) and img.extent or nil end
  if s.present and target then out = s.present(out, target) end
  return out, f
end

-- Stock inputs for `lunette try`, `:try` and the gallery: `stock.roles` names the stock image
-- each image input gets (`other`: any key not listed), `stock.images` maps a name to a file
-- below the assets folder or to a function(canvas) building one, `stock.inputs` holds sample
-- values for inputs whose default shows nothing happening (a transition at time 0 is its
-- source): by input key for every filter, or by filter name for one filter whose defaults
-- are the identity (a value may be a function(canvas)); the filters' own defaults stay
-- Core Image's. `stock.size` (if set) scales the photos to that longest side. Scripts may change all.

local stripStops = {{0.05, 0.03, 0.2}, {0.45, 0.05, 0.55}, {0.95, 0.35, 0.2}, {1, 0.85, 0.25}, {1, 1, 0.9}}
stock = {
  roles = {inputImage = "astronaut", inputBackgroundImage = "coffee", inputTargetImage = "chelsea",
           inputMaskImage = "mask", inputGradientImage = "strip", other = "chelsea"},
  images = {
    astronaut = "photos/astronaut.png", coffee = "photos/coffee.png", chelsea = "photos/chelsea.png",
    -- opaque white in the middle of the canvas, fading to clear towards its edges
    mask = function(canvas)
      local g, c, r = Filter("CIRadialGradient"), canvas:center(), math.min(canvas.width, canvas.height) / 2
      g.center, g.radius0, g.radius1 = Vector(c.x, c.y), r * 0.25, r
      g.color0, g.color1 = Color(1, 1, 1, 1), Color(0, 0, 0, 0)
      return g.outputImage:cropped(canvas)
    end,
    -- 256×8: night blue, purple, orange, gold, cream (for CIColorMap and other gradient inputs)
    strip = function()
      return Image.new(256, 8, function(x)
        local t = x / 255 * (#stripStops - 1)
        local i = math.min(floor(t), #stripStops - 2)
        local a, b, u = stripStops[i + 1], stripStops[i + 2], t - i
        return Color(a[1] + (b[1] - a[1]) * u, a[2] + (b[2] - a[2]) * u, a[3] + (b[3] - a[3]) * u)
      end)
    end,
  },
  inputs = {
    inputTime = 0.5,
    -- sample values where the default is the identity (try and the gallery showed the photo unchanged)
    CIAffineTransform = {inputTransform = Transform.rotate(math.pi / 12)},
    CIColorControls = {inputSaturation = 1.8, inputBrightness = 0.05, inputContrast = 1.2},
    CIColorCrossPolynomial = {inputRedCoefficients = Vector(0, 0, 1, 0, 0, 0, 0, 0, 0, 0),
                              inputGreenCoefficients = Vector(1, 0, 0, 0, 0, 0, 0, 0, 0, 0),
                              inputBlueCoefficients = Vector(0, 1, 0, 0, 0, 0, 0, 0, 0, 0)},
    CIColorMatrix = {inputRVector = Vector(0, 0, 1, 0), inputBVector = Vector(1, 0, 0, 0)},
    CIColorPolynomial = {inputRedCoefficients = Vector(0, 0.5, 0.5, 0), inputBlueCoefficients = Vector(0.2, 0.8, 0, 0)},
    CICrop = {inputRectangle = function(c) return Vector(c.x + c.width / 8, c.y + c.height / 8, c.width * 3 / 4, c.height * 3 / 4) end},
    CIExposureAdjust = {inputEV = 1},
    CIGammaAdjust = {inputPower = 0.5},
    CIHueAdjust = {inputAngle = 2},
    CILanczosScaleTransform = {inputScale = 0.5},
    CIStraightenFilter = {inputAngle = 0.2},
    CITemperatureAndTint = {inputTargetNeutral = Vector(4500, 20)},
    CIToneCurve = {inputPoint1 = Vector(0.25, 0.12), inputPoint3 = Vector(0.75, 0.88)},
    CIVibrance = {inputAmount = 1},
    CIVignette = {inputIntensity = 1},
    CIWhitePointAdjust = {inputColor = Color(1, 0.8, 0.55)},
  },
}
-- a 2-cube that swaps red and blue, as CIColorCube's sample table
local swapCube = {}
for b = 0, 1 do for g = 0, 1 do for r = 0, 1 do
  for _, v in ipairs{b, g, r, 1} do swapCube[#swapCube + 1] = v end
end end end
stock.inputs.CIColorCube = {inputCubeDimension = 2, inputCubeData = swapCube}
stock.inputs.CIColorCubeWithColorSpace = {inputCubeDimension = 2, inputCubeData = swapCube}

--- stock.image(name[, canvas]): a stock image by name; with a canvas, a photo is scaled and
--- cropped to cover it (so composites and transitions line up) and generated ones fit it.
function stock.image(name, canvas)
  local src = stock.images[name]
  if type(src) == "function" then return src(canvas or Rect(0, 0, 512, 512)) end
  if type(src) ~= "string" then error("no stock image '" .. tostring(name) .. "' in stock.images", 2) end
  local img = N.stock_load(src, stock.size)
  if not canvas then return img end
  local e = img.extent
  local k = math.max(canvas.width / e.width, canvas.height / e.height)
  local t = Transform.translate(-e.x - e.width / 2, -e.y - e.height / 2):scaled(k, k)
  return img:transformed(t:translated(canvas.x + canvas.width / 2, canvas.y + canvas.height / 2)):cropped(canvas)
end

-- What try used, for its caption: `CIExposureAdjust{EV = 1} on astronaut.png (512×512)`.
local function trycaption(f, images, out)
  local attrs, args, named, defaults = f.attributes, {}, {}, Filter(N.filter_get(f, "name"))
  for _, k in ipairs(f:keys()) do
    if attrs[k].CIAttributeClass ~= "CIImage" then
      local v = f[k]
      if v ~= nil and v ~= defaults[k] then
        local text = type(v) == "string" and #v > 40 and sformat("<%d bytes>", #v) or lunette.pretty(v)
        if #text > 48 then text = text:sub(1, 40):match("^(.*), ") .. ", …)" end
        local rest = k:sub(6)
        args[#args + 1] = (rest:sub(2, 2):match("%u") and rest or rest:sub(1, 1):lower() .. rest:sub(2)) .. " = " .. text
      end
    end
  end
  for _, k in ipairs(f:keys()) do
    if images[k] then named[#named + 1] = (k == "inputImage" and "" or k:sub(6, 6):lower() .. k:sub(7) .. " ") .. images[k] end
  end
  local function size(v) return v == floor(v) and fmtnum(v) or sformat("%.1f", v) end
  local e = out.extent
  return sformat("%s{%s}%s (%s×%s)", N.filter_get(f, "name"), concat(args, ", "),
                 #named > 0 and " on " .. concat(named, ", ") or "", size(e.width), size(e.height))
end

-- A stock image's name for a caption: the photo's file name, or "mask (generated)".
local function stockname(name)
  local src = stock.images[name]
  return type(src) == "string" and src:match("[^/]+$") or tostring(name) .. " (generated)"
end

--- lunette.try(name[, inputs]): the filter with defaults, stock images by role, its specials,
--- then `inputs`; returns the output made presentable (finite, generators cropped to the
--- input photo's extent), the filter, and a caption naming the photos and inputs used.
-- With `stock.size` the photos shrink; positions and distances shrink with them, so a small
-- render shows the same picture as a full-size one (a tile's centre stays on the photo).
local scaledtypes = {CIAttributeTypePosition = true, CIAttributeTypePosition3 = true,
                     CIAttributeTypeDistance = true, CIAttributeTypeRectangle = true}
local function shrunk(v, attr, k)
  if not scaledtypes[attr.CIAttributeType] then return nil end
  if type(v) == "number" then return math.max(v * k, attr.CIAttributeMin or -math.huge) end
  if getmt(v) == Vector.__mt then return v * k end
end

function lunette.try(name, inputs)
  local f = Filter(name)
  local canonical = N.filter_get(f, "name")
  local s, attrs, samples = specials[canonical] or {}, f.attributes, stock.inputs[canonical] or {}
  local target = stock.image(stock.roles.inputImage).extent
  local shrink = 1
  if stock.size and type(stock.images[stock.roles.inputImage]) == "string" then
    local full = N.stock_load(stock.images[stock.roles.inputImage]).extent
    shrink = math.min(1, target.width / full.width)
  end
  local images = {}
  for _, k in ipairs(f:keys()) do
    if attrs[k].CIAttributeClass == "CIImage" then
      local role = stock.roles[k] or stock.roles.other
      local img = stock.image(role, target)
      f[k], images[k] = (k == "inputImage" and s.input) and s.input(img) or img, stockname(role)
    else
      local v = samples[k]
      if v == nil then v = stock.inputs[k] end
      if type(v) == "function" then v = v(target) end
      if v == nil and shrink < 1 then v = shrunk(f[k], attrs[k], shrink) end
      if v ~= nil then f[k] = v end
    end
  end
  if s.prepare then s.prepare(f) end
  for k, v in pairs(inputs or {}) do
    local long = haskey(f, k) and k or "input" .. k:sub(1, 1):upper() .. k:sub(2)
    if long == "inputImage" and getmt(v) == imagemt then target, v = v.extent, s.input and s.input(v) or v end
    if getmt(v) == imagemt then images[long] = sformat("an image %s×%s", fmtnum(v.extent.width), fmtnum(v.extent.height)) end
    f[k] = v
  end
  local out = f.outputImage
  if s.present then out = s.present(out, target) end
  -- the canvas frames an infinite output, and a generator's (it has no input image)
  if Rect.isInfinite(out.extent) or not haskey(f, "inputImage") then out = out:cropped(target) end
  return out, f, trycaption(f, images, out)
end

--- lunette.tryargs{"radius=4", "center=Vector(10, 20)"}: key=value pairs, each value a Lua
--- expression (a value that does not parse, or a bare unknown word, stays a string).
function lunette.tryargs(args)
  local env, out = lunette.sandbox(), {}
  for _, a in ipairs(args) do
    local k, src = a:match("^%s*([%a_][%w_]*)%s*=%s*(.-)%s*$")
    if not k then error("'" .. a .. "': expected key=value, such as radius=4", 0) end
    local chunk, v = load("return " .. src, "=" .. k, "t", env), nil
    if chunk then v = chunk() end
    out[k] = v == nil and src or v
  end
  return out
end

-- Plugins ---------------------------------------------------------------------------

--- lunette.filter{name =, displayName =, categories =, description =, inputs =, apply =}
--- declares a filter in Lua; it joins the registry like a native one.
lunette.filter = N.filter_register

--- lunette.loadPlugin(source, name): runs plugin source in a fresh sandbox (CPU budget,
--- memory cap, no files); errors carry `name:line`.
lunette.loadPlugin = N.plugin_load

local KernelStep = {__name = "ColorKernel"}
KernelStep.__index = KernelStep
function KernelStep.apply(k, img) return N.image_map(img, k.fn) end
function KernelStep.__tostring() return "lunette.colorKernel(<function>)" end

--- lunette.colorKernel(function(r, g, b, a) return r, g, b, a end): a per-pixel Lua kernel
--- (sRGB components, straight alpha); slow — for experiments. Use as `img | kernel`.
function lunette.colorKernel(fn)
  if type(fn) ~= "function" then argerror(1, "colorKernel", "function", typename(fn)) end
  return setmetatable({fn = fn}, KernelStep)
end
imagemt.__bor = function(img, step)
  local mt = getmt(step)
  local chain = type(mt) == "table" and rawget(mt, "__name") == "Chain"
  if mt ~= Step and mt ~= KernelStep and not chain then argerror(2, "|", "step", typename(step)) end
  return step:apply(img)
end

-- The sandbox: plugins (and `lunette run --sandbox`) run in an environment of their own
-- with no io, os (but clock/time/date), debug, package, binary chunks or string.dump.

local function copy(t, except)
  local out = {}
  for k, v in pairs(t) do if not (except and except[k]) then out[k] = v end end
  return out
end

local function readonly(t, name)
  local proxy = {}
  local mt = {
    -- Double-underscore fields (a value type's __mt) stay hidden from untrusted code.
    __index = function(_, k)
      if type(k) == "string" and k:sub(1, 2) == "__" then return nil end
      return t[k]
    end,
    __newindex = function(_, k) error(sformat("attempt to modify %s.%s in the sandbox", name, tostring(k)), 2) end,
    __pairs = function() return next, t, nil end,
    __metatable = name,
  }
  local tmt = getmt(t)
  if tmt and tmt.__call then mt.__call = function(_, ...) return tmt.__call(t, ...) end end
  return setmetatable(proxy, mt)
end

local safeglobals = {"assert", "error", "ipairs", "next", "pairs", "pcall", "print", "rawequal", "rawget",
                     "rawlen", "rawset", "select", "setmetatable", "getmetatable", "tonumber", "tostring",
                     "type", "xpcall", "_VERSION"}

--- lunette.sandbox(): a fresh environment for untrusted code.
function lunette.sandbox()
  local env = {}
  for _, k in ipairs(safeglobals) do env[k] = _G[k] end
  env.string = copy(string, {dump = true})
  env.table, env.math, env.utf8, env.coroutine = copy(table), copy(math), copy(utf8), copy(coroutine)
  env.os = {clock = os.clock, time = os.time, date = os.date}
  env.arg = _G.arg and copy(_G.arg)
  -- `CIGausianBlur{}` in a plugin or chain file: unknown filter (did you mean …?), as in scripts
  setmetatable(env, {__index = function(_, k)
    if type(k) == "string" and k:match("^CI%u") then error(unknownfilter(k), 2) end
  end})
  env.load = function(chunk, name, mode, e)
    if mode ~= nil and mode ~= "t" then error("the sandbox loads text chunks only", 2) end
    return load(chunk, name, "t", e or env)
  end
  for _, k in ipairs{"Point", "Vector", "Rect", "Color", "Transform", "Image", "Filter", "kernels", "Chain", "Expr"} do
    env[k] = readonly(_ENV[k], k)
  end
  env.lunette = readonly({filter = lunette.filter, colorKernel = lunette.colorKernel, typename = typename,
                          sandboxed = true}, "lunette")
  for _, name in ipairs(Filter.names()) do env[name] = _ENV[name] end
  env._G = env
  return env
end

-- The CLI's `apply -f STEP`: a step is a Lua expression evaluated with only values,
-- math and step constructors in scope.

function lunette.parsestep(src)
  local env = lunette.sandbox()
  -- Filter names are case-insensitive here and the CI prefix is optional: sepiatone{}.
  setmetatable(env, {__index = function(_, k)
    local ok, canonical = pcall(N.filter_canonical, k)
    if ok and canonical then return _ENV[canonical] end
    if type(k) == "string" and k:match("^%u") then error(unknownfilter(k), 2) end
  end})
  local chunk, err = load("return " .. src, "=-f '" .. src .. "'", "t", env)
  if not chunk then error(err, 0) end
  local ok, step = pcall(chunk)
  if not ok then
    local msg = tostring(step)
    error(msg:sub(1, 3) == "-f " and msg or "-f '" .. src .. "': " .. msg, 0)
  end
  local mt = getmt(step)
  if mt ~= Step and not (type(mt) == "table" and rawget(mt, "__name") == "Chain") then
    error("-f '" .. src .. "': expected a step such as CISepiaTone{intensity = 0.8}, got " .. typename(step), 0)
  end
  return step
end

-- The steps of one `-f` expression: a step, or steps joined with `|`.
local function stepsof(src)
  local s = lunette.parsestep(src)
  if getmt(s) == Step then return {s} end
  return enabledsteps(s)
end

function lunette.applysteps(img, sources, present)
  local target = img.extent
  for _, src in ipairs(sources) do
    for _, step in ipairs(stepsof(src)) do
      img = step:apply(img, present and {present = true, target = target} or nil)
    end
  end
  return img
end

-- Chains ----------------------------------------------------------------------------
-- Chain{step, …}: ordered steps, each with a stable id; renders up to a step and to the
-- end with the shared prefix rendered once; saved as plain Lua data, loaded sandboxed.

local exprbase = readonly((function()
  local t = copy(math)
  t.math = readonly(copy(math), "math")
  return t
end)(), "Expr")

--- Expr"0.5 * time": a per-frame input, a Lua expression of `frame`, `time` and `fps`
--- (math functions in scope). Unlike a function it is saved in chain files as written.
ExprMT = {__name = "Expr"}
Expr = {}
setmetatable(Expr, {__call = function(_, src)
  if type(src) ~= "string" then argerror(1, "Expr", "string", typename(src)) end
  local env = setmetatable({}, {__index = exprbase})
  local fn, err = load("return " .. src, "=Expr" .. sformat("%q", src), "t", env)
  if not fn then error(err, 2) end
  return setmetatable({source = src, fn = fn, env = env}, ExprMT)
end})
ExprMT.__tostring = function(e) return "Expr" .. sformat("%q", e.source) end
ExprMT.__eq = function(a, b) return a.source == b.source end

local ChainMT = {__name = "Chain"}
Chain = {}

local function isdynamic(v) return type(v) == "function" or getmt(v) == ExprMT end

-- The value of one input for frame `t`; code from a chain file runs under the sandbox budget.
local function resolve(v, t, sandboxed, label)
  if type(v) == "function" then
    if sandboxed then return N.sandbox_call(v, label, t) end
    return v(t)
  elseif getmt(v) == ExprMT then
    v.env.frame, v.env.time, v.env.fps = t.frame, t.time, t.fps
    return N.sandbox_call(v.fn, label)
  end
  return v
end

local valuemts
local function literal(v, where)
  local t = type(v)
  if t == "number" then return fmtnum(v) end
  if t == "string" then return sformat("%q", v) end
  if t == "boolean" then return tostring(v) end
  valuemts = valuemts or {[Point.__mt] = true, [Vector.__mt] = true, [Rect.__mt] = true, [Color.__mt] = true,
                           [Transform.__mt] = true, [ExprMT] = true}
  if valuemts[getmt(v)] then return tostring(v) end
  if t == "table" and getmt(v) == nil and #v > 0 then
    local n, parts = 0, {}
    for _ in pairs(v) do n = n + 1 end
    if n == #v then
      for i, x in ipairs(v) do parts[i] = type(x) == "number" and fmtnum(x) or literal(x, where) end
      return "{" .. concat(parts, ", ") .. "}"
    end
  end
  error(sformat("%s is a %s; a chain file holds numbers, strings, booleans, Point, Vector, Rect, Color, " ..
                "Transform and Expr values", where, typename(v)), 0)
end

-- Identity tokens for values a signature cannot spell out (images, functions, kernels).
local tokens, ntokens = setmetatable({}, {__mode = "k"}), 0
local function token(v)
  local k = tokens[v]
  if not k then ntokens = ntokens + 1; k = "#" .. ntokens; tokens[v] = k end
  return k
end

local function sortedpairs(t)
  local keys = {}
  for k in pairs(t) do keys[#keys + 1] = k end
  sort(keys, function(a, b) return tostring(a) < tostring(b) end)
  local i = 0
  return function() i = i + 1; local k = keys[i]; if k ~= nil then return k, t[k] end end
end

local function key(k) return (type(k) == "string" and k:match("^[%a_][%w_]*$")) and k or "[" .. literal(k, "a key") .. "]" end

-- `filter{inputs}` with literals where possible; `show` marks values that are not data.
local function stepsource(step, show)
  if getmt(step) ~= Step then return show and tostring(step) or token(step.fn) end
  local parts = {}
  for k, v in sortedpairs(step.inputs) do
    local ok, s = pcall(literal, v, "")
    if not ok then s = show and ("<" .. typename(v) .. ">") or token(v) end
    parts[#parts + 1] = key(k) .. " = " .. s
  end
  return step.filter .. "{" .. concat(parts, ", ") .. "}"
end

local function newchain()
  return setmetatable({_entries = {}, _ids = {}, _next = 1, stats = {prefixRenders = 0, prefixReuses = 0}}, ChainMT)
end

ChainMT.__index = function(c, k)
  if mtype(k) == "integer" then local e = rawget(c, "_entries")[k]; return e and e.step end
  return Chain[k]
end
ChainMT.__len = function(c) return #c._entries end

-- The position of a step given by position, id or the step itself.
local function position(c, ref, fname, n)
  if mtype(ref) == "integer" then
    if ref < 1 or ref > #c._entries then
      error(sformat("bad argument #%d to '%s' (step position 1…%d expected, got %d)", n, fname, #c._entries, ref), 3)
    end
    return ref
  end
  for i, e in ipairs(c._entries) do
    if e.id == ref or (type(ref) == "table" and e.step == ref) then return i end
  end
  if type(ref) == "string" then error(sformat("%s: no step with id '%s' in the chain", fname, ref), 3) end
  argerror(n, fname, "step position, id or step", typename(ref), 2)
end

local function checkstep(step, n, fname)
  local mt = getmt(step)
  if mt ~= Step and mt ~= KernelStep then argerror(n, fname, "step", typename(step), 3) end
end

local function newid(c, id, fname)
  if id ~= nil then
    if type(id) ~= "string" or not id:match("^[%a_][%w_%-]*$") then
      error(sformat("%s: a step id is a name such as \"blur\", got %s", fname, literal(id, "the id")), 3)
    end
    if c._ids[id] then error(sformat("%s: the chain already has a step with id '%s'", fname, id), 3) end
    return id
  end
  repeat id = "s" .. c._next; c._next = c._next + 1 until not c._ids[id]
  return id
end

--- chain:insert([pos, ]step[, id]): adds a step (at the end without pos); returns its id.
function Chain.insert(c, pos, step, id)
  local argn = 2
  if mtype(pos) ~= "integer" then pos, step, id, argn = #c._entries + 1, pos, step, 1 end
  if pos < 1 or pos > #c._entries + 1 then
    error(sformat("bad argument #1 to 'insert' (position 1…%d expected, got %d)", #c._entries + 1, pos), 2)
  end
  checkstep(step, argn, "insert")
  id = newid(c, id, "insert")
  c._ids[id] = true
  table.insert(c._entries, pos, {id = id, step = step, enabled = true})
  return id
end

--- chain:remove(ref): removes a step (by position, id or the step); returns it and its id.
function Chain.remove(c, ref)
  local e = table.remove(c._entries, position(c, ref, "remove", 1))
  c._ids[e.id] = nil
  return e.step, e.id
end

--- chain:move(ref, pos): moves a step to position `pos`.
function Chain.move(c, ref, pos)
  local i = position(c, ref, "move", 1)
  local e = table.remove(c._entries, i)
  if mtype(pos) ~= "integer" or pos < 1 or pos > #c._entries + 1 then
    table.insert(c._entries, i, e)
    error(sformat("bad argument #2 to 'move' (position 1…%d expected, got %s)", #c._entries, tostring(pos)), 2)
  end
  table.insert(c._entries, pos, e)
end

--- chain:replace(ref, step): swaps in a new step, keeping the id and enabled state; returns the old one.
function Chain.replace(c, ref, step)
  local e = c._entries[position(c, ref, "replace", 1)]
  checkstep(step, 2, "replace")
  local old = e.step
  e.step = step
  return old
end

--- chain:enable(ref[, on]) / chain:disable(ref): a disabled step is kept but skipped.
function Chain.enable(c, ref, on)
  c._entries[position(c, ref, "enable", 1)].enabled = on == nil or on == true
end
function Chain.disable(c, ref) c._entries[position(c, ref, "disable", 1)].enabled = false end

--- chain:id(ref), chain:isEnabled(ref), chain:step(ref), chain:ids(): what is where.
function Chain.id(c, ref) return c._entries[position(c, ref, "id", 1)].id end
function Chain.isEnabled(c, ref) return c._entries[position(c, ref, "isEnabled", 1)].enabled end
function Chain.step(c, ref) return c._entries[position(c, ref, "step", 1)].step end
function Chain.ids(c)
  local out = {}
  for i, e in ipairs(c._entries) do out[i] = e.id end
  return out
end

-- Resolves every enabled step of `c` for frame `t`: {step, entry index, signature}.
local function resolved(c, t)
  local out = {}
  for i, e in ipairs(c._entries) do
    if e.enabled then
      local step = e.step
      if getmt(step) == Step then
        local inputs, dynamic = {}, false
        for k, v in pairs(step.inputs) do
          if isdynamic(v) then
            dynamic = true
            inputs[k] = resolve(v, t, c.sandboxed, sformat("chain step %s (%s) input %s", e.id, step.filter, k))
          else
            inputs[k] = v
          end
        end
        if dynamic then step = setmetatable({filter = step.filter, inputs = inputs}, Step) end
      end
      out[#out + 1] = {step = step, index = i}
    end
  end
  return out
end

local function runsteps(steps, from, to, img, opts)
  for i = from, to do img = steps[i].step:apply(img, opts) end
  return img
end

--- chain:render(img[, {upto = ref, frame = 0, time = 0, fps = nil, present = false}]):
--- the output after step `upto` and the final output (both the final one without `upto`).
--- The prefix up to `upto` is rendered once and reused until it or the image changes.
function Chain.render(c, img, opts)
  if getmt(img) ~= imagemt then argerror(1, "render", "Image", typename(img)) end
  if opts ~= nil and type(opts) ~= "table" then argerror(2, "render", "table", typename(opts)) end
  opts = opts or {}
  local t = {frame = opts.frame or 0, time = opts.time or 0, fps = opts.fps}
  local present = opts.present
  if present == nil then present = c.present end
  local stepopts = present and {present = true, target = img.extent} or nil
  local steps = resolved(c, t)
  if opts.upto == nil then
    local out = runsteps(steps, 1, #steps, img, stepopts)
    return out, out
  end
  local upto = position(c, opts.upto, "render", 2)
  local cut = 0
  while cut < #steps and steps[cut + 1].index <= upto do cut = cut + 1 end
  local mid = img
  if cut > 0 then
    local sig = {token(img), present and "present" or ""}
    for i = 1, cut do sig[#sig + 1] = stepsource(steps[i].step, false) end
    sig = concat(sig, "\n")
    local cache = rawget(c, "_cache")
    if cache and cache.key == sig then
      mid = cache.image
      c.stats.prefixReuses = c.stats.prefixReuses + 1
    else
      mid = runsteps(steps, 1, cut, img, stepopts)
      local m = N.image_materialize(mid)
      if m then
        mid = m
        c._cache = {key = sig, image = m}
        c.stats.prefixRenders = c.stats.prefixRenders + 1
      end
    end
  end
  return mid, runsteps(steps, cut + 1, #steps, mid, stepopts)
end

--- chain:apply(img[, opts]): the final output only (as `img | chain`).
function Chain.apply(c, img, opts)
  local _, final = Chain.render(c, img, opts and {frame = opts.frame, time = opts.time, fps = opts.fps,
                                                  present = opts.present} or nil)
  return final
end

--- chain:serialize(): the chain file text (plain Lua data: `return {…}`).
function Chain.serialize(c)
  local lines = {"-- Lunette chain: plain Lua data, loaded sandboxed by Chain.load and --chain.", "return {",
                 "  version = 1,"}
  if c.name ~= nil then lines[#lines + 1] = "  name = " .. literal(c.name, "the chain name") .. "," end
  if c.present then lines[#lines + 1] = "  present = true," end
  lines[#lines + 1] = "  nextId = " .. c._next .. ","
  lines[#lines + 1] = "  steps = {"
  for i, e in ipairs(c._entries) do
    local where = sformat("step %d (%s)", i, e.id)
    if getmt(e.step) ~= Step then error(where .. " is a " .. typename(e.step) .. "; only filter steps can be saved", 0) end
    local inputs = {}
    for k, v in sortedpairs(e.step.inputs) do
      inputs[#inputs + 1] = key(k) .. " = " .. literal(v, sformat("%s input %s", where, tostring(k)))
    end
    lines[#lines + 1] = sformat("    {id = %q, filter = %q, inputs = {%s}%s},", e.id, e.step.filter,
                                concat(inputs, ", "), e.enabled and "" or ", enabled = false")
  end
  lines[#lines + 1] = "  },"
  lines[#lines + 1] = "}"
  return concat(lines, "\n") .. "\n"
end

local stepfields = {id = true, filter = true, inputs = true, enabled = true}
local chainfields = {version = true, name = true, present = true, nextId = true, steps = true}

--- Chain.from(data[, name]): a chain from chain-file data, a list of steps or another chain.
function Chain.from(data, name, sandboxed)
  name = name or "chain"
  local c = newchain()
  c.sandboxed = sandboxed or nil
  if getmt(data) == ChainMT then
    for _, e in ipairs(data._entries) do
      local id = c:insert(e.step, e.id)
      c:enable(id, e.enabled)
    end
    c._next, c.present, c.name, c.sandboxed = data._next, data.present, data.name, data.sandboxed or c.sandboxed
    return c
  end
  if type(data) ~= "table" or getmt(data) ~= nil then
    error(sformat("%s: a chain is a table such as {steps = {…}}, got %s", name, typename(data)), 0)
  end
  local list = data.steps
  if list == nil then
    list = {}
    for i = 1, #data do list[i] = data[i] end
    for k in pairs(data) do
      if not (mtype(k) == "integer" and k >= 1 and k <= #data) then
        error(sformat("%s: unknown chain field '%s'", name, tostring(k)), 0)
      end
    end
  else
    for k in pairs(data) do
      if not chainfields[k] then error(sformat("%s: unknown chain field '%s'", name, tostring(k)), 0) end
    end
    if data.version ~= nil and data.version ~= 1 then error(sformat("%s: unsupported chain version %s", name, tostring(data.version)), 0) end
  end
  if type(list) ~= "table" then error(sformat("%s: 'steps' must be a list, got %s", name, typename(list)), 0) end
  for i, s in ipairs(list) do
    local where = sformat("%s: steps[%d]", name, i)
    local mt = getmt(s)
    if mt == Step or mt == KernelStep then
      c:insert(s)
    elseif type(s) == "table" and mt == nil then
      for k in pairs(s) do
        if not stepfields[k] then error(sformat("%s: unknown field '%s' (expected id, filter, inputs, enabled)", where, tostring(k)), 0) end
      end
      if type(s.filter) ~= "string" then error(where .. ": 'filter' must be a filter name such as \"CISepiaTone\"", 0) end
      local ok, f = pcall(Filter, s.filter)
      if not ok then error(where .. ": " .. tostring(f):gsub("^[^:]*:%d+: ", ""), 0) end
      local inputs = {}
      if s.inputs ~= nil and (type(s.inputs) ~= "table" or getmt(s.inputs) ~= nil) then
        error(where .. ": 'inputs' must be a table, got " .. typename(s.inputs), 0)
      end
      for k, v in pairs(s.inputs or {}) do
        if type(k) ~= "string" then error(sformat("%s: input keys are names, got %s", where, typename(k)), 0) end
        if not isdynamic(v) then
          local okset, err = pcall(function() f[k] = v end)
          if not okset then error(where .. ": " .. tostring(err):gsub("^[^:]*:%d+: ", ""), 0) end
        end
        inputs[k] = v
      end
      local okid, id = pcall(Chain.insert, c, setmetatable({filter = N.filter_get(f, "name"), inputs = inputs}, Step), s.id)
      if not okid then error(where .. ": " .. tostring(id):gsub("^[^:]*:%d+: ", ""), 0) end
      if s.enabled ~= nil and type(s.enabled) ~= "boolean" then error(where .. ": 'enabled' must be true or false", 0) end
      c:enable(id, s.enabled ~= false)
    else
      error(sformat("%s: expected a step such as {filter = \"CISepiaTone\", inputs = {…}}, got %s", where, typename(s)), 0)
    end
  end
  if data.steps ~= nil then
    if data.nextId ~= nil and mtype(data.nextId) ~= "integer" then error(name .. ": 'nextId' must be an integer", 0) end
    c._next = math.max(c._next, data.nextId or 1)
    c.present = data.present == true or nil
    c.name = data.name
  end
  return c
end

setmetatable(Chain, {__call = function(_, steps)
  if steps ~= nil and type(steps) ~= "table" then argerror(1, "Chain", "table of steps", typename(steps)) end
  return Chain.from(steps or {}, "Chain")
end})

-- Runs a data file sandboxed (no io/os, CPU and memory budget) and returns its value.
local function rundata(text, name)
  local env = lunette.sandbox()
  local chunk, err = load(text, "@" .. name, "t", env)
  if not chunk then error(err, 0) end
  return N.sandbox_call(chunk, name)
end

--- Chain.parse(text[, name]): a chain from chain-file text, evaluated in the sandbox.
function Chain.parse(text, name)
  if type(text) ~= "string" then argerror(1, "parse", "string", typename(text)) end
  name = name or "chain"
  return Chain.from(rundata(text, name), name, true)
end

--- Chain.load(path): reads a chain file (plain Lua data; code in it runs sandboxed).
function Chain.load(path)
  if type(path) ~= "string" then argerror(1, "load", "string", typename(path)) end
  return Chain.parse(N.chain_read(path), path)
end

--- chain:save(path): writes the chain file atomically; returns the chain.
function Chain.save(c, path)
  if type(path) ~= "string" then argerror(1, "save", "string", typename(path)) end
  N.chain_write(path, Chain.serialize(c))
  return c
end

--- Chain.loadLooks(path): the named chains of a presets file, in order. The file returns
--- a list of chains with names ({name = "noir", CIPhotoEffectNoir{}}) or a table name → chain.
function Chain.loadLooks(path)
  local data = rundata(N.chain_read(path), path)
  if type(data) ~= "table" then error(path .. ": a presets file returns a table of looks, got " .. typename(data), 0) end
  local looks, seen = {}, {}
  local function add(name, look, where)
    if type(name) ~= "string" or not name:match("^[%w_][%w_%-%.]*$") then
      error(sformat("%s: %s needs a name made of letters, digits, '_', '-' or '.'", path, where), 0)
    end
    if seen[name] then error(sformat("%s: two looks are named '%s'", path, name), 0) end
    seen[name] = true
    local plain = type(look) == "table" and getmt(look) == nil
    if plain and look.name ~= nil and look.steps == nil then
      local copyl = {}
      for i = 1, #look do copyl[i] = look[i] end
      look = copyl
    end
    local c = Chain.from(look, path .. ": look '" .. name .. "'", true)
    c.name = name
    looks[#looks + 1] = c
  end
  if #data > 0 then
    for i, look in ipairs(data) do
      local name = type(look) == "table" and (getmt(look) == ChainMT and look.name or rawget(look, "name")) or nil
      add(name, look, "look " .. i)
    end
  else
    for name, look in sortedpairs(data) do add(name, look, "look '" .. tostring(name) .. "'") end
  end
  if #looks == 0 then error(path .. ": no looks", 0) end
  return looks
end

--- lunette.chainfor(path, sources, present): the chain of a file (or an empty one) followed
--- by CLI step expressions (`-f`); used by `lunette apply` and `lunette video`.
function lunette.chainfor(path, sources, present)
  local c = path and Chain.load(path) or Chain()
  for _, src in ipairs(sources or {}) do
    for _, step in ipairs(stepsof(src)) do c:insert(step) end
  end
  if present then c.present = true end
  return c
end

-- For Swift callers: the chain (checked) with its name, step count and listing.
function lunette.chaininfo(c)
  if getmt(c) ~= ChainMT then error("expected a Chain, got " .. typename(c), 0) end
  return c, c.name, #c, tostring(c)
end

--- lunette.lookchains(path, present): the looks of a presets file (`lunette video --fanout`).
function lunette.lookchains(path, present)
  local looks = Chain.loadLooks(path)
  if present then for _, c in ipairs(looks) do c.present = true end end
  return looks
end

ChainMT.__tostring = function(c)
  local n = #c._entries
  local lines = {sformat("Chain%s (%d step%s)", c.name and (" '" .. c.name .. "'") or "", n, n == 1 and "" or "s")}
  for i, e in ipairs(c._entries) do
    lines[#lines + 1] = sformat("  %d. %s  %s%s", i, e.id, stepsource(e.step, true), e.enabled and "" or "  (disabled)")
  end
  return concat(lines, "\n")
end
ChainMT.__metatable = "Chain"
ExprMT.__metatable = "Expr"

-- Pretty printing (the REPL's display) --------------------------------------------

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

-- Lock the shared metatables so untrusted code cannot read or replace them.
for _, mt in ipairs{Point.__mt, Rect.__mt, Color.__mt, Vector.__mt, Transform.__mt, imagemt, filtermt,
                    Step, KernelStep, Record, CategoryInfo, Catalog} do
  mt.__metatable = mt.__name
end
getmt("").__metatable = "string"

-- The REPL's evaluator, completer and meta-commands (the terminal side is in Swift).

lunette.repl = {history = 0}
local repl = lunette.repl

--- Evaluates one chunk like `lua` does: first as `return <src>`, then as statements.
--- Returns "ok", {n = …, values…} | "incomplete" | "error", message.
function repl.pack(...) return table.pack(...) end

-- An error as the REPL shows it: the message at the user's line, and a traceback only of
-- the user's own frames when there is more than the line typed (no stdlib.lua, no C).
function repl.errortext(m)
  local msg = tostring(m)
  local frames = {}
  for line in debug.traceback("", 2):gmatch("[^\n]+") do
    if line:find("in function 'xpcall'") then break end  -- the REPL's own frames follow
    local where = line:match("^%s+(.-):")
    if where and where ~= "stdlib.lua" and where ~= "[C]" then frames[#frames + 1] = line end
  end
  if msg:match("^stdlib%.lua:%d+: ") and frames[1] then
    msg = frames[1]:match("^%s+(.-:%d+):") .. ": " .. msg:gsub("^stdlib%.lua:%d+: ", "")
  end
  if #frames <= 1 then return msg end
  return msg .. "\nstack traceback:\n" .. concat(frames, "\n")
end

function repl.eval(src)
  -- `return pack(<src>)` evaluates the expression in this chunk's own frame (not as a
  -- tail call), so errors point at stdin:line.
  local chunk, err = load("return lunette.repl.pack(" .. src .. "\n)", "=stdin", "t")
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
           "img:clampedToExtent()  img:pixel(x, y)  Image.color(c)  Image.new(w, h, fn)  img:scaledNearest(k)",
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
    local out, f, caption = lunette.try(name, lunette.tryargs(items))
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

-- ============================================================================
-- Generators and barcode specials
-- ============================================================================

-- Barcode specials: a sample payload when none is set, and a crisp nearest-neighbour
-- enlargement to the target size (present(out, target) receives a Rect or width, height).

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
