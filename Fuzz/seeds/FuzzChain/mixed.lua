return {CIPixellate{scale = 3}, CIBloom{radius = 2, intensity = 0.7}, CIColorControls{saturation = 1.15, contrast = 0.9},
  CITemperatureAndTint{neutral = Vector(5200, 10)}, CIExposureAdjust{EV = function(t) return t.time end},
  CIMorphologyMaximum{radius = 2}, CIUnsharpMask{radius = 1.5, intensity = 0.5}, CITwirlDistortion{center = Vector(8, 6), radius = 6}}
