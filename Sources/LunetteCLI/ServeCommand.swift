import ArgumentParser
import Codecs
import Console
import Foundation
import LuaBridge
import PixelCore
import ServeCore
import ServeHTTP

/// `lunette serve`: the filter explorer in a browser (a page and a JSON API on Hummingbird).
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Explore filters in a browser: live previews, chains, uploads (a local web server).",
        usage: "lunette serve [--port <port>] [--host <host>] [--open] [<options>]",
        discussion: """
            Serves one self-contained page (no external assets: it works offline)
            and the JSON API it uses. Filters are grouped by category with a search;
            each input gets a control from its attributes (sliders with the slider
            range, colours, vectors, handles on the preview for positions); chains
            of steps can be reordered, switched off, saved and loaded as chain files
            (`lunette apply --chain`), and rendered up to any step.
              lunette serve                      http://127.0.0.1:8080/
              lunette serve --port 9000 --open   and open it in the default browser
            API: GET /api/filters (as `filters --json`), GET /api/filters/NAME,
            GET /api/categories, GET /api/images, POST /api/upload (image bytes),
            POST /api/render ({"steps": [...], "image": "astronaut", "upto": "s2",
            "size": 512, "format": "png", "compression": 1, "session": "tab/view"}
            → image, X-Render-Time header; a newer render with the same session
            cancels the one in flight, which answers 409),
            POST /api/chain/export, POST /api/chain/import. Errors are JSON
            ({"error": message, "exit": code}) with the CLI's messages.
            Uploads and renders get the --untrusted limits (8192 px per side, 32 MiP)
            unless --max-side / --max-pixels say otherwise; at most --renders renders
            run at once (more get 503 with Retry-After), each for --time-limit s.
            """
    )

    @Option(help: "Port to listen on (0: any free port).")
    var port = 8080

    @Option(help: "Address to bind; anything but loopback lets other machines in.")
    var host = "127.0.0.1"

    @Flag(help: "Open the page in the default browser (xdg-open).")
    var open = false

    @Option(help: "Renders that may run at once (default: twice the cores, at least 4).")
    var renders: Int?

    @Option(name: .long, help: "Wall-clock seconds one render may take.")
    var timeLimit = 30.0

    @Option(name: .long, help: "Largest upload or request body, in MiB.")
    var maxUpload = 32

    @Option(name: .long, help: "Largest image, in pixels, to decode or render (default 33554432, the --untrusted preset).")
    var maxPixels: Int?

    @Option(name: .long, help: "Largest width or height, in pixels (default 8192, the --untrusted preset).")
    var maxSide: Int?

    func validate() throws {
        if !(0...65535).contains(port) { throw ValidationError("--port must be in 0…65535") }
        if let renders, renders < 1 { throw ValidationError("--renders must be at least 1") }
        if !(timeLimit > 0 && timeLimit < 1e6) { throw ValidationError("--time-limit must be a positive number of seconds") }
        if maxUpload < 1 || maxUpload > 4096 { throw ValidationError("--max-upload must be in 1…4096 MiB") }
        for (name, v) in [("--max-pixels", maxPixels), ("--max-side", maxSide)] {
            if let v, v <= 0 { throw ValidationError("\(name) must be positive") }
        }
    }

    func run() throws {
        guard ServeHTTP.isAvailable else {
            throw LunetteError(.usage, "this lunette was built without the Serve trait (swift build --traits Serve)")
        }
        Limits.maxSide = maxSide ?? Limits.untrustedMaxSide
        Limits.maxPixels = maxPixels ?? Limits.untrustedMaxPixels
        PNGDecoder.maxChunkBytes = PNGDecoder.untrustedMaxChunkBytes
        PNGDecoder.maxAncillaryChunks = PNGDecoder.untrustedMaxAncillaryChunks
        var config = ServeAPI.Config()
        if let renders { config.maxRenders = renders }
        config.timeLimit = timeLimit
        config.maxBodyBytes = maxUpload << 20
        let api = try ServeAPI(config)
        for w in api.warnings { Terminal.error("lunette: warning: \(w)") }
        if !["127.0.0.1", "localhost", "::1"].contains(host) && !host.hasPrefix("127.") {
            Terminal.error("lunette: warning: serving on \(host): anyone who can reach this machine can use the explorer")
        }
        #if Serve
            let failure = ServeFailure()
            let done = DispatchSemaphore(value: 0)
            let (host, open) = (self.host, self.open)
            Task {
                do {
                    try await ServeHTTP.run(api, host: host, port: port) { bound in
                        let shown = host.contains(":") ? "[\(host)]" : host
                        let url = "http://\(shown == "0.0.0.0" ? "127.0.0.1" : shown):\(bound)/"
                        print("lunette explorer on \(url) (Ctrl-C stops it)")
                        fflush(stdout)
                        if open { Self.openBrowser(url) }
                    }
                } catch {
                    failure.error = LunetteError(.io, "cannot serve on \(host):\(port): \(error)")
                }
                done.signal()
            }
            done.wait()
            if let e = failure.error { throw e }
        #endif
    }

    /// `xdg-open URL`, if there is one; the server runs either way.
    static func openBrowser(_ url: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["xdg-open", url]
        do { try p.run() } catch { Terminal.error("lunette: warning: cannot open a browser: \(error)") }
    }
}

/// The server task's error, read once the task has ended.
final class ServeFailure: @unchecked Sendable {
    var error: Error?
}
