import Foundation

/// What the terminal can show, from the environment and (for sixel) a short query.
public enum TerminalCapabilities {
    /// The preview mode: `LUNETTE_PREVIEW` if set, else kitty / iTerm2 from the environment,
    /// else sixel if the terminal's primary device attributes list it, else half-blocks.
    public static func previewMode(
        environment env: [String: String] = ProcessInfo.processInfo.environment,
        query: Bool = true
    ) -> PreviewMode {
        if let forced = env["LUNETTE_PREVIEW"].flatMap(PreviewMode.init(rawValue:)) { return forced }
        if env["KITTY_WINDOW_ID"] != nil || (env["TERM"] ?? "").contains("kitty") || env["TERM_PROGRAM"] == "ghostty" {
            return .kitty
        }
        if env["TERM_PROGRAM"] == "iTerm.app" || env["LC_TERMINAL"] == "iTerm2" || env["TERM_PROGRAM"] == "WezTerm" {
            return .iterm
        }
        if query, env["TMUX"] == nil, Terminal.isTTY(0), Terminal.isTTY(1),
            let reply = ask("\u{1b}[c", until: "c", timeout: 0.15), deviceAttributesListSixel(reply)
        {
            return .sixel
        }
        return .blocks
    }

    /// Whether a DA1 reply (`ESC [ ? 62 ; 4 ; 22 c`) includes attribute 4 (sixel).
    public static func deviceAttributesListSixel(_ reply: String) -> Bool {
        guard let start = reply.range(of: "[?"), let end = reply.lastIndex(of: "c") else { return false }
        return reply[start.upperBound..<end].split(separator: ";").contains("4")
    }

    /// Terminal width in columns (COLUMNS or the tty's size, default 80).
    public static var columns: Int {
        var size = winsize()
        if ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return Int(ProcessInfo.processInfo.environment["COLUMNS"] ?? "") ?? 80
    }

    /// Bytes typed while a query waited for its reply: they belong to the user's first line.
    nonisolated(unsafe) static var typedAhead: [UInt8] = []

    /// Returns and forgets what the user typed during terminal queries.
    public static func takeTypedAhead() -> [UInt8] {
        defer { typedAhead = [] }
        return typedAhead
    }

    /// Writes a query in raw mode and reads the reply (`ESC [ ?` … `terminator`), or nil on
    /// timeout. Other bytes read meanwhile were typed ahead: they are kept in `typedAhead`.
    static func ask(_ query: String, until terminator: Character, timeout: Double) -> String? {
        var saved = termios()
        guard tcgetattr(0, &saved) == 0 else { return nil }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        tcsetattr(0, TCSANOW, &raw)
        defer { tcsetattr(0, TCSANOW, &saved) }
        FileHandle.standardOutput.write(query.data(using: .utf8)!)
        var bytes: [UInt8] = []
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            var fds = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
            let left = Int32(max(1, deadline.timeIntervalSinceNow * 1000))
            guard poll(&fds, 1, left) > 0 else { break }
            var byte: UInt8 = 0
            guard read(0, &byte, 1) == 1 else { break }
            bytes.append(byte)
            if let (reply, rest) = splitReply(bytes, terminator: terminator) {
                typedAhead += rest
                return reply
            }
        }
        typedAhead += bytes
        return nil
    }

    /// A complete reply (`ESC [ ?` up to `terminator`) among `bytes`, and the bytes around it.
    static func splitReply(_ bytes: [UInt8], terminator: Character) -> (String, [UInt8])? {
        let end = terminator.asciiValue ?? 0
        guard
            let start = (0..<max(0, bytes.count - 2)).first(where: {
                bytes[$0] == 0x1b && bytes[$0 + 1] == 0x5b && bytes[$0 + 2] == 0x3f
            }),
            let stop = bytes[(start + 3)...].firstIndex(of: end)
        else { return nil }
        return (String(decoding: bytes[start...stop], as: UTF8.self), Array(bytes[..<start] + bytes[(stop + 1)...]))
    }
}
