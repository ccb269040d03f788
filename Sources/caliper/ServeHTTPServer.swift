internal import CMicroHTTPD
import CaliperService
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The libmicrohttpd daemon under `caliper serve --http`: moves bytes between sockets and
/// `Service`, and keeps the books of connections (limits, idle and slow clients, drain).
///
/// libmicrohttpd parses HTTP (keep-alive, chunked bodies, `Expect: 100-continue`) and runs
/// a pool of threads on epoll; each connection is served by one thread at a time, so a
/// request's `Exchange` is touched by one thread only. What the threads share is behind a
/// `Mutex` or an `Atomic`.
final class HTTPServer: Sendable {
  struct Configuration {
    var threads = 1
    var maxConnections = 512
    var maxHeaderBytes = 16 << 10
    var idleTimeout = 10
    var drainTimeout = 10.0
    var accessLog = false
  }

  /// One request, from its headers to its completion.
  final class Exchange {
    let started = HTTPServer.now()
    let method: String
    let path: String
    var body: RequestBody?
    var refusal: ServiceResponse?
    var status: Int?
    var bytes = 0

    init(method: String, path: String) {
      self.method = method
      self.path = path
    }
  }

  /// A connection's socket and, while it waits for a request's headers, since when.
  struct Connection {
    let socket: Int32
    var waitingSince: Double?
  }

  let service: Service
  let configuration: Configuration
  private let connections = Mutex<[UInt: Connection]>([:])
  private let draining = Atomic<Bool>(false)
  private let accepting = Atomic<Bool>(true)
  /// The `MHD_Daemon` pointer's bits, 0 before `start` and after `stop`.
  private let daemon = Atomic<UInt>(0)

  init(service: Service, configuration: Configuration) {
    self.service = service
    self.configuration = configuration
  }

  /// Seconds on the monotonic clock.
  static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  /// Loads libmicrohttpd, which the tool opens only when a server starts (see CMicroHTTPD);
  /// throws what is missing when it cannot.
  static func loadLibrary() throws {
    if let failure = CMicroHTTPD_load() { throw RuntimeError(String(cString: failure)) }
  }

  /// Starts the daemon on `socket` (bound and listening); false if libmicrohttpd refuses.
  /// From then on the daemon owns the socket: `stop()` closes it. The server must live until
  /// `stop()`: the daemon's threads call back into it.
  func start(socket: Int32) -> Bool {
    let context = Unmanaged.passUnretained(self).toOpaque()
    let daemon = CMicroHTTPD_start(
      socket, UInt32(configuration.threads), UInt32(configuration.maxConnections + 64),
      2 * configuration.maxHeaderBytes, UInt32(configuration.idleTimeout),
      { context, _, _ in
        HTTPServer.from(context).accepting.load(ordering: .relaxed) ? .YES : .NO
      },
      { context, connection, url, method, _, data, size, request in
        HTTPServer.from(context).access(
          connection!, url: url, method: method, data: data, size: size!, request: request!)
      },
      { context, connection, request, _ in
        HTTPServer.from(context).completed(connection!, request!)
      },
      { context, connection, _, code in
        HTTPServer.from(context).notify(connection!, started: code == .CONNECTION_NOTIFY_STARTED)
      },
      context)
    self.daemon.store(
      UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(daemon))), ordering: .relaxed)
    return daemon != nil
  }

  private var handle: OpaquePointer? {
    OpaquePointer(bitPattern: daemon.load(ordering: .relaxed))
  }

  /// Stops accepting connections: each one the daemon accepts from now on is closed at once,
  /// before a byte is read; the connections already open are served on. (One a thread has
  /// taken from the kernel's queue just before, but not yet shown to the accept policy
  /// callback, is closed too: microseconds, and to its client the same as one a little
  /// later.)
  ///
  /// Not `MHD_quiesce_daemon`: with epoll and internal threads (libmicrohttpd 0.9.75, and
  /// later ones at the time of writing) it removes the listening socket from each thread's
  /// epoll set while that thread may be removing it too, unlocked, and the loser's ENOENT
  /// aborts the process ("Failed to remove listen FD from epoll set", SIGABRT). The accept
  /// policy callback touches no epoll set.
  func stopAccepting() {
    accepting.store(false, ordering: .relaxed)
  }

  /// Closes every connection and the listening socket, and ends the threads
  /// (`MHD_stop_daemon`).
  func stop() {
    guard let handle else { return }
    daemon.store(0, ordering: .relaxed)
    CMicroHTTPD_stop_daemon(handle)
  }

  private static func from(_ context: UnsafeMutableRawPointer?) -> HTTPServer {
    Unmanaged<HTTPServer>.fromOpaque(context!).takeUnretainedValue()
  }

  /// From now on every response closes its connection.
  func beginDraining() {
    draining.store(true, ordering: .relaxed)
    service.beginDraining()
  }

  /// Closes each connection that has waited longer than the idle timeout for a request's
  /// headers (an idle keep-alive connection, or a client sending them a byte at a time);
  /// libmicrohttpd then sees the end of the socket and drops it. A connection with bytes
  /// not yet read is left alone: then the server is behind, not the client. Call a few
  /// times a second.
  func dropStalledConnections() {
    let deadline = Self.now() - Double(configuration.idleTimeout)
    connections.withLock { connections in
      for (key, connection) in connections {
        if let since = connection.waitingSince, since < deadline,
          !Self.hasUnreadBytes(connection.socket)
        {
          shutdown(connection.socket, Int32(SHUT_RDWR))
          connections[key]?.waitingSince = nil
        }
      }
    }
  }

  /// Whether a connection waiting for a request has bytes libmicrohttpd has not read yet
  /// (a request that will soon be in flight).
  func hasUnreadRequests() -> Bool {
    connections.withLock { connections in
      connections.values.contains { $0.waitingSince != nil && Self.hasUnreadBytes($0.socket) }
    }
  }

  private static func hasUnreadBytes(_ socket: Int32) -> Bool {
    var byte: UInt8 = 0
    return recv(socket, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) > 0
  }

  // MARK: libmicrohttpd's callbacks

  private func notify(_ connection: OpaquePointer, started: Bool) {
    let key = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(connection)))
    connections.withLock { connections in
      if started {
        connections[key] = Connection(
          socket: CMicroHTTPD_connection_fd(connection), waitingSince: Self.now())
      } else {
        connections[key] = nil
      }
    }
  }

  private func setWaiting(_ connection: OpaquePointer, _ waiting: Bool) -> Int {
    let key = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(connection)))
    return connections.withLock { connections in
      connections[key]?.waitingSince = waiting ? Self.now() : nil
      return connections.count
    }
  }

  private func access(
    _ connection: OpaquePointer, url: UnsafePointer<CChar>?, method: UnsafePointer<CChar>?,
    data: UnsafePointer<CChar>?, size: UnsafeMutablePointer<Int>,
    request: UnsafeMutablePointer<UnsafeMutableRawPointer?>
  ) -> MHD_Result {
    guard let pointer = request.pointee else {
      // The headers have arrived: route the request.
      let exchange = Exchange(
        method: method.map { String(cString: $0) } ?? "",
        path: url.map { String(cString: $0) } ?? "")
      request.pointee = Unmanaged.passRetained(exchange).toOpaque()
      service.metrics.begin()
      let open = setWaiting(connection, false)
      if open > configuration.maxConnections {
        // Over the limit: answer at once and close, whatever the request.
        return queue(
          .error(
            503, "too-many-connections",
            "\(open) connections are open, over the limit of \(configuration.maxConnections)"
              + " (--max-connections); try again",
            headers: [("Retry-After", "1")]), exchange, on: connection)
      }
      func header(_ name: String) -> String? {
        CMicroHTTPD_lookup_connection_value(connection, .HEADER_KIND, name).map {
          String(cString: $0)
        }
      }
      let head = Service.Head(
        method: exchange.method, path: exchange.path, contentType: header("Content-Type"),
        contentLength: header("Content-Length").flatMap { Int($0) },
        authorization: header("Authorization"))
      switch service.start(head) {
      case .answer(let response):
        // Answered from the head. With a body to come, answer now: libmicrohttpd then
        // closes the connection instead of reading the body. Without one, answer on the
        // next call (the end of the empty body), which keeps the connection alive.
        let hasBody =
          (head.contentLength ?? 0) > 0 || header("Transfer-Encoding") != nil
        guard hasBody else {
          exchange.refusal = response
          return .YES
        }
        return queue(response, exchange, on: connection)
      case .receive(let body):
        exchange.body = body
        return .YES
      }
    }
    let exchange = Unmanaged<Exchange>.fromOpaque(pointer).takeUnretainedValue()
    if size.pointee > 0 {
      // A piece of the body: kept, or dropped once the body is refused.
      if exchange.refusal == nil, let body = exchange.body {
        exchange.refusal = body.append(UnsafeRawBufferPointer(start: data, count: size.pointee))
        if exchange.refusal != nil { exchange.body = nil }
      }
      size.pointee = 0
      return .YES
    }
    guard exchange.status == nil else { return .YES }
    let response = exchange.refusal ?? exchange.body?.finish() ?? .error(500, "internal", "no body")
    exchange.body = nil
    return queue(response, exchange, on: connection)
  }

  private func queue(
    _ response: ServiceResponse, _ exchange: Exchange, on connection: OpaquePointer
  ) -> MHD_Result {
    let made: OpaquePointer?
    switch response.body {
    case .bytes(let bytes):
      made = bytes.withUnsafeBytes {
        CMicroHTTPD_create_response_from_buffer(
          $0.count, UnsafeMutableRawPointer(mutating: $0.baseAddress), .RESPMEM_MUST_COPY)
      }
    case .file(let descriptor, let size):
      made = CMicroHTTPD_create_response_from_fd64(UInt64(size), descriptor)
      if made == nil { close(descriptor) }
    }
    guard let made else { return .NO }
    defer { CMicroHTTPD_destroy_response(made) }
    _ = CMicroHTTPD_add_response_header(made, "Content-Type", response.contentType)
    for (name, value) in response.headers { _ = CMicroHTTPD_add_response_header(made, name, value) }
    if draining.load(ordering: .relaxed) {
      _ = CMicroHTTPD_add_response_header(made, "Connection", "close")
    }
    exchange.status = response.status
    exchange.bytes = response.byteCount
    return CMicroHTTPD_queue_response(connection, UInt32(response.status), made)
  }

  private func completed(
    _ connection: OpaquePointer, _ request: UnsafeMutablePointer<UnsafeMutableRawPointer?>
  ) {
    _ = setWaiting(connection, true)
    guard let pointer = request.pointee else { return }
    request.pointee = nil
    let exchange = Unmanaged<Exchange>.fromOpaque(pointer).takeRetainedValue()
    let seconds = Self.now() - exchange.started
    service.metrics.end(
      endpoint: Service.label(path: exchange.path), status: exchange.status, seconds: seconds)
    if configuration.accessLog { AccessLog.write(exchange, seconds: seconds) }
  }
}
