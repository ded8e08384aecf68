return {present = true, steps = {
  {filter = "CIHueAdjust", inputs = {angle = Expr"0.8 * time + frame / fps"}},
  {filter = "CIGaussianBlur", inputs = {radius = Expr"frame % 4"}},
  {filter = "CIVignette", inputs = {intensity = 1, radius = 2}},
  {filter = "CIAffineTransform", inputs = {transform = Transform.rotate(0.3)}},
  {filter = "CIColorPosterize", inputs = {levels = 5}},
  {filter = "CICrop", inputs = {rectangle = Vector(1, 1, 12, 8)}},
}}
