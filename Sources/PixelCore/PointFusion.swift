import Foundation

/// Fusion of the point kernels of a chain beyond running them block by block: neighbouring
/// kernels that are affine maps on opaque pixels (exposure, colour controls, hue, colour
/// matrices, sepia, …) become one map there, so a block of opaque pixels takes one pass
/// for all of them. Lua: `img | CIExposureAdjust{EV = 0.5} | CIHueAdjust{angle = 0.3}`
enum PointFusion {
    /// `kernels` in the order they run, with each run of two or more opaque-affine kernels
    /// replaced by one `ComposedAffineKernel`.
    static func composed(_ kernels: some Sequence<any PointKernel>) -> [any PointKernel] {
        var out: [any PointKernel] = [], run: [any PointKernel] = []
        func flush() {
            if run.count > 1 { out.append(ComposedAffineKernel(run)) } else { out += run }
            run = []
        }
        for k in kernels {
            if k.opaqueAffine != nil { run.append(k) } else { flush(); out.append(k) }
        }
        flush()
        return out
    }
}

/// Several kernels in a row: opaque pixels through their composed affine map (vectorised),
/// runs of other pixels through each kernel in turn, as unfused.
struct ComposedAffineKernel: PointKernel {
    let parts: [any PointKernel]
    let affine: AffineRGB
    let preservesAlpha: Bool

    init(_ parts: [any PointKernel]) {
        self.parts = parts
        affine = parts.dropFirst().reduce(parts[0].opaqueAffine!) { $0.then($1.opaqueAffine!) }
        preservesAlpha = parts.allSatisfy(\.preservesAlpha)
    }

    var opaqueAffine: AffineRGB? { affine }

    func apply(_ dst: UnsafeMutablePointer<Pixel>, _ others: [UnsafeMutablePointer<Pixel>], _ count: Int) {
        var i = 0
        while i < count {
            i += affine.applyOpaque(dst + i, count - i)
            var j = i
            while j < count, dst[j].w != 1 { j += 1 }
            if j > i {
                for k in parts { k.apply(dst + i, others, j - i) }
                i = j
            }
        }
    }
}
