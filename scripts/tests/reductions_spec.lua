-- Reductions as numbers (img:average, minMax, histogram, kmeans) and as images, checked
-- against sums taken here in Lua over a small synthetic image.

-- 6×4: red rises with x, green with y, blue fixed, opaque.
local img = Image.new(6, 4, function(x, y) return Color(x / 5, y / 3, 0.5, 1) end)

local function linear(v) return v <= 0.04045 and v / 12.92 or ((v + 0.055) / 1.055) ^ 2.4 end
local function encode(v) return v <= 0.0031308 and v * 12.92 or 1.055 * v ^ (1 / 2.4) - 0.055 end

it("averages in linear light and returns a Color", function()
  local sum = {0, 0}
  for x = 0, 5 do for y = 0, 3 do sum[1] = sum[1] + linear(x / 5); sum[2] = sum[2] + linear(y / 3) end end
  local c = img:average()
  eq(getmetatable(c), getmetatable(Color(0, 0, 0)))
  near(c.r, encode(sum[1] / 24), 1e-4, "r"); near(c.g, encode(sum[2] / 24), 1e-4, "g"); near(c.b, 0.5, 1e-4, "b")
  near(c.a, 1, 1e-6, "a")
  -- a rectangle: the right-most column only
  near(img:average(Rect(5, 0, 1, 4)).r, 1, 1e-5, "right column")
  -- an infinite image needs a rectangle
  expect_error(function() Image.color(Color(1, 0, 0)):average() end, "infinite")
  near(Image.color(Color(1, 0, 0)):average(Rect(0, 0, 10, 10)).r, 1, 1e-6)
end)

it("gives per-component minimum and maximum", function()
  local lo, hi = img:minMax()
  near(lo.r, 0, 1e-6); near(hi.r, 1, 1e-5); near(lo.g, 0, 1e-6); near(hi.g, 1, 1e-5); near(lo.b, 0.5, 1e-4)
  local lo2 = img:minMax(Rect(2, 0, 2, 4))
  near(lo2.r, 0.4, 1e-4)
end)

it("counts a histogram per channel", function()
  local h = img:histogram{bins = 4}
  eq(#h.r, 4); eq(#h.a, 4)
  local total = 0
  for _, n in ipairs(h.g) do total = total + n end
  eq(total, 24)
  eq(h.a[4], 24, "opaque: every alpha in the top bin")
  -- green: linear(y/3) for y = 0..3 is 0, 0.09, 0.40, 1: bins 0, 0, 1, 3, six pixels each
  eq(h.g[1], 12); eq(h.g[2], 6); eq(h.g[3], 0); eq(h.g[4], 6)
  local top = img:histogram{bins = 2, rect = Rect(0, 3, 6, 1)}
  eq(top.g[2], 6)
  expect_error(function() img:histogram{bins = 0} end, "bins")
  expect_error(function() img:histogram{rect = 5} end, "rect")
end)

it("finds k-means colours and their shares", function()
  local two = Image.new(10, 2, function(x) return x < 3 and Color(1, 0, 0) or Color(0, 0, 1) end)
  local colors, shares = two:kmeans{count = 2}
  eq(#colors, 2); eq(#shares, 2)
  local red = colors[1].r > colors[2].r and 1 or 2
  near(colors[red].r, 1, 1e-5); near(shares[red], 0.3, 1e-6); near(shares[3 - red], 0.7, 1e-6)
  near(colors[3 - red].b, 1, 1e-5)
end)

it("are images too, with Core Image's shapes", function()
  local e = img.extent
  eq((img | CIAreaAverage{extent = e}).extent, Rect(0, 0, 1, 1))
  eq((img | CIRowAverage{extent = e}).extent, Rect(0, 0, 1, 4))
  eq((img | CIColumnAverage{extent = e}).extent, Rect(0, 0, 6, 1))
  eq((img | CIAreaHistogram{extent = e, count = 16}).extent, Rect(0, 0, 16, 1))
  eq((img | CIAreaHistogram{extent = e} | CIHistogramDisplayFilter{height = 50}).extent, Rect(0, 0, 64, 50))
  eq((img | CIKMeans{extent = e, count = 3}).extent, Rect(0, 0, 3, 1))
end)

it("try shows a reduction as a picture", function()
  local out = lunette.try("CIAreaHistogram")
  eq(Rect.isInfinite(out.extent), false)
  local avg = lunette.try("CIAreaAverage")
  eq(avg.extent, Rect(0, 0, 1, 1), "lunette.try itself keeps Core Image's output; the CLI's try enlarges it")
end)
