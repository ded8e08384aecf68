import CLua
import CLuaShim
import Foundation
import PixelCore

/// Chains for `lunette serve`: parsed from chain-file text (sandboxed, as `--chain`), image
/// inputs filled from the stock images by role (as `try`), rendered whole or up to a step.
/// Swift: `let c = try rt.chain(text: src, name: "request", present: true); try rt.render(c, image, upto: "s2")`
extension LuaRuntime {
    /// Lua helpers on the `Chain` API; loaded once per runtime (trusted code, not a script).
    static let serveHelpers = """
        local S = {}
        local getmetatable = debug.getmetatable  -- the value types hide theirs (__metatable)
        local function imagekeys(name)
          local f, out = Filter(name), {}
          for _, k in ipairs(f:keys()) do
            if k ~= "inputImage" and f.attributes[k].CIAttributeClass == "CIImage" then out[#out + 1] = k end
          end
          return out
        end
        function S.parse(text, name, present)
          local c = Chain.parse(text, name)
          if present then c.present = true end
          return c
        end
        -- image inputs a step leaves unset get the stock image of their role, covering img's extent
        function S.fill(c, img)
          local target = img.extent
          for _, id in ipairs(c:ids()) do
            local step = c:step(id)
            if getmetatable(step) == Step then
              for _, k in ipairs(imagekeys(step.filter)) do
                if step.inputs[k] == nil then step.inputs[k] = stock.image(stock.roles[k] or stock.roles.other, target) end
              end
            end
          end
        end
        function S.setimage(c, id, key, img) c:step(id).inputs[key] = img end
        -- positions and distances scaled by k (a preview of a shrunk image shows the same picture)
        local scaled = {CIAttributeTypePosition = true, CIAttributeTypePosition3 = true,
                        CIAttributeTypeDistance = true, CIAttributeTypeRectangle = true}
        function S.shrink(c, k)
          for _, id in ipairs(c:ids()) do
            local step = c:step(id)
            if getmetatable(step) == Step then
              local attrs = Filter(step.filter).attributes
              for key, v in pairs(step.inputs) do
                local long = attrs[key] and key or "input" .. key:sub(1, 1):upper() .. key:sub(2)
                local a = attrs[long]
                if a and scaled[a.CIAttributeType] and (type(v) == "number" or getmetatable(v) == Vector.__mt) then
                  step.inputs[key] = type(v) == "number" and math.max(v * k, a.CIAttributeMin or -math.huge) or v * k
                end
              end
            end
          end
        end
        -- chain → JSON (the explorer's form: long keys, vectors, colours and transforms as arrays)
        local fields = {[Color.__mt] = {"r", "g", "b", "a"}, [Transform.__mt] = {"a", "b", "c", "d", "tx", "ty"},
                        [Rect.__mt] = {"x", "y", "width", "height"}, [Point.__mt] = {"x", "y"}}
        local function jnum(x)
          if x ~= x or x == math.huge or x == -math.huge then return "null" end
          return math.type(x) == "integer" and tostring(x) or string.format("%.17g", x)
        end
        local function jstr(s)
          return '"' .. s:gsub('[%c"\\\\]', function(ch) return string.format("\\\\u%04x", ch:byte()) end) .. '"'
        end
        local function jvalue(v, where)
          local t, mt = type(v), getmetatable(v)
          if t == "number" then return jnum(v) end
          if t == "string" then return jstr(v) end
          if t == "boolean" then return tostring(v) end
          local parts = {}
          if mt == Vector.__mt then
            for i = 1, #v do parts[i] = jnum(v[i]) end
          elseif fields[mt] then
            for i, f in ipairs(fields[mt]) do parts[i] = jnum(v[f]) end
          else
            error(where .. " is a " .. (mt and mt.__name or t) .. "; the explorer edits numbers, strings, vectors and colours", 0)
          end
          return "[" .. table.concat(parts, ", ") .. "]"
        end
        function S.json(c)
          local steps = {}
          for i, id in ipairs(c:ids()) do
            local step = c:step(id)
            if getmetatable(step) ~= Step then error(string.format("step %d (%s) is not a filter step", i, id), 0) end
            local attrs, inputs = Filter(step.filter).attributes, {}
            local keys = {}
            for k in pairs(step.inputs) do keys[#keys + 1] = k end
            table.sort(keys)
            for _, k in ipairs(keys) do
              local long = attrs[k] and k or "input" .. k:sub(1, 1):upper() .. k:sub(2)
              inputs[#inputs + 1] = jstr(long) .. ": " .. jvalue(step.inputs[k], string.format("step %d (%s) input %s", i, id, k))
            end
            steps[i] = string.format('{"id": %s, "filter": %s, "enabled": %s, "inputs": {%s}}', jstr(id), jstr(step.filter),
                                     tostring(c:isEnabled(id)), table.concat(inputs, ", "))
          end
          return string.format('{"name": %s, "steps": [%s]}', c.name and jstr(c.name) or "null", table.concat(steps, ", "))
        end
        function S.serialize(c) return c:serialize() end
        function S.render(c, img, upto)
          local out = c:render(img, {upto = upto})
          return out
        end
        return S
        """

    /// A chain from chain-file text, evaluated in the sandbox (errors name `name`); with
    /// `present`, steps run with their specials (the CLI's default for `try`).
    public func chain(text: String, name: String, present: Bool) throws -> LuaChain {
        try withCall(["lunette", "serve", "parse"], nresults: 1) {
            LuaValues.pushString(L, text)
            LuaValues.pushString(L, name)
            lua_pushboolean(L, present ? 1 : 0)
            return 3
        }
        return try holdChain()
    }

    /// Fills unset image inputs with stock images (by role) covering `image`'s extent.
    public func fillStockImages(_ chain: LuaChain, covering image: Image) throws {
        try withCall(["lunette", "serve", "fill"], nresults: 0) {
            lunette_getref(L, chain.ref)
            LuaValues.pushImage(L, image)
            return 2
        }
    }

    /// Sets an image input of the step with id `step`.
    public func setImage(_ chain: LuaChain, step: String, key: String, image: Image) throws {
        try withCall(["lunette", "serve", "setimage"], nresults: 0) {
            lunette_getref(L, chain.ref)
            LuaValues.pushString(L, step)
            LuaValues.pushString(L, key)
            LuaValues.pushImage(L, image)
            return 4
        }
    }

    /// Scales position, distance and rectangle inputs by `factor` (previews of a shrunk image).
    public func shrinkInputs(_ chain: LuaChain, by factor: Double) throws {
        try withCall(["lunette", "serve", "shrink"], nresults: 0) {
            lunette_getref(L, chain.ref)
            lua_pushnumber(L, factor)
            return 2
        }
    }

    /// The output after the step with id `upto` (nil: the final output).
    public func render(_ chain: LuaChain, _ image: Image, upto: String?) throws -> Image {
        try withCall(["lunette", "serve", "render"], nresults: 1) {
            lunette_getref(L, chain.ref)
            LuaValues.pushImage(L, image)
            if let upto { LuaValues.pushString(L, upto) } else { lua_pushnil(L) }
            return 3
        }
        defer { lunette_pop(L, 1) }
        guard let out: Image = LuaValues.object(L, -1, "lunette.Image") else {
            throw LunetteError(.script, "the chain did not produce an image")
        }
        return out
    }

    /// The chain as JSON (`{"steps": [{"id", "filter", "enabled", "inputs"}]}`), or as chain-file text.
    public func chainText(_ chain: LuaChain, json: Bool) throws -> String {
        try withCall(["lunette", "serve", json ? "json" : "serialize"], nresults: 1) {
            lunette_getref(L, chain.ref)
            return 1
        }
        defer { lunette_pop(L, 1) }
        return LuaValues.string(L, -1) ?? ""
    }

    /// Loads the helpers into `lunette.serve` (once).
    public func loadServeHelpers() throws {
        try run(chunk: "lunette.serve = (function() \(Self.serveHelpers) end)()", name: "=serve")
    }
}
