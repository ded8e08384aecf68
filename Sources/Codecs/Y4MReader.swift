import Foundation
import PixelCore

/// Reading stopped because `shouldStop` asked for it (the output side went away), as when
/// `lunette video … | head -c 1000` closes the pipe.
public struct InputStopped: Error {}

/// Reads a YUV4MPEG2 stream frame by frame from a file or standard input, keeping byte
/// offsets for errors. CLI: `lunette video -i in.y4m` (or `-i -`).
public final class Y4MReader {
    public let format: Y4MFormat
    public let name: String
    /// Frames returned so far.
    public private(set) var framesRead = 0
    /// Bytes consumed so far.
    public var offset: Int { input.offset }
    /// Frames in the stream when it is a regular file (from its size), else nil.
    public let expectedFrames: Int?
    /// Polled while waiting for input; returning true ends reading with `InputStopped`.
    public var shouldStop: () -> Bool {
        get { input.shouldStop }
        set { input.shouldStop = newValue }
    }
    let input: FDInput

    /// Opens `path` ("-" = standard input) and reads the stream header.
    public init(path: String, shouldStop: @escaping () -> Bool = { false }) throws {
        name = path == "-" ? "standard input" : path
        input = try FDInput(path: path, name: name)
        input.shouldStop = shouldStop
        guard let line = try input.readLine(max: 4096, what: "stream header") else {
            throw LunetteError(.truncated, "\(name): byte 0: empty input (no YUV4MPEG2 header)")
        }
        format = try Y4MFormat.parse(line, name: name)
        let frameSize = format.frameBytes + 6
        expectedFrames = input.regularFileSize.map { max(0, ($0 - line.count - 1) / frameSize) }
    }

    /// The next frame, or nil at the end of the stream. A stream that ends inside a frame
    /// throws exit 4 and a bad marker exit 3, both naming the frame index and byte offset.
    public func next() throws -> YUVFrame? {
        let at = input.offset, index = framesRead
        let label = "\(name): frame \(index) at byte \(at)"
        guard let line = try input.readLine(max: 1024, what: "frame header", label: label) else { return nil }
        guard line.starts(with: Array("FRAME".utf8)), line.count == 5 || line[5] == 0x20 else {
            let shown = String(decoding: line.prefix(12), as: UTF8.self).unicodeScalars
                .map { $0.value < 32 || $0.value > 126 ? "?" : String($0) }.joined()
            throw LunetteError.invalid("\(label): expected FRAME, got \"\(shown)\"")
        }
        // Not zeroed first: only the bytes read are counted, and a short frame is thrown away.
        let data = try [UInt8](unsafeUninitializedCapacity: format.frameBytes) { buf, count in
            count = try input.readExact(UnsafeMutableRawBufferPointer(buf))
        }
        if data.count < format.frameBytes {
            throw LunetteError(
                .truncated, "\(label): truncated (\(data.count) of \(format.frameBytes) bytes of picture data)")
        }
        framesRead += 1
        return YUVFrame(format: format, data: data, index: index, offset: at)
    }
}

/// Buffered reading from a file descriptor with a byte count, waiting in poll(2) so that a
/// stop request is noticed while input is slow.
final class FDInput {
    let fd: Int32
    let name: String
    let ownsDescriptor: Bool
    var shouldStop: () -> Bool = { false }
    private(set) var offset = 0
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    var start = 0, end = 0
    var eof = false

    init(path: String, name: String) throws {
        self.name = name
        if path == "-" {
            fd = 0; ownsDescriptor = false
        } else {
            fd = open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { throw LunetteError.io("\(path): \(String(cString: strerror(errno)))") }
            ownsDescriptor = true
        }
    }

    deinit { if ownsDescriptor { close(fd) } }

    /// The size of a regular file, nil for pipes and terminals.
    var regularFileSize: Int? {
        var st = stat()
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(st.st_size)
    }

    /// Bytes up to a newline (not included); nil at a clean end of input.
    func readLine(max: Int, what: String, label: String? = nil) throws -> [UInt8]? {
        var line: [UInt8] = []
        while true {
            if start == end {
                try fill()
                if start == end {
                    if line.isEmpty { return nil }
                    throw LunetteError(.truncated, "\(label ?? "\(name): byte \(offset - line.count)"): truncated \(what)")
                }
            }
            let nl = buffer[start..<end].firstIndex(of: 0x0a)
            let stop = nl ?? end
            line.append(contentsOf: buffer[start..<stop])
            offset += stop - start
            start = stop
            if line.count > max {
                let within = nl == nil ? " (no newline)" : ""
                throw LunetteError.invalid("\(label ?? "\(name): byte 0"): \(what) longer than \(max) bytes\(within)")
            }
            if nl != nil {
                offset += 1
                start += 1
                return line
            }
        }
    }

    /// Fills `dst` from the buffer, then straight from the descriptor; returns bytes read.
    func readExact(_ dst: UnsafeMutableRawBufferPointer) throws -> Int {
        var n = min(dst.count, end - start)
        if n > 0 {
            buffer.withUnsafeBytes { dst.baseAddress!.copyMemory(from: $0.baseAddress! + start, byteCount: n) }
            start += n
        }
        while n < dst.count {
            let got = try readSome(dst.baseAddress! + n, dst.count - n)
            if got == 0 { break }
            n += got
        }
        offset += n
        return n
    }

    func fill() throws {
        start = 0
        end = try buffer.withUnsafeMutableBytes { try readSome($0.baseAddress!, $0.count) }
    }

    /// One read(2), waiting with poll(2) so that `shouldStop` is checked while input is slow.
    func readSome(_ p: UnsafeMutableRawPointer, _ count: Int) throws -> Int {
        if eof { return 0 }
        while true {
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&pfd, 1, 200)
            if shouldStop() { throw InputStopped() }
            if ready == 0 { continue }
            if ready < 0 {
                if errno == EINTR { continue }
                throw LunetteError.io("\(name): \(String(cString: strerror(errno)))")
            }
            let n = read(fd, p, count)
            if n < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw LunetteError.io("\(name): read failed (\(String(cString: strerror(errno))))")
            }
            if n == 0 { eof = true }
            return n
        }
    }
}
