-- VidClips' fifteen looks, done right: one decoding pass, fifteen outputs.
--   lunette video -i clip.y4m --fanout looks/ --presets scripts/examples/vidclips-looks.lua
-- writes looks/noir.y4m, looks/mono.y4m, … Each look is a list of steps built from native
-- filters (a chain file's data works here too: {name = …, steps = {{filter = …}}}).
-- Values may vary per frame: a function of {frame, time, fps}, or Expr"…" (see "huecycle").
return {
  {name = "noir", CIPhotoEffectNoir{}},
  {name = "mono", CIPhotoEffectMono{}},
  {name = "tonal", CIPhotoEffectTonal{}},
  {name = "chrome", CIPhotoEffectChrome{}},
  {name = "fade", CIPhotoEffectFade{}},
  {name = "instant", CIPhotoEffectInstant{}},
  {name = "process", CIPhotoEffectProcess{}},
  {name = "transfer", CIPhotoEffectTransfer{}},
  {name = "sepia", CISepiaTone{intensity = 0.9}, CIVignette{intensity = 1, radius = 2}},
  {name = "vintage", CITemperatureAndTint{neutral = Vector(5200, 10)},
                     CIColorControls{saturation = 0.75, contrast = 0.92, brightness = 0.02},
                     CIVignette{intensity = 0.8, radius = 1.5}},
  {name = "cool", CITemperatureAndTint{neutral = Vector(8000, 0)}, CIVibrance{amount = 0.4}},
  {name = "dream", CIBloom{radius = 8, intensity = 0.7}, CIColorControls{saturation = 1.15}},
  {name = "posterize", CIColorPosterize{levels = 5}, CIColorControls{saturation = 1.3}},
  {name = "pixellate", CIPixellate{scale = 12}},
  {name = "huecycle", CIHueAdjust{angle = Expr"0.8 * time"}, CIVibrance{amount = 0.3}},
}
