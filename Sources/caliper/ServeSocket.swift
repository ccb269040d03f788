#if canImport(Glibc)
  import Glibc
#endif

/// The listening socket of `caliper serve --http`, bound here so that the real port of
/// `--http HOST:0` is known before the first line is written, and handed to libmicrohttpd.
enum Socket {
  /// AF_INET or AF_INET6 for a numeric host, else nil.
  static func family(of host: String) -> Int32? {
    var v4 = in_addr()
    if inet_pton(AF_INET, host, &v4) == 1 { return AF_INET }
    var v6 = in6_addr()
    if inet_pton(AF_INET6, host, &v6) == 1 { return AF_INET6 }
    return nil
  }

  /// A non-blocking TCP socket bound to `host` and `port` and listening, with the port it
  /// got (the kernel's choice for port 0).
  static func listen(host: String, port: UInt16) throws -> (descriptor: Int32, port: UInt16) {
    guard let family = family(of: host) else {
      throw RuntimeError("--http: '\(host)' is not a numeric address")
    }
    let descriptor = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else { throw failure("socket", host, port) }
    var yes: Int32 = 1
    setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    var storage = sockaddr_storage()
    // The address, copied into `storage`; its length.
    func store<Address>(_ address: Address) -> socklen_t {
      withUnsafeBytes(of: address) { bytes in
        withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: bytes) }
      }
      return socklen_t(MemoryLayout<Address>.size)
    }
    let length: socklen_t
    if family == AF_INET {
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_port = port.bigEndian
      inet_pton(AF_INET, host, &address.sin_addr)
      length = store(address)
    } else {
      var address = sockaddr_in6()
      address.sin6_family = sa_family_t(AF_INET6)
      address.sin6_port = port.bigEndian
      inet_pton(AF_INET6, host, &address.sin6_addr)
      length = store(address)
    }
    let bound = withUnsafePointer(to: &storage) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
    }
    guard bound == 0, Glibc.listen(descriptor, 1024) == 0 else {
      let error = failure("bind", host, port)
      close(descriptor)
      throw error
    }
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    var actual = sockaddr_storage()
    var actualLength = socklen_t(MemoryLayout<sockaddr_storage>.size)
    _ = withUnsafeMutablePointer(to: &actual) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        getsockname(descriptor, $0, &actualLength)
      }
    }
    let boundPort = withUnsafeBytes(of: actual) { bytes in
      // sin_port and sin6_port both sit at offset 2, in network order.
      UInt16(bytes[2]) << 8 | UInt16(bytes[3])
    }
    return (descriptor, boundPort)
  }

  private static func failure(_ call: String, _ host: String, _ port: UInt16) -> RuntimeError {
    RuntimeError("cannot listen on \(host):\(port): \(String(cString: strerror(errno)))")
  }

  /// Writes to stderr at once (no buffer), for the `listening on` line.
  static func writeError(_ text: String) {
    var bytes = Array(text.utf8)
    _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
  }
}
