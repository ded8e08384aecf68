-- presets
return {
  {name = "noir", CIPhotoEffectNoir{}},
  {name = "warm", steps = {{filter = "CITemperatureAndTint", inputs = {neutral = Vector(6500, 0)}}}},
  {name = "x", Chain{CISepiaTone{}}},
}
