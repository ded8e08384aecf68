import Foundation

/// Headless Chromium driven over the DevTools protocol on a pipe (`--remote-debugging-pipe`:
/// JSON messages separated by NUL bytes, the browser reading fd 3 and writing fd 4). Loads a
/// page, collects console errors, uncaught exceptions and failed loads, counts images that
/// did not decode, and takes a screenshot; or keeps a page open to drive it with scripts
/// (`newPage`, `evaluate`, `pageErrors`). Used by GalleryTests and ServeTests.
public final class HeadlessBrowser {
    public struct Report {
        public var errors: [String] = []
        public var images = 0
        public var broken = 0
        /// Width of the laid-out page (more than the viewport means a horizontal scrollbar).
        public var scrollWidth = 0
        public var screenshot = Data()
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        public init(description: String) { self.description = description }
    }

    /// `LUNETTE_CHROMIUM`, or chromium / chromium-browser / google-chrome on PATH.
    public static func find() -> String? {
        let env = ProcessInfo.processInfo.environment
        if let forced = env["LUNETTE_CHROMIUM"], FileManager.default.isExecutableFile(atPath: forced) { return forced }
        for dir in (env["PATH"] ?? "/usr/bin").split(separator: ":") {
            for name in ["chromium", "chromium-browser", "google-chrome"]
            where FileManager.default.isExecutableFile(atPath: "\(dir)/\(name)") {
                return "\(dir)/\(name)"
            }
        }
        return nil
    }

    let pid: pid_t
    let input: Int32, output: Int32
    var buffer = Data()
    var events: [[String: Any]] = []
    var nextID = 0

    public init(executable: String, profile: URL) throws {
        var toBrowser: [Int32] = [0, 0], fromBrowser: [Int32] = [0, 0]
        guard pipe(&toBrowser) == 0, pipe(&fromBrowser) == 0 else { throw Failure(description: "pipe failed") }
        // Move the child's ends above 4 so dup2 onto 3 and 4 never meets itself.
        let childIn = fcntl(toBrowser[0], F_DUPFD_CLOEXEC, 10), childOut = fcntl(fromBrowser[1], F_DUPFD_CLOEXEC, 10)
        close(toBrowser[0]); close(fromBrowser[1])
        _ = fcntl(toBrowser[1], F_SETFD, FD_CLOEXEC); _ = fcntl(fromBrowser[0], F_SETFD, FD_CLOEXEC)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, childIn, 3)
        posix_spawn_file_actions_adddup2(&actions, childOut, 4)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let args = [
            executable, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--mute-audio",
            "--remote-debugging-pipe", "--user-data-dir=" + profile.path, "about:blank",
        ]
        var argv: [UnsafeMutablePointer<CChar>?] = args.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, executable, &actions, nil, &argv, environ)
        close(childIn); close(childOut)
        guard status == 0 else { throw Failure(description: "cannot start \(executable): \(String(cString: strerror(status)))") }
        pid = child
        input = toBrowser[1]
        output = fromBrowser[0]
        signal(SIGPIPE, SIG_IGN)
    }

    deinit {
        close(input); close(output)
        var status: Int32 = 0
        for _ in 0..<50 {
            if waitpid(pid, &status, WNOHANG) == pid { return }
            usleep(100_000)
        }
        kill(pid, SIGKILL)
        waitpid(pid, &status, 0)
    }

    /// Sends a command and waits for its reply; returns the reply's `result`.
    @discardableResult
    public func send(
        _ method: String, _ params: [String: Any] = [:], session: String? = nil, timeout: Double = 20
    ) throws -> [String: Any] {
        nextID += 1
        let id = nextID
        var message: [String: Any] = ["id": id, "method": method, "params": params]
        if let session { message["sessionId"] = session }
        var data = try JSONSerialization.data(withJSONObject: message)
        data.append(0)
        let written = data.withUnsafeBytes { write(input, $0.baseAddress, $0.count) }
        guard written == data.count else { throw Failure(description: "\(method): the browser closed its pipe") }
        let reply = try wait(timeout: timeout) { ($0["id"] as? Int) == id }
        if let error = reply["error"] { throw Failure(description: "\(method): \(error)") }
        return reply["result"] as? [String: Any] ?? [:]
    }

    /// Reads messages until one satisfies `match`; events met on the way are kept.
    func wait(timeout: Double, for match: ([String: Any]) -> Bool) throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            while let end = buffer.firstIndex(of: 0) {
                let chunk = buffer[buffer.startIndex..<end]
                buffer = Data(buffer[(end + 1)...])
                guard let m = try JSONSerialization.jsonObject(with: chunk) as? [String: Any] else { continue }
                if m["method"] != nil { events.append(m) }
                if match(m) { return m }
            }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { throw Failure(description: "no reply from the browser within \(timeout) s") }
            var fds = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            guard poll(&fds, 1, Int32(left * 1000)) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let n = read(output, &chunk, chunk.count)
            guard n > 0 else { throw Failure(description: "the browser exited") }
            buffer.append(contentsOf: chunk[0..<n])
        }
    }

    /// Loads `url` in a new width×height page and returns its session, once the load event fired.
    public func newPage(_ url: URL, width: Int = 1280, height: Int = 900) throws -> String {
        let target = try send("Target.createTarget", ["url": "about:blank"])["targetId"] as? String ?? ""
        let session = try send("Target.attachToTarget", ["targetId": target, "flatten": true])["sessionId"] as? String ?? ""
        for method in ["Runtime.enable", "Log.enable", "Page.enable"] { try send(method, session: session) }
        try send(
            "Emulation.setDeviceMetricsOverride",
            ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": false], session: session)
        try navigate(url, session: session)
        return session
    }

    /// Loads `url` in the page of `session` and waits for its load event.
    public func navigate(_ url: URL, session: String) throws {
        events.removeAll { ($0["method"] as? String) == "Page.loadEventFired" }
        try send("Page.navigate", ["url": url.absoluteString], session: session)
        _ = try wait(timeout: 30) { ($0["method"] as? String) == "Page.loadEventFired" }
    }

    /// The value of a JavaScript expression in the page (a promise is awaited); a thrown
    /// exception fails.
    public func evaluate(_ expression: String, session: String, timeout: Double = 20) throws -> Any? {
        let reply = try send(
            "Runtime.evaluate", ["expression": expression, "returnByValue": true, "awaitPromise": true],
            session: session, timeout: timeout)
        if let details = reply["exceptionDetails"] as? [String: Any] {
            let text = ((details["exception"] as? [String: Any])?["description"] as? String) ?? "\(details["text"] ?? "")"
            throw Failure(description: "\(expression.prefix(80)): \(text)")
        }
        return (reply["result"] as? [String: Any])?["value"]
    }

    /// Console errors, uncaught exceptions and failed loads seen so far.
    public func pageErrors() -> [String] {
        var errors: [String] = []
        for e in events {
            let params = e["params"] as? [String: Any] ?? [:]
            switch e["method"] as? String {
            case "Runtime.consoleAPICalled" where ["error", "assert"].contains(params["type"] as? String ?? ""):
                errors.append("console.error: \(params["args"] ?? "")")
            case "Runtime.exceptionThrown":
                errors.append("exception: \(params["exceptionDetails"] ?? "")")
            case "Log.entryAdded":
                let entry = params["entry"] as? [String: Any] ?? [:]
                if entry["level"] as? String == "error" { errors.append("\(entry["text"] ?? ""): \(entry["url"] ?? "")") }
            default: break
            }
        }
        return errors
    }

    /// Opens `url` in a width×height viewport and reports what went wrong while it loaded.
    public func open(_ url: URL, width: Int = 1280, height: Int = 900) throws -> Report {
        let session = try newPage(url, width: width, height: height)
        let count = """
            JSON.stringify({images: document.images.length, width: document.documentElement.scrollWidth,
              broken: Array.from(document.images).filter(i => !i.complete || i.naturalWidth === 0).length})
            """
        let value = try send("Runtime.evaluate", ["expression": count, "returnByValue": true], session: session)
        var report = Report()
        if let json = (value["result"] as? [String: Any])?["value"] as? String,
            let counts = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Int]
        {
            report.images = counts["images"] ?? 0
            report.broken = counts["broken"] ?? 0
            report.scrollWidth = counts["width"] ?? 0
        }
        let shot = try send("Page.captureScreenshot", ["format": "png"], session: session)
        report.screenshot = Data(base64Encoded: shot["data"] as? String ?? "") ?? Data()
        report.errors = pageErrors()
        _ = try? send("Browser.close", timeout: 5)
        return report
    }
}
