#if Serve
    import Hummingbird
    import Logging

    /// Hummingbird's log at warning level: the CLI prints its own one-line messages.
    func quietLogger() -> Logger {
        var logger = Logger(label: "lunette.serve")
        logger.logLevel = .warning
        return logger
    }
#endif
