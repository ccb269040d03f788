import CaliperTestSupport
import Foundation
import Testing

/// How `caliper serve --http` stops taking connections when it drains: new connections
/// arriving during the drain are closed at once, and the process exits 0 however they race
/// libmicrohttpd's threads.
@Suite(.serialized) struct ServeHTTPStopTests {
  static let fixtures = TestFonts.root + "/Tests/CaliperCLITests/Fixtures/http/"

  /// Builds the LD_PRELOAD shim that makes removing a listening socket from an epoll set
  /// take 100 ms (see its source), with the toolchain's clang.
  static func slowListenerRemoval() throws -> String {
    let library = TemporaryFiles.path("slow-listener-removal.so")
    let build = try #require(
      try runClient(
        "clang",
        ["-shared", "-fPIC", "-O2", "-o", library, fixtures + "slow-listener-removal.c"]),
      "clang is not on PATH (it comes with the Swift toolchain)")
    try #require(build.status == 0, "clang: \(build.stderr)")
    return library
  }

  /// The drain's stop of accepting races the daemon's epoll threads: with libmicrohttpd's
  /// quiesce (what `stopAccepting` was), the shim's wider window made this abort with
  /// "Failed to remove listen FD from epoll set" (SIGABRT) in every run with 2 or 4 threads
  /// (with 1 libmicrohttpd tolerates the ENOENT); the release
  /// binary without the shim did it once under ThreadSanitizer's load.
  @Test(arguments: [1, 2, 4])
  func connectionsArrivingWhileItDrainsNeverAbortIt(threads: Int) throws {
    let shim = try Self.slowListenerRemoval()
    defer { TemporaryFiles.remove(shim) }
    for _ in 0..<3 {
      let service = try ServiceProcess(
        ["--threads", String(threads), "--drain-timeout", "5"], environment: ["LD_PRELOAD": shim])
      defer { service.stop() }
      let ended = try runChurn(service)
      let stopped = service.stop(signal: false, timeout: 30)
      #expect(stopped.status == 0, "\(stopped.stderr) \(ended)")
      #expect(!stopped.stderr.contains("Fatal error"), "\(stopped.stderr)")
      #expect(ended["signalled"] as? Bool == true, "\(ended)")
      #expect((ended["answered"] as? Int ?? 0) >= 20, "\(ended)")
      // Once it stops accepting, each new connection is closed at once, so the client gets
      // through many (with libmicrohttpd's quiesce, one waited in the kernel's queue until
      // the exit reset it: 1); after the exit the port refuses them.
      #expect((ended["closed unanswered"] as? Int ?? 0) >= 10, "\(ended)")
      #expect(ended["refused"] as? Int == 1, "\(ended)")
    }
  }

  private func runChurn(_ service: ServiceProcess) throws -> [String: Any] {
    let run = try #require(
      try runClient(
        "python3",
        [
          Self.fixtures + "client.py", "churn", String(service.port),
          String(service.process.processIdentifier), "20",
        ], timeout: 60), "python3 is not installed")
    #expect(run.status == 0, "client.py churn: \(run.stderr)")
    return try #require(
      JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any],
      "client.py printed: \(run.stdout) \(run.stderr)")
  }
}
