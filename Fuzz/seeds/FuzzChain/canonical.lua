-- Lunette chain: plain Lua data, loaded sandboxed by Chain.load and --chain.
return {
  version = 1,
  name = "grade",
  nextId = 6,
  steps = {
    {id = "s1", filter = "CISepiaTone", inputs = {intensity = 0.33333333333333331}},
    {id = "s2", filter = "CIGaussianBlur", inputs = {radius = 2}, enabled = false},
    {id = "grade", filter = "CIColorMatrix", inputs = {RVector = Vector(0.9, 0.1, 0, 0)}},
    {id = "s5", filter = "CIHueAdjust", inputs = {angle = -0.44879895051282759}},
  },
}
