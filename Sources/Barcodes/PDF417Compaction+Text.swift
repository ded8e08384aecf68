/// Text compaction's four sub-modes (ISO/IEC 15438 Table 2): each character is a value
/// 0…29 of the current sub-mode; 27–29 (and 25 in mixed) latch or shift between them.
/// Two values make a codeword (30·high + low); an odd count ends with the 29 pad.
enum TextSubMode { case alpha, lower, mixed, punct }

extension PDF417Compaction {
    /// Mixed sub-mode's characters, by value 0…24 (25 latches to punctuation, 26 is the space).
    static let mixedSet: [UInt8] = Array("0123456789&\r\t,:#-.$/+%*=^".utf8)
    /// Punctuation sub-mode's characters, by value 0…28.
    static let punctSet: [UInt8] = Array(";<>@[\\]_`~!\r\t,:\n-.$/\"|*()?{}'".utf8)

    static func upper(_ c: UInt8) -> Int? { c == 32 ? 26 : (65...90).contains(c) ? Int(c) - 65 : nil }
    static func lower(_ c: UInt8) -> Int? { c == 32 ? 26 : (97...122).contains(c) ? Int(c) - 97 : nil }
    static func mixed(_ c: UInt8) -> Int? { c == 32 ? 26 : mixedSet.firstIndex(of: c) }
    static func punct(_ c: UInt8) -> Int? { punctSet.firstIndex(of: c) }

    /// Appends the codewords of a run of text characters, starting in sub-mode `start`;
    /// returns the sub-mode it ends in, and whether it was padded in punctuation, where the
    /// pad 29 is a latch to alpha that some decoders ignore as the run's last value. Single
    /// characters of another sub-mode are shifted (upper case from lower, punctuation from
    /// any), longer changes latch.
    static func appendText(
        _ run: ArraySlice<UInt8>, to out: inout [Int], from start: TextSubMode
    ) -> (end: TextSubMode, punctuationPad: Bool) {
        var values: [Int] = []
        var sub = start
        var i = run.startIndex
        while i < run.endIndex {
            let c = run[i]
            switch sub {
            case .alpha:
                if let v = upper(c) {
                    values.append(v)
                } else if lower(c) != nil {
                    values.append(27); sub = .lower; continue
                } else if mixed(c) != nil {
                    values.append(28); sub = .mixed; continue
                } else {
                    values += [29, punct(c)!]
                }
            case .lower:
                if let v = lower(c) {
                    values.append(v)
                } else if let v = upper(c) {
                    values += [27, v]  // shift to alpha for one character
                } else if mixed(c) != nil {
                    values.append(28); sub = .mixed; continue
                } else {
                    values += [29, punct(c)!]
                }
            case .mixed:
                if let v = mixed(c) {
                    values.append(v)
                } else if upper(c) != nil {
                    values.append(28); sub = .alpha; continue
                } else if lower(c) != nil {
                    values.append(27); sub = .lower; continue
                } else if i + 1 < run.endIndex, punct(run[i + 1]) != nil {
                    values.append(25); sub = .punct; continue
                } else {
                    values += [29, punct(c)!]
                }
            case .punct:
                if let v = punct(c) {
                    values.append(v)
                } else {
                    values.append(29); sub = .alpha; continue
                }
            }
            i += 1
        }
        let punctuationPad = values.count % 2 == 1 && sub == .punct
        if values.count % 2 == 1 {
            values.append(29)  // a shift to punctuation that nothing follows, but in punctuation a latch to alpha
            if sub == .punct { sub = .alpha }
        }
        for k in stride(from: 0, to: values.count, by: 2) { out.append(30 * values[k] + values[k + 1]) }
        return (sub, punctuationPad)
    }
}
