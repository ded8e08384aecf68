-- Batch soak: N small PNGs through a chain of filters, checking that no file is lost
-- and that memory does not drift.
--   lunette run scripts/soak/batch.lua N DIR [MAX_DRIFT_PERCENT]
-- Writes N 8×8 inputs into DIR/in, runs each through the chain into DIR/out, reads
-- every output back, and samples the resident set size (VmRSS) after each tenth of the
-- batch. Drift = growth from the first sample (after warm-up) to the last. Fails (exit 2)
-- when a file is missing or wrong, or when the drift exceeds MAX_DRIFT_PERCENT (10).

local n, dir, maxDrift = tonumber(arg[1]), arg[2], tonumber(arg[3] or "10")
assert(n and n >= 10 and dir, "usage: batch.lua N DIR [MAX_DRIFT_PERCENT]")

local function rss()
  collectgarbage()
  collectgarbage()
  local f = assert(io.open("/proc/self/status"))
  local kb = tonumber(f:read("a"):match("VmRSS:%s*(%d+)"))
  f:close()
  return kb
end

local function path(kind, i) return string.format("%s/%s/%05d.png", dir, kind, i) end
assert(os.execute("mkdir -p '" .. dir .. "/in' '" .. dir .. "/out'"))

-- 1. Inputs: each one different.
for i = 1, n do
  Image.new(8, 8, function(x, y)
    return Color(((x + i) % 8) / 7, ((y * i) % 8) / 7, (i % 13) / 12, 1)
  end):save(path("in", i))
end

-- 2. The chain, with a blur that needs its specials (clamp before, crop after).
local chain = {CIColorControls{saturation = 1.3, contrast = 1.1}, CISepiaTone{intensity = 0.4},
               CIExposureAdjust{EV = 0.25}}
local samples, t0, w0 = {}, os.clock(), os.time()
for i = 1, n do
  local img = Image.load(path("in", i))
  local out = img:clampedToExtent() | CIGaussianBlur{radius = 1.5}
  out = out:cropped(img.extent)
  for _, step in ipairs(chain) do out = out | step end
  out:save(path("out", i))
  if i % (n // 10) == 0 then samples[#samples + 1] = rss() end
end
local seconds, wall = os.clock() - t0, os.time() - w0

-- 3. Every output is there, 8×8, and not blank.
local verified = 0
for i = 1, n do
  local ok, img = pcall(Image.load, path("out", i))
  if ok and img.extent == Rect(0, 0, 8, 8) and img:pixel(3, 3).a == 1 then verified = verified + 1 end
end

local warm, last = samples[1], samples[#samples]
local drift = (last - warm) / warm * 100
local parts = {}
for i, kb in ipairs(samples) do parts[i] = string.format("%.1f", kb / 1024) end
print(string.format("batch: %d images through %d filters in %.1f s CPU, about %d s wall; %d of %d outputs verified",
                    n, #chain + 1, seconds, wall, verified, n))
print(string.format("batch: VmRSS after each tenth (MiB): %s", table.concat(parts, " ")))
print(string.format("batch: memory drift %+.1f %% (limit %g %%)", drift, maxDrift))
if verified ~= n then error(string.format("%d outputs missing or wrong", n - verified), 0) end
if drift > maxDrift then error(string.format("memory drift %.1f %% exceeds %g %%", drift, maxDrift), 0) end
