-- Support for the Lua specs in scripts/tests (run by `swift test`, one fresh state per file).
-- it(name, fn) runs one check; expect_error(fn, text) asserts an error containing `text`.

local results = {count = 0, failures = {}}

function it(name, fn)
  results.count = results.count + 1
  local ok, err = xpcall(fn, debug.traceback)
  if not ok then results.failures[#results.failures + 1] = name .. ": " .. tostring(err) end
end

function expect_error(fn, text, ...)
  local ok, err = pcall(fn, ...)
  if ok then error("expected an error containing '" .. text .. "', but the call succeeded", 2) end
  if not tostring(err):find(text, 1, true) then
    error("expected an error containing '" .. text .. "', got: " .. tostring(err), 2)
  end
  return err
end

function eq(a, b, what)
  if a ~= b then error((what or "value") .. ": expected " .. tostring(b) .. ", got " .. tostring(a), 2) end
end

function near(a, b, tol, what)
  if math.abs(a - b) > (tol or 1e-9) then
    error((what or "value") .. ": expected " .. tostring(b) .. " ± " .. tostring(tol or 1e-9) .. ", got " .. tostring(a), 2)
  end
end

function spec_results() return results.count, results.failures end

-- A folder for files the specs write; removed by the runner.
SPEC_TMP = os.getenv("LUNETTE_SPEC_TMP") or "/tmp"
PHOTO = os.getenv("LUNETTE_SPEC_PHOTO")

-- Stdlib's private table (the glue only Swift calls), for the specs of the parts that hold it.
PRIVATE = debug.getregistry()["lunette.private"]

-- Asserts that two images agree at three pixels of `rect` (corners and an inner point).
function same(a, b, rect, tol)
  for _, p in ipairs{{rect.x, rect.y}, {rect.x + rect.width - 1, rect.y + rect.height - 1},
                     {rect.x + rect.width // 2, rect.y + rect.height // 3}} do
    local x, y = a:pixel(p[1], p[2]), b:pixel(p[1], p[2])
    near(x.r, y.r, tol or 1e-5, "r"); near(x.g, y.g, tol or 1e-5, "g"); near(x.b, y.b, tol or 1e-5, "b")
    near(x.a, y.a, tol or 1e-5, "a")
  end
end
