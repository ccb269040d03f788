import Caliper
import CaliperService

#if canImport(Glibc)
  import Glibc
#endif

/// `caliper serve --http [HOST:]PORT`: the service on HTTP/1.1, over libmicrohttpd.
///
/// Problem: backends in Python, Node or Go reach a service over HTTP, many clients at once,
/// and expect health, metrics, limits and a clean shutdown. Solution: the same `Service`
/// (and so the same answers) as stdin `serve`, behind libmicrohttpd's thread pool; one
/// `FontLibrary` and its caches are shared by every thread. This file reads the options,
/// binds the socket and runs the process until SIGTERM or SIGINT, then drains.
/// Limitation: no TLS (put a reverse proxy in front); see the article "Running Caliper as a
/// service".
enum ServeHTTP {
  static let options: [Option] = [
    Option(
      "--http", value: "[<host>:]<port>",
      help: "Serve HTTP on host (default 127.0.0.1) and port (0: a\n"
        + "free one) instead of stdin; stderr's first line is\n"
        + "'listening on http://HOST:PORT'."
    ) { _ = try address($0) },
    Option(
      "--threads", value: "<n>", help: "HTTP worker threads (default: the number of cores)."
    ) { _ = try whole("--threads", $0) },
    Option(
      "--max-connections", value: "<n>",
      help: "Answer 503 to connections over n (default: "
        + "\(HTTPServer.Configuration().maxConnections))."
    ) { _ = try whole("--max-connections", $0) },
    Option(
      "--max-body-bytes", value: "<n>",
      help: "Answer 413 to a request body over n bytes (default:\n"
        + "\(OptionValues.bytesText(defaultMaxBodyBytes)))."
    ) { _ = try OptionValues.byteCount($0, option: "--max-body-bytes") },
    Option(
      "--max-header-bytes", value: "<n>",
      help: "Refuse request headers over about n bytes (default:\n"
        + "\(OptionValues.bytesText(HTTPServer.Configuration().maxHeaderBytes)))."
    ) { _ = try whole("--max-header-bytes", $0) },
    Option(
      "--idle-timeout", value: "<s>",
      help: "Close a connection that sends no complete request\n"
        + "headers for s seconds (default: \(HTTPServer.Configuration().idleTimeout))."
    ) { _ = try whole("--idle-timeout", $0) },
    Option(
      "--drain-timeout", value: "<s>",
      help: "On SIGTERM or SIGINT, wait up to s seconds for\nrequests in flight (default: "
        + "\(Int(HTTPServer.Configuration().drainTimeout)))."
    ) { _ = try whole("--drain-timeout", $0) },
    Option(
      "--token-file", value: "<file>",
      help: "Require 'Authorization: Bearer <token>' (the file's\n"
        + "text) on every path but /healthz."),
    Option("--access-log", help: "Log each HTTP request to stderr."),
  ]

  /// The largest request body read when `--max-body-bytes` is not given.
  static let defaultMaxBodyBytes = 64 << 20

  /// The range and unit of each whole-number option, for its check and its reading.
  static let wholeNumbers: [String: (range: ClosedRange<Int>, unit: String)] = [
    "--threads": (1...1024, "threads"), "--max-connections": (1...60000, "connections"),
    "--max-header-bytes": (1024...(1 << 24), "bytes"), "--idle-timeout": (1...86400, "seconds"),
    "--drain-timeout": (0...86400, "seconds"),
  ]

  /// The value of the whole-number option `name`, checked against its range.
  static func whole(_ name: String, _ text: String) throws -> Int {
    let (range, unit) = wholeNumbers[name]!
    return try OptionValues.whole(text, option: name, range, unit)
  }

  /// `[HOST:]PORT`, `[IPV6]:PORT`: the host as given (numeric) and the port.
  static func address(_ text: String) throws -> (host: String, port: UInt16) {
    var host = "127.0.0.1"
    var portText = Substring(text)
    if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
      host = String(text[text.index(after: text.startIndex)..<close])
      let rest = text[text.index(after: close)...]
      guard rest.hasPrefix(":") else {
        throw UsageError("--http expects [HOST:]PORT, not '\(text)'")
      }
      portText = rest.dropFirst()
    } else if let colon = text.lastIndex(of: ":") {
      host = String(text[..<colon])
      portText = text[text.index(after: colon)...]
    }
    guard let port = UInt16(portText) else {
      throw UsageError("--http expects a port from 0 to 65535, not '\(portText)'")
    }
    guard Socket.family(of: host) != nil else {
      throw UsageError("--http expects a numeric IPv4 or IPv6 host, not '\(host)'")
    }
    return (host, port)
  }

  /// Serves until SIGTERM or SIGINT, then lets the requests in flight finish.
  static func run(_ parsed: ParsedArguments, session: ServeSession) throws {
    let (host, port) = try address(parsed.last("--http")!)
    var configuration = HTTPServer.Configuration()
    configuration.threads = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    if let value = parsed.last("--threads") {
      configuration.threads = try whole("--threads", value)
    }
    if let value = parsed.last("--max-connections") {
      configuration.maxConnections = try whole("--max-connections", value)
    }
    if let value = parsed.last("--max-header-bytes") {
      configuration.maxHeaderBytes = try whole("--max-header-bytes", value)
    }
    if let value = parsed.last("--idle-timeout") {
      configuration.idleTimeout = try whole("--idle-timeout", value)
    }
    if let value = parsed.last("--drain-timeout") {
      configuration.drainTimeout = Double(try whole("--drain-timeout", value))
    }
    configuration.accessLog = parsed.has("--access-log")
    var maxBodyBytes = defaultMaxBodyBytes
    if let value = parsed.last("--max-body-bytes") {
      maxBodyBytes = try OptionValues.byteCount(value, option: "--max-body-bytes")
    }
    var token: BearerToken?
    if let path = parsed.last("--token-file") {
      guard let read = BearerToken(fileContents: try InputReader.read(path)) else {
        throw RuntimeError("--token-file \(path) holds no token")
      }
      token = read
    }
    let service = try Service(session: session, token: token, maxBodyBytes: maxBodyBytes)
    let server = HTTPServer(service: service, configuration: configuration)

    // SIGTERM and SIGINT are taken by `sigtimedwait` below, never by a handler: block them
    // before libmicrohttpd's threads start, so that they inherit the mask.
    signal(SIGPIPE, SIG_IGN)
    var stopSignals = sigset_t()
    sigemptyset(&stopSignals)
    sigaddset(&stopSignals, SIGTERM)
    sigaddset(&stopSignals, SIGINT)
    pthread_sigmask(SIG_BLOCK, &stopSignals, nil)

    // One descriptor per connection: allow as many as the hard limit does.
    var files = rlimit()
    if getrlimit(Int32(RLIMIT_NOFILE.rawValue), &files) == 0, files.rlim_cur < files.rlim_max {
      files.rlim_cur = files.rlim_max
      setrlimit(Int32(RLIMIT_NOFILE.rawValue), &files)
    }
    try HTTPServer.loadLibrary()
    let listener = try Socket.listen(host: host, port: port)
    // Not closed here when the start fails: libmicrohttpd closes it on some failures (a
    // thread's epoll set not made) and not on others, and the process exits next.
    guard server.start(socket: listener.descriptor) else {
      throw RuntimeError("cannot start the HTTP server on \(host):\(listener.port)")
    }
    let shown = host.contains(":") ? "[\(host)]" : host
    Socket.writeError("listening on http://\(shown):\(listener.port)\n")

    var timeout = timespec(tv_sec: 0, tv_nsec: 200_000_000)
    while sigtimedwait(&stopSignals, nil, &timeout) < 0 {
      server.dropStalledConnections()
    }
    // Drain: /healthz answers 503 and every response closes its connection; connections
    // the kernel has already accepted are taken (until the accept queue is empty), then no
    // more. Done when no request has been in flight and none has waited unread for 100 ms,
    // or at the drain timeout.
    server.beginDraining()
    let deadline = HTTPServer.now() + configuration.drainTimeout
    func pause() {
      var pause = timespec(tv_sec: 0, tv_nsec: 10_000_000)
      nanosleep(&pause, nil)
    }
    var pending = pollfd(fd: listener.descriptor, events: Int16(POLLIN), revents: 0)
    while HTTPServer.now() < deadline, poll(&pending, 1, 0) > 0 { pause() }
    server.stopAccepting()
    var quietSince = HTTPServer.now()
    while HTTPServer.now() < deadline {
      if service.metrics.inFlightCount > 0 || server.hasUnreadRequests() {
        quietSince = HTTPServer.now()
      }
      if HTTPServer.now() - quietSince >= 0.1 { break }
      pause()
    }
    server.stop()
  }
}
