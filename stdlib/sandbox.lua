-- stdlib/sandbox.lua: the sandbox for untrusted code, and the CLI's `-f STEP` expressions.

local N, P = ...
local getmt = debug.getmetatable
local sformat = string.format
local typename, unknownfilter, enabledsteps = P.typename, P.unknownfilter, P.enabledsteps

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
function P.sandbox()
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
-- Lunette's own callers (plugins, chain files, --sandbox) use P.sandbox, which scripts cannot replace.
lunette.sandbox = P.sandbox

-- The CLI's `apply -f STEP`: a step is a Lua expression evaluated with only values,
-- math and step constructors in scope.

function P.parsestep(src)
  local env = P.sandbox()
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
  local s = P.parsestep(src)
  if getmt(s) == Step then return {s} end
  return enabledsteps(s)
end

-- The CLI's `-f` expressions applied in order (LuaRuntime.applySteps).
function P.applysteps(img, sources, present)
  local target = img.extent
  for _, src in ipairs(sources) do
    for _, step in ipairs(stepsof(src)) do
      img = step:apply(img, present and {present = true, target = target} or nil)
    end
  end
  return img
end

P.copy, P.readonly, P.stepsof = copy, readonly, stepsof
