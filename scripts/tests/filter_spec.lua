-- stdlib/filter.lua: Filter construction, inputs, attributes, catalogue queries.

it("constructs filters with defaults and validated inputs", function()
  local f = Filter("CIGaussianBlur")
  eq(f.inputRadius, 10); eq(f.radius, 10); eq(f.name, "CIGaussianBlur")
  f.inputImage = Image.load(PHOTO)
  f.radius = 2
  eq(f.outputImage.extent, Rect(-7, -7, 526, 526))
  f:setDefaults()
  eq(f.inputRadius, 10); eq(f.inputImage, nil)
  eq(Filter("gaussianblur").name, "CIGaussianBlur")
  local keys = f:keys()
  eq(keys[1], "inputImage"); eq(keys[2], "inputRadius")
  eq(f.inputKeys[2], "inputRadius"); eq(f.outputKeys[1], "outputImage")
end)

it("coerces and checks every kind of input", function()
  local m = Filter("CIColorMatrix")
  m.inputRVector = {0.5, 0, 0, 0}
  eq(m.inputRVector, Vector(0.5, 0, 0, 0))
  expect_error(function() m.inputRVector = Vector(1, 2) end, "CIColorMatrix.inputRVector: expected a Vector of 4 numbers, got Vector of 2")
  expect_error(function() m.inputRVector = 3 end, "expected a Vector of 4 numbers, got 3")
  local c = Filter("CICrop")
  c.rectangle = Rect(1, 2, 3, 4)
  eq(c.inputRectangle, Rect(1, 2, 3, 4))
  local t = Filter("CIAffineTransform")
  t.transform = Transform.scale(2)
  eq(t.inputTransform, Transform.scale(2))
  t.transform = {1, 0, 0, 1, 5, 5}
  eq(t.inputTransform, Transform.translate(5, 5))
  expect_error(function() t.transform = Color(1, 0, 0) end, "CIAffineTransform.inputTransform: expected a Transform, got Color")
  local b = Filter("CIGaussianBlur")
  expect_error(function() b.inputRadius = -3 end, "CIGaussianBlur.inputRadius: expected a number ≥ 0, got -3")
  expect_error(function() b.inputRadius = "big" end, "expected a number, got string")
  expect_error(function() b.inputImage = 42 end, "expected an Image, got 42")
  expect_error(function() b.inputRadus = 1 end, "no input named 'inputRadus' (did you mean 'inputRadius'")
  expect_error(function() return b.bogus end, "no input named 'bogus'")
  expect_error(function() return b.outputImage end, "CIGaussianBlur.inputImage: no image set")
  expect_error(function() return Filter("CINope") end, "unknown filter 'CINope'")
  expect_error(function() return Filter(42) end, "bad argument #1 to 'Filter' (string expected, got number)")
end)

it("takes a list of segments and a record for the table inputs", function()
  local m = Filter("CIMeshGenerator")
  m.mesh = {Vector(0, 0, 40, 30), {40, 30, 80, 0}}
  eq(m.inputMesh, Vector(0, 0, 40, 30, 40, 30, 80, 0))
  eq(m.outputImage.extent, Rect(-1.75, -1.75, 83.5, 33.5))
  expect_error(function() m.mesh = {Vector(1, 2, 3)} end, "expected a list of Vectors of 4 numbers")
  local b = Filter("CIBarcodeGenerator")
  b.barcodeDescriptor = {symbology = "QR", message = "hi", correction = "M"}
  eq(b.inputBarcodeDescriptor, '{"correction":"M","message":"hi","symbology":"QR"}')
  eq(b.outputImage.extent, Rect(0, 0, 23, 23))
  b.barcodeDescriptor = {symbology = "Aztec", message = "hi"}
  eq(b.outputImage.extent, Rect(0, 0, 19, 19))
  b.barcodeDescriptor = {symbology = "QR", message = "hi", layers = 3}
  expect_error(function() return b.outputImage end, "CIBarcodeGenerator.inputBarcodeDescriptor: CIQRCodeGenerator: no input named 'layers'")
end)

it("answers attributes and catalogue queries", function()
  local a = Filter.attributes("CISepiaTone")
  eq(a.CIAttributeFilterName, "CISepiaTone")
  eq(a.CIAttributeFilterDisplayName, "Sepia Tone")
  eq(a.CIAttributeFilterCategories[1], "CICategoryColorEffect")
  eq(a.inputIntensity.CIAttributeDefault, 1)
  eq(a.inputIntensity.CIAttributeIdentity, 0)
  eq(a.inputIntensity.CIAttributeClass, "NSNumber")
  eq(a.inputIntensity.CIAttributeType, "CIAttributeTypeScalar")
  eq(Filter("CISepiaTone").attributes.inputIntensity.CIAttributeSliderMax, 1)
  local names = Filter.names()
  assert(#names >= 10)
  for i = 2, #names do assert(names[i - 1] < names[i], "names are sorted") end
  local blurs = table.concat(Filter.names("CICategoryBlur"), " ")
  assert(blurs:find("CIGaussianBlur", 1, true) and blurs:find("CIBoxBlur", 1, true) and not blurs:find("CISepiaTone", 1, true))
  local order = {}
  for i, c in ipairs(Filter.categories()) do order[c] = i end
  assert(order.CICategoryGeometryAdjustment < order.CICategoryColorAdjustment, "catalogue order")
  assert(order.CICategoryColorAdjustment < order.CICategoryBlur and order.CICategoryBlur < order.CICategoryVideo)
  assert(Filter.describe("CIGaussianBlur"):find("Lua: img | CIGaussianBlur{radius = 10}", 1, true))
  local catalog = Filter.catalog()
  eq(tostring(catalog.byName.CICategoryBlur), "CICategoryBlur: " .. #catalog.byName.CICategoryBlur.records .. " filters, "
     .. #catalog.byName.CICategoryBlur.unique .. " unique")
  local seen = {}
  for _, c in ipairs(catalog.categories) do
    for _, r in ipairs(c.unique) do assert(not seen[r.name], r.name .. " listed once"); seen[r.name] = true end
  end
  for _, n in ipairs(names) do assert(seen[n], n .. " is in the unique list") end
  assert(tostring(catalog):find("Category CICategoryBlur:\n\tfilter CIBokehBlur. (Bokeh Blur)", 1, true))
  assert(tostring(catalog):find("\tfilter CIGaussianBlur. (Gaussian Blur)", 1, true))
end)

it("keeps errors inside pcall, coroutines and nested calls", function()
  local f = Filter("CIGaussianBlur")
  local ok, err = pcall(function() f.inputRadius = -1 end)
  assert(not ok and err:find("expected a number"))
  local co = coroutine.wrap(function()
    local ok2, err2 = pcall(Image.load, "/nonexistent.png")
    coroutine.yield(ok2, err2)
    f.inputImage = 42
  end)
  local ok3, err3 = co()
  assert(not ok3 and err3:find("nonexistent"))
  local ok4, err4 = pcall(co)
  assert(not ok4 and err4:find("expected an Image"))
  local function nest(n)
    if n == 0 then return Filter("CICrop").outputImage end
    local _, e = pcall(nest, n - 1)
    error(e, 0)
  end
  local ok5, err5 = pcall(nest, 60)
  assert(not ok5 and err5:find("no image set"))
  for _ = 1, 100 do pcall(Image.cropped, nil, nil) end
end)

it("takes CIAttributedTextImageGenerator's runs as a Lua table", function()
  local function text(t) return Image.apply(nil, "CIAttributedTextImageGenerator", {text = t}) end
  local runs = text{{"Ab ", font = "DejaVu Sans", size = 30}, "plain", {"cd", size = 22, color = Color(1, 0, 0), underline = true}}
  local markup = text('<span font="DejaVu Sans" size="30">Ab </span>plain<span size="22" color="#ff0000"><u>cd</u></span>')
  eq(runs.extent, markup.extent)
  local e = runs.extent
  for x = 0, e.width - 1, 7 do for y = 0, e.height - 1, 3 do eq(runs:pixel(x, y), markup:pixel(x, y)) end end
  expect_error(function() return text{{"a", weight = 7}} end, "text run 1: unknown field 'weight'")
  expect_error(function() return text{{"a", size = "big"}} end, "text run 1: size must be a number, got string")
  expect_error(function() return text{{font = "DejaVu Sans"}} end, "text run 1: its first entry must be the text")
end)
