-- qrcode.lua: a QR code for a message, enlarged crisply (nearest neighbour) to fit a size.
--   lunette run scripts/examples/qrcode.lua "https://example.org" qr.png [SIZE=256] [LEVEL=M]
local message, out = arg[1], arg[2]
local size, level = tonumber(arg[3] or "256"), arg[4] or "M"
if not message or not out or not size then
  error("usage: lunette run qrcode.lua MESSAGE OUT.png [SIZE] [L|M|Q|H]", 0)
end
local qr = Filter("CIQRCodeGenerator")
qr.message = message
qr.correctionLevel = level
local special = specials.CIQRCodeGenerator
local img = special.present(special.prepare(qr).outputImage, size, size)
img:save(out)
print(string.format("%s: %d×%d, %d bytes at level %s", out, img.width, img.height, #message, level))
