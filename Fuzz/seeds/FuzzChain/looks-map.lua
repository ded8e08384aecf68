-- looks
return {zeta = {CIColorInvert{}}, alpha = {CISepiaTone{}, CIVignette{}}}