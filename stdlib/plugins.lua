-- stdlib/plugins.lua: filters declared in Lua, plugin loading, per-pixel Lua kernels, and
-- `img | step` for every kind of step.

local N, P = ...
local getmt = debug.getmetatable
local argerror, typename, imagemt = P.argerror, P.typename, P.imagemt

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

P.KernelStep = KernelStep
