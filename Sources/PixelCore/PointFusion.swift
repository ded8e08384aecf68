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
            if case .affine = k.opaqueStep { run.append(k) } else { flush(); out.append(k) }
        }
        flush()
        return out
    }

    /// All of `steps` as one vector program on opaque pixels, when each has an opaque step.
    static func program(_ steps: [any PointKernel]) -> OpaqueProgram? {
        var ops: [OpaqueStep] = []
        for k in steps {
            guard let op = k.opaqueStep else { return nil }
            ops.append(op)
        }
        return OpaqueProgram(ops)
    }

    /// `count` pixels from `src` through every step into `dst` (which may be `src`): by the
    /// program while it takes them (one load and one store per pixel for all steps), the
    /// rest (runs of translucent pixels, values it declines) copied and run through the
    /// kernels one after the other.
    static func run(
        _ steps: [any PointKernel], _ program: OpaqueProgram?, from src: UnsafeMutablePointer<Pixel>,
        into dst: UnsafeMutablePointer<Pixel>, _ count: Int
    ) {
        guard let program else {
            if src != dst { dst.update(from: src, count: count) }
            for k in steps { k.apply(dst, [], count) }
            return
        }
        var i = 0
        while i < count {
            i += program.run(src + i, dst + i, count - i)
            guard i < count else { break }
            var j = i + 1
            while j < count, src[j].w != 1 { j += 1 }
            if src != dst { (dst + i).update(from: src + i, count: j - i) }
            for k in steps { k.apply(dst + i, [], j - i) }
            i = j
        }
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
        func map(_ k: any PointKernel) -> AffineRGB {
            guard case .affine(let a) = k.opaqueStep else { preconditionFailure("composed from affine kernels only") }
            return a
        }
        affine = parts.dropFirst().reduce(map(parts[0])) { $0.then(map($1)) }
        preservesAlpha = parts.allSatisfy(\.preservesAlpha)
    }

    var opaqueStep: OpaqueStep? { .affine(affine) }

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
