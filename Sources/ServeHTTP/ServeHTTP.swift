#if Serve
    import Foundation
    import Hummingbird
    import HTTPTypes
    import ServeCore

    /// The explorer's HTTP server (Hummingbird 2): every request goes to `ServeAPI.handle`, which
    /// knows nothing of sockets. Built only with the package's Serve trait (on by default).
    /// Swift: `try await ServeHTTP.run(api, host: "127.0.0.1", port: 8080) { port in print(port) }`
    public enum ServeHTTP {
        public static let isAvailable = true

        /// Serves until SIGINT or SIGTERM (or the task is cancelled); `ready` gets the bound port
        /// (useful with port 0: any free port).
        public static func run(
            _ api: ServeAPI, host: String, port: Int,
            ready: @escaping @Sendable (Int) async -> Void = { _ in }
        ) async throws {
            let responder = CallbackResponder<BasicRequestContext> { request, _ in
                var request = request
                let limit = api.config.maxBodyBytes
                let body: ByteBuffer
                do {
                    body = try await request.collectBody(upTo: limit)
                } catch {
                    return respond(api.bodyTooBig())
                }
                let bytes = body.getBytes(at: body.readerIndex, length: body.readableBytes) ?? []
                return respond(await api.handle(request.method.rawValue, request.uri.path, body: bytes))
            }
            let app = Application(
                responder: responder,
                configuration: .init(address: .hostname(host, port: port), serverName: "lunette"),
                onServerRunning: { channel in await ready(channel.localAddress?.port ?? port) },
                logger: quietLogger())
            try await app.runService()
        }

        static func respond(_ r: APIResponse) -> Response {
            var headers = HTTPFields()
            for (name, value) in r.headers {
                if let n = HTTPField.Name(name) { headers.append(HTTPField(name: n, value: value)) }
            }
            headers[.contentLength] = String(r.body.count)
            return Response(
                status: HTTPResponse.Status(code: r.status), headers: headers,
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: r.body)))
        }
    }
#else
    import ServeCore

    /// Without the Serve trait there is no HTTP server (the sanitizer builds).
    public enum ServeHTTP {
        public static let isAvailable = false
    }
#endif
