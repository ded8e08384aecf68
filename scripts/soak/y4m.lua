-- Helper of the video soak (scripts/soak/video.sh): writes or checks a y4m stream.
--   lunette run scripts/soak/y4m.lua gen FILE N W H    N frames of W×H 4:2:0, each different
--   lunette run scripts/soak/y4m.lua check FILE N W H  exit 2 unless FILE holds exactly N
--                                                       frames of W×H 4:2:0, none blank
local mode, file, n, w, h = arg[1], arg[2], tonumber(arg[3]), tonumber(arg[4]), tonumber(arg[5])
assert((mode == "gen" or mode == "check") and file and n and w and h and w % 2 == 0 and h % 2 == 0,
       "usage: y4m.lua gen|check FILE N W H (even W and H)")
local cw, ch = w // 2, h // 2
local frameBytes = w * h + 2 * cw * ch

if mode == "gen" then
  -- Rows are windows into a long ramp, shifted per frame and per row: no two frames alike.
  local codes = {}
  for i = 0, 2 * w + 255 do codes[#codes + 1] = string.char(16 + (i * 7) % 220) end
  local ramp = table.concat(codes)
  local out = assert(io.open(file, "wb"))
  out:write(string.format("YUV4MPEG2 W%d H%d F25:1 Ip A1:1 C420jpeg\n", w, h))
  for i = 0, n - 1 do
    local parts = {"FRAME\n"}
    for y = 0, h - 1 do local k = (i * 3 + y) % 256 + 1; parts[#parts + 1] = ramp:sub(k, k + w - 1) end
    for y = 0, 2 * ch - 1 do local k = (i + 5 * y) % 256 + 1; parts[#parts + 1] = ramp:sub(k, k + cw - 1) end
    out:write(table.concat(parts))
  end
  out:close()
  return
end

local f = assert(io.open(file, "rb"))
local header = f:read("l")
if not header or not header:find("^YUV4MPEG2 W" .. w .. " H" .. h .. " ") then
  error(file .. ": bad header " .. tostring(header), 0)
end
local frames, blank = 0, 0
while true do
  local marker = f:read(6)
  if marker == nil then break end
  if marker ~= "FRAME\n" then error(string.format("%s: frame %d: expected FRAME, got %q", file, frames, marker), 0) end
  local data = f:read(frameBytes)
  if not data or #data ~= frameBytes then error(string.format("%s: frame %d truncated", file, frames), 0) end
  local luma = data:sub(1, w * h)
  if luma == string.rep(luma:sub(1, 1), #luma) then blank = blank + 1 end
  frames = frames + 1
end
f:close()
print(string.format("check: %d frames of %d×%d out, %d expected, %d blank", frames, w, h, n, blank))
if frames ~= n or blank > 0 then error(string.format("%d frames out for %d in (%d blank)", frames, n, blank), 0) end
