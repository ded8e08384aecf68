-- The chain of the video soak (scripts/soak/video.sh): point filters, a blur that needs
-- its specials, a warp and a per-frame expression (Lua runs for every frame).
return {steps = {
  {filter = "CIColorControls", inputs = {saturation = 1.3, contrast = 1.1}},
  {filter = "CISepiaTone", inputs = {intensity = 0.4}},
  {filter = "CIGaussianBlur", inputs = {radius = 1.5}},
  {filter = "CIHueAdjust", inputs = {angle = Expr"0.5 * time"}},
  {filter = "CIVignette", inputs = {intensity = 0.8, radius = 1.5}},
}}
