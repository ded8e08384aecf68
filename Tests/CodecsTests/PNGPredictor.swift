/// PNG § 9's predictor of filter `type` (0 none, 1 Sub, 2 Up, 3 Average, 4 Paeth) from the
/// bytes left (`a`), above (`b`) and above-left (`c`): the reference of the filter tests.
func pngPredictor(_ type: Int, a: Int, b: Int, c: Int) -> Int {
    switch type {
    case 1: return a
    case 2: return b
    case 3: return (a + b) / 2
    case 4:
        let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
        return pa <= pb && pa <= pc ? a : pb <= pc ? b : c
    default: return 0
    }
}
