import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// SIGTERM, SIGINT, SIGHUP and SIGPIPE for `caliper serve`.
///
/// - SIGTERM while a request is being measured: that request is answered, then the service
///   exits 0 (`shouldStop` turns true and the loop stops after writing the response).
///   SIGTERM while waiting for input: exit 0 at once (`_exit` in the handler; nothing is
///   pending then, since every response is written before the next read). Requests not yet
///   started get no response, so a client can send again exactly the ids it has no answer
///   for. The same holds for SIGINT and SIGHUP (a closed terminal, or a supervisor's
///   hang-up), whose default action killed the service in the middle of a response line.
/// - SIGPIPE is ignored: a write to a closed pipe fails with EPIPE, and the service ends.
enum ServeSignals {
  /// Installs the handlers; call once, before the first request.
  static func install() {
    _ = waiting.load(ordering: .sequentiallyConsistent)  // initialise before any signal
    _ = stopRequested.load(ordering: .sequentiallyConsistent)
    signal(SIGPIPE, SIG_IGN)
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { _ in
      if waiting.load(ordering: .sequentiallyConsistent) { _exit(0) }
      stopRequested.store(true, ordering: .sequentiallyConsistent)
    }
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    sigaction(SIGTERM, &action, nil)
    sigaction(SIGINT, &action, nil)
    sigaction(SIGHUP, &action, nil)
    // A parent may have started the service with these blocked (a blocked mask is
    // inherited across exec, e.g. from a Foundation `Process`): unblock them.
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, SIGTERM)
    sigaddset(&set, SIGINT)
    sigaddset(&set, SIGHUP)
    sigprocmask(SIG_UNBLOCK, &set, nil)
  }

  /// Whether a SIGTERM asked the service to stop after the current request.
  static var shouldStop: Bool { stopRequested.load(ordering: .sequentiallyConsistent) }

  /// Runs `read`, a call that may block for input, marked as holding no request: a
  /// SIGTERM then ends the process at once (or before the call, if it came just before).
  static func whileWaiting(_ read: () -> Int) -> Int {
    waiting.store(true, ordering: .sequentiallyConsistent)
    defer { waiting.store(false, ordering: .sequentiallyConsistent) }
    if shouldStop { _exit(0) }
    return read()
  }
}

/// Whether the service is blocked waiting for input (set only around `read`).
private let waiting = Atomic<Bool>(false)
/// Set by SIGTERM while a request is being measured.
private let stopRequested = Atomic<Bool>(false)
