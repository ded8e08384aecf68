-- stdlib.lua: the Lua side of Lunette's API, loaded into every Lua state. This file is the
-- entry point: it runs the parts in stdlib/ in order, checks the public surface below, locks
-- the shared metatables and returns the private table.
--
-- Swift (LuaRuntime) calls this chunk with the embedded part sources (path → text) and their
-- bytecode compiled at build time (path → binary chunk, same chunk names and line
-- information; a part whose bytecode this Lua cannot load is compiled from its text), and keeps
-- the table it returns in the registry as "lunette.private". Each part runs as its own chunk
-- (`@stdlib/<part>.lua`) with two arguments: N, the Swift primitives (`lunette._native`), and
-- P, the private table: helpers the parts share and the glue only Swift calls. Lunette's own
-- chunks are exempt from the sandbox and budgets, and errors they raise on a caller's behalf
-- point at the caller's line (CLuaShim's is_own_source, the REPL's errortext).

local sources, compiled = ...
local N = lunette._native
local P = {}

-- The parts, in load order: a part may use at load time only what earlier parts defined.
local parts = {
  "values",     -- helpers; Point, Rect, Color, Vector, Transform
  "image",      -- Image
  "filter",     -- Filter objects and the catalogue
  "steps",      -- steps, a constructor per filter, kernels
  "specials",   -- per-filter presentation, lunette.ready, barcodes
  "stock",      -- stock inputs, lunette.try
  "plugins",    -- lunette.filter, loadPlugin, colorKernel, `img | step`
  "sandbox",    -- lunette.sandbox, `-f STEP` expressions
  "chain",      -- Expr, Chain editing and rendering
  "chainfile",  -- chain and looks files
  "pretty",     -- lunette.pretty
  "repl",       -- the REPL's evaluator, completer and meta-commands
}

for _, part in ipairs(parts) do
  local path = "stdlib/" .. part .. ".lua"
  local source = sources[path]
  if type(source) ~= "string" then error(path .. " is not embedded", 0) end
  local chunk = compiled[path] and load(compiled[path], "@" .. path, "b")
  assert(chunk or load(source, "@" .. path, "t"))(N, P)
end

-- The public surface: the globals and `lunette` fields that scripts, plugins and the docs
-- use. A part that adds anything else to `lunette` fails here, at every state's creation.
local public = {
  globals = {"Point", "Rect", "Color", "Vector", "Transform", "Image", "Filter", "Step", "kernels",
             "specials", "stock", "Chain", "Expr"},
  lunette = {"_native", "typename", "filter", "loadPlugin", "colorKernel", "ready", "try", "sandbox", "pretty"},
}
-- The glue only Swift calls (through the private table): the sandbox (a script may replace
-- `lunette.sandbox`, not this one), extension loading, `-f` steps, chain and looks files for
-- the CLI, `lunette try`'s arguments, the REPL.
local swift = {"sandbox", "defineStep", "applysteps", "chainfor", "chaininfo", "lookchains", "tryargs", "repl"}

local listed = {}
for _, k in ipairs(public.lunette) do
  if lunette[k] == nil then error("stdlib.lua: lunette." .. k .. " is not defined", 0) end
  listed[k] = true
end
for k in pairs(lunette) do
  if not listed[k] then error("stdlib.lua: lunette." .. tostring(k) .. " is not in the public surface", 0) end
end
for _, k in ipairs(public.globals) do
  if rawget(_ENV, k) == nil then error("stdlib.lua: the global " .. k .. " is not defined", 0) end
end
for _, k in ipairs(swift) do
  if P[k] == nil then error("stdlib.lua: the Swift entry point " .. k .. " is not defined", 0) end
end

-- Lock the shared metatables so untrusted code cannot read or replace them.
for _, mt in ipairs{Point.__mt, Rect.__mt, Color.__mt, Vector.__mt, Transform.__mt, P.imagemt, P.filtermt,
                    Step, P.KernelStep, P.Record, P.CategoryInfo, P.Catalog} do
  mt.__metatable = mt.__name
end
debug.getmetatable("").__metatable = "string"

return P
