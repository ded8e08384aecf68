"""Generates lab.json once: CIE L*a*b* (D65) and ΔE 1994 of sample sRGB colours, computed by
scikit-image (an independent implementation), for LabTests. Run: python3 gen_lab.py"""
import json

import numpy as np
import skimage
from skimage import color

rng = np.random.default_rng(25)
fixed = [[0, 0, 0], [1, 1, 1], [0.5, 0.5, 0.5], [1, 0, 0], [0, 1, 0], [0, 0, 1], [1, 1, 0], [0, 1, 1],
         [1, 0, 1], [0.02, 0.01, 0.03], [0.9, 0.6, 0.3], [0.2, 0.4, 0.8]]
srgb = np.array(fixed + rng.random((36, 3)).round(4).tolist())
lab = color.rgb2lab(srgb[None, :, :])[0]
other = np.roll(srgb, 1, axis=0) * 0.7 + 0.15
lab2 = color.rgb2lab(other[None, :, :])[0]
de = color.deltaE_ciede94(lab, lab2)
json.dump({"generator": f"scikit-image {skimage.__version__} rgb2lab (D65, 2°) and deltaE_ciede94 (graphic arts)",
           "srgb": srgb.tolist(), "lab": lab.round(6).tolist(),
           "srgb2": other.round(6).tolist(), "deltaE94": de.round(6).tolist()},
          open("lab.json", "w"), separators=(",", ":"))
