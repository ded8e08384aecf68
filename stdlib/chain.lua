-- stdlib/chain.lua: Expr per-frame inputs and the Chain object (editing with stable ids,
-- rendering up to a step with the prefix shared). Files are in stdlib/chainfile.lua.

local N, P = ...
local getmt = debug.getmetatable
local mtype = math.type
local sformat, concat, sort = string.format, table.concat, table.sort
local fmtnum, typename, argerror = P.fmtnum, P.typename, P.argerror
local imagemt, KernelStep, copy, readonly = P.imagemt, P.KernelStep, P.copy, P.readonly

-- Chain{step, …}: ordered steps, each with a stable id; renders up to a step and to the
-- end with the shared prefix rendered once; saved as plain Lua data, loaded sandboxed.

local exprbase = readonly((function()
  local t = copy(math)
  t.math = readonly(copy(math), "math")
  return t
end)(), "Expr")

--- Expr"0.5 * time": a per-frame input, a Lua expression of `frame`, `time` and `fps`
--- (math functions in scope). Unlike a function it is saved in chain files as written.
local ExprMT = {__name = "Expr"}
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

P.ExprMT, P.ChainMT, P.isdynamic, P.literal, P.sortedpairs = ExprMT, ChainMT, isdynamic, literal, sortedpairs
P.key, P.stepsource, P.newchain = key, stepsource, newchain
