-- stdlib/steps.lua: steps (`CIGaussianBlur{radius = 4}`, `img | step`, `step | step`), the
-- step constructor of every filter, the unknown-filter message, and named kernels.

local N, P = ...
local getmt = debug.getmetatable
local sformat, concat, sort = string.format, table.concat, table.sort
local fmtnum, typename, argerror, filtermt = P.fmtnum, P.typename, P.argerror, P.filtermt

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

-- A step's inputs are checked when it is built, so a bad value fails at the line that wrote it.
local function checkinputs(name, inputs)
  local f = Filter(name)
  for k, v in pairs(inputs) do
    if type(k) ~= "string" then error(sformat("%s: input keys are names, got %s", name, typename(k)), 3) end
    -- per-frame inputs (Expr"…", stdlib/chain.lua) are checked when a frame renders
    if type(v) ~= "function" and getmt(v) ~= P.ExprMT then
      local ok, err = pcall(filtermt.__newindex, f, k, v)
      if not ok then error(err, 0) end
    end
  end
end

-- Defines the global step constructor for a registered filter name (Swift calls it for
-- filters that plugins add).
function P.defineStep(name)
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
P.unknownfilter, P.enabledsteps = unknownfilter, enabledsteps

-- Reading an undefined global named like a Core Image filter (`CIGausianBlur{}`) is that error,
-- not "attempt to call a nil value".
setmetatable(_ENV, {__index = function(_, k)
  if type(k) == "string" and k:match("^CI%u") then error(unknownfilter(k), 2) end
end})

for _, name in ipairs(Filter.names()) do P.defineStep(name) end

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
