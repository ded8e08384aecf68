-- Looks that used to be visibly wrong: random noise above 1, try showing identity
-- filters unchanged, try's caption.

stock.size = 64

local function maxdiff(a, b, w, h)
  local worst = 0
  for y = 2, h - 2, 6 do for x = 2, w - 2, 6 do
    local p, q = a:pixel(x, y), b:pixel(x, y)
    for _, k in ipairs{"r", "g", "b", "a"} do worst = math.max(worst, math.abs(p[k] - q[k])) end
  end end
  return worst
end

-- pixel() reads sRGB-encoded colour; the generator's values are uniform in the working space.
local function linear(c) return c <= 0.04045 and c / 12.92 or ((c + 0.055) / 1.055) ^ 2.4 end

it("reads CIRandomGenerator back as uniform values in [0, 1]", function()
  local noise = Filter("CIRandomGenerator").outputImage
  local sum, n = {r = 0, g = 0, b = 0, a = 0}, 0
  for y = 0, 31 do for x = 0, 31 do
    local p = noise:pixel(x, y)
    for k in pairs(sum) do
      assert(p[k] >= 0 and p[k] <= 1, ("%s = %g at (%d, %d)"):format(k, p[k], x, y))
      sum[k] = sum[k] + (k == "a" and p[k] or linear(p[k]))
    end
    n = n + 1
  end end
  for k, s in pairs(sum) do near(s / n, 0.5, 0.05, "mean of " .. k) end
end)

it("gives XFilmLook a fine grain, not white specks", function()
  local gray = Image.color(Color(0.5, 0.5, 0.5)):cropped(Rect(0, 0, 48, 48))
  local plain = gray | XFilmLook{fade = 0, warmth = 0, vignette = 0, grain = 0}
  local grainy = gray | XFilmLook{fade = 0, warmth = 0, vignette = 0, grain = 1}
  local worst, moved = 0, 0
  for y = 0, 47 do for x = 0, 47 do
    local d = math.abs(grainy:pixel(x, y).g - plain:pixel(x, y).g)
    worst = math.max(worst, d)
    if d > 0.005 then moved = moved + 1 end
  end end
  assert(worst < 0.25, "grain stays near the image: " .. worst)
  assert(moved > 48 * 48 / 2, "most pixels have grain: " .. moved)
end)

it("shows a visible change for filters whose defaults are the identity", function()
  local checked = 0
  for _, name in ipairs(Filter.names()) do
    local attrs, identities, all = Filter.attributes(name), 0, true
    if attrs.inputImage then
      for k, a in pairs(attrs) do
        if type(a) == "table" and a.CIAttributeClass ~= "CIImage" and k:sub(1, 5) == "input" then
          if a.CIAttributeIdentity ~= nil and a.CIAttributeIdentity == a.CIAttributeDefault then
            identities = identities + 1
          elseif a.CIAttributeDefault ~= nil then
            all = false
          end
        end
      end
    end
    if identities > 0 and all then
      local out, f = lunette.try(name)
      local photo = f.inputImage
      local changed = out.extent ~= photo.extent or maxdiff(out, photo, 64, 64) > 0.02
      assert(changed, name .. " shows the photo unchanged")
      checked = checked + 1
    end
  end
  assert(checked >= 12, "identity-at-default filters checked: " .. checked)
  eq(Filter("CIExposureAdjust").inputEV, 0, "the filter's own default stays Core Image's")
  eq(Filter("CIVignette").inputIntensity, 0)
end)

it("captions try with the photos and the inputs used", function()
  eq(select(3, lunette.try("CIExposureAdjust")), "CIExposureAdjust{EV = 1} on astronaut.png (64×64)")
  eq(select(3, lunette.try("CIGaussianBlur", {radius = 3})), "CIGaussianBlur{radius = 3} on astronaut.png (64×64)")
  eq(select(3, lunette.try("CISepiaTone")), "CISepiaTone{} on astronaut.png (64×64)")
  eq(select(3, lunette.try("CIDissolveTransition")),
     "CIDissolveTransition{time = 0.5} on astronaut.png, targetImage chelsea.png (64×64)")
  eq(select(3, lunette.try("CIBlendWithMask")),
     "CIBlendWithMask{} on astronaut.png, backgroundImage coffee.png, maskImage mask (generated) (64×64)")
  local mine = Image.color(Color(0, 0, 1)):cropped(Rect(0, 0, 10, 20))
  eq(select(3, lunette.try("CIColorInvert", {inputImage = mine})), "CIColorInvert{} on an image 10×20 (10×20)")
  local caption = select(3, lunette.try("CICheckerboardGenerator", {width = 8}))
  -- with stock.size, positions and distances shrink with the photos (150 × 64/512 = 18.75)
  eq(caption, "CICheckerboardGenerator{center = Vector(18.75, 18.75), width = 8} (64×64)")
end)
