-- stdlib/chainfile.lua: chains as plain Lua data (serialize, from, parse, load, save), looks
-- files, and the chains the CLI builds from files and `-f` expressions.

local N, P = ...
local getmt = debug.getmetatable
local mtype = math.type
local sformat, concat = string.format, table.concat
local typename, argerror, KernelStep = P.typename, P.argerror, P.KernelStep
local ExprMT, ChainMT, isdynamic, literal, sortedpairs = P.ExprMT, P.ChainMT, P.isdynamic, P.literal, P.sortedpairs
local key, stepsource, newchain, stepsof = P.key, P.stepsource, P.newchain, P.stepsof

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
  local env = P.sandbox()
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

-- chainfor(path, sources, present): the chain of a file (or an empty one) followed by CLI
-- step expressions (`-f`); used by `lunette apply` and `lunette video`.
function P.chainfor(path, sources, present)
  local c = path and Chain.load(path) or Chain()
  for _, src in ipairs(sources or {}) do
    for _, step in ipairs(stepsof(src)) do c:insert(step) end
  end
  if present then c.present = true end
  return c
end

-- For Swift callers: the chain (checked) with its name, step count and listing.
function P.chaininfo(c)
  if getmt(c) ~= ChainMT then error("expected a Chain, got " .. typename(c), 0) end
  return c, c.name, #c, tostring(c)
end

-- lookchains(path, present): the looks of a presets file (`lunette video --fanout`).
function P.lookchains(path, present)
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
