-- stdlib/stock.lua: stock inputs and lunette.try (`lunette try`, `:try`, the gallery).

local N, P = ...
local getmt = debug.getmetatable
local floor = math.floor
local sformat, concat = string.format, table.concat
local fmtnum, haskey, imagemt = P.fmtnum, P.haskey, P.imagemt

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
           inputMaskImage = "mask", inputMask = "mask", inputGradientImage = "strip",
           inputShadingImage = "hemisphere", other = "chelsea"},
  images = {
    astronaut = "photos/astronaut.png", coffee = "photos/coffee.png", chelsea = "photos/chelsea.png",
    -- opaque white in the middle of the canvas, fading to clear towards its edges
    mask = function(canvas)
      local g, c, r = Filter("CIRadialGradient"), canvas:center(), math.min(canvas.width, canvas.height) / 2
      g.center, g.radius0, g.radius1 = Vector(c.x, c.y), r * 0.25, r
      g.color0, g.color1 = Color(1, 1, 1, 1), Color(0, 0, 0, 0)
      return g.outputImage:cropped(canvas)
    end,
    -- 256×256: a lit sphere seen from above, bright up and to the left (CIShadedMaterial)
    hemisphere = function()
      local g = Filter("CIRadialGradient")
      g.center, g.radius0, g.radius1 = Vector(90, 166), 0, 200
      g.color0, g.color1 = Color(1, 0.97, 0.9, 1), Color(0.05, 0.08, 0.25, 1)
      return g.outputImage:cropped(Rect(0, 0, 256, 256))
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
    inputExtent = function(c) return Vector(c.x, c.y, c.width, c.height) end,  -- reductions read the whole photo
    -- sample values where the default is the identity (try and the gallery showed the photo unchanged)
    CIAffineTransform = {inputTransform = Transform.rotate(math.pi / 12)},
    CIBicubicScaleTransform = {inputScale = 0.5},
    CIColorControls = {inputSaturation = 1.8, inputBrightness = 0.05, inputContrast = 1.2},
    CIClamp = {inputExtent = function(c) return Vector(c.x + c.width / 4, c.y + c.height / 4, c.width / 2, c.height / 2) end},
    CIConvertRGBtoLab = {inputNormalize = 1},
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
    CIMaximumScaleTransform = {inputScale = 0.25},
    CIMorphologyMaximum = {inputRadius = 4},
    CIMorphologyMinimum = {inputRadius = 4},
    CIMix = {inputAmount = 0.5},
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
-- the swap inside the mask's bright centre, the photo outside it
stock.inputs.CIColorCubesMixedWithMask = {inputCubeDimension = 2, inputCube1Data = swapCube}
stock.inputs.CIToneMapHeadroom = {inputSourceHeadroom = 2, inputTargetHeadroom = 1}
-- six colours for CIPalettize and CIPaletteCentroid (CIKMeans makes such rows from a photo)
local paletteColours = {{0.05, 0.05, 0.08}, {0.9, 0.88, 0.82}, {0.75, 0.2, 0.15}, {0.2, 0.35, 0.7}, {0.55, 0.5, 0.4}, {0.3, 0.55, 0.3}}
stock.roles.inputPaletteImage = "palette"
stock.images.palette = function()
  return Image.new(#paletteColours, 1, function(x) local c = paletteColours[x + 1]; return Color(c[1], c[2], c[3]) end)
end
-- guide points as fractions of the canvas: a trapezoid narrower at the top (keystone), a
-- tilted quadrilateral (perspective correction)
local function at(fx, fy) return function(c) return Vector(c.x + c.width * fx, c.y + c.height * fy) end end
local trapezoid = {inputTopLeft = at(0.2, 0.9), inputTopRight = at(0.8, 0.9), inputBottomRight = at(0.95, 0.1),
                   inputBottomLeft = at(0.05, 0.1)}
stock.inputs.CIKeystoneCorrectionVertical = trapezoid
stock.inputs.CIKeystoneCorrectionHorizontal = {inputTopLeft = at(0.1, 0.8), inputTopRight = at(0.9, 0.95),
                                               inputBottomRight = at(0.9, 0.05), inputBottomLeft = at(0.1, 0.2)}
stock.inputs.CIKeystoneCorrectionCombined = trapezoid
stock.inputs.CIPerspectiveCorrection = {inputTopLeft = at(0.15, 0.85), inputTopRight = at(0.9, 0.9),
                                        inputBottomRight = at(0.8, 0.15), inputBottomLeft = at(0.1, 0.2)}
stock.inputs.CIPerspectiveRotate = {inputPitch = 0.3, inputYaw = 0.15}
stock.inputs.CITextImageGenerator = {inputText = "Lunette: ﬁne type", inputFontName = "DejaVu Serif", inputFontSize = 48}
stock.inputs.CIAttributedTextImageGenerator = {
  inputText = 'Plain, <span color="#c03020" size="36"><u>red</u></span> and <span font="DejaVu Serif">serif</span>',
  inputScaleFactor = 2}

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

-- tryargs{"radius=4", "center=Vector(10, 20)"}: key=value pairs, each value a Lua expression
-- (a value that does not parse, or a bare unknown word, stays a string); `lunette try`, `:try`.
function P.tryargs(args)
  local env, out = P.sandbox(), {}
  for _, a in ipairs(args) do
    local k, src = a:match("^%s*([%a_][%w_]*)%s*=%s*(.-)%s*$")
    if not k then error("'" .. a .. "': expected key=value, such as radius=4", 0) end
    local chunk, v = load("return " .. src, "=" .. k, "t", env), nil
    if chunk then v = chunk() end
    out[k] = v == nil and src or v
  end
  return out
end
