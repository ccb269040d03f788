import CaliperTestSupport
import Foundation
import Testing

/// `caliper serve --http`, started on 127.0.0.1 port 0 by each test and stopped by it,
/// driven by real clients (Python's http.client in Fixtures/http/client.py, and curl). Every
/// answer is compared with the line stdin `serve` writes for the same request (the numbers
/// themselves are checked against hb-shape and Pango in CaliperTests).
@Suite(.serialized) struct ServeHTTPTests {
  static let client = TestFonts.root + "/Tests/CaliperCLITests/Fixtures/http/client.py"

  /// 100 requests, 10 of them bad (refused by the measurer, or not JSON).
  static let requests: [String] = (0..<100).map { number in
    switch number % 10 {
    case 3 where number % 20 == 3: return "{\"id\": \(number), \"text\": \"x\", \"widths\": [-1]}"
    case 3: return "{nope \(number)"
    default:
      let words = ["Blue tile", "with a longer", "local label", "مرحبا بالعالم", "नमस्ते दुनिया"]
      return
        "{\"id\": \(number), \"text\": \"\(words[number % words.count]) \(number)\","
        + " \"widths\": [\(number % 7 * 20), null], \"size\": \(12 + number % 5)}"
    }
  }

  /// stdin `serve`'s response lines for `requests`.
  static func stdinAnswers(_ requests: [String]) throws -> [Substring] {
    let run = try CaliperTool.run(["serve"], stdin: requests.joined(separator: "\n") + "\n")
    #expect(run.status == 0)
    return run.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
  }

  /// Runs a mode of client.py; its JSON summary.
  static func python(_ arguments: [String], timeout: Double = 240) throws -> [String: Any] {
    let run = try #require(
      try runClient("python3", [client] + arguments, timeout: timeout), "python3 is not installed")
    #expect(run.status == 0, "client.py \(arguments.first ?? ""): \(run.stderr)")
    return try #require(
      JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any],
      "client.py printed: \(run.stdout) \(run.stderr)")
  }

  /// `curl -sS` POSTing `body` (a string, or `@file`) as `type` to `path`; its output.
  static func curlPost(
    _ service: ServiceProcess, _ path: String, type: String, _ body: String,
    extra: [String] = []
  ) throws -> String {
    let run = try #require(
      try runClient(
        "curl",
        ["-sS", "-H", "Content-Type: \(type)"] + extra + [
          "--data-binary", body, service.url + path,
        ], timeout: 120))
    #expect(run.status == 0, "\(run.stderr)")
    return run.stdout
  }

  @Test func firstLineNamesTheRealPortAndSIGTERMExitsZero() throws {
    let service = try ServiceProcess()
    #expect(service.firstLine == "listening on http://127.0.0.1:\(service.port)\n")
    #expect(service.port > 0)
    let stopped = service.stop()
    #expect(stopped.status == 0)
  }

  /// What stdin `serve` writes for `answer`'s request given alone: an error whose id cannot be
  /// read names line 1, as a single HTTP body's answer does.
  static func alone(_ answer: Substring) -> Substring {
    guard answer.hasPrefix(#"{"id":null,"line":"#) else { return answer }
    let rest = answer.dropFirst(#"{"id":null,"line":"#.count).drop { $0.isNumber }
    return #"{"id":null,"line":1"# + rest
  }

  @Test func tenThousandRequestsFromEightKeepAliveThreadsMatchStdinServe() throws {
    let expected = try Self.stdinAnswers(Self.requests).map(Self.alone)
    #expect(expected.count == Self.requests.count)
    let requestsFile = try TemporaryFiles.write(
      Self.requests.joined(separator: "\n") + "\n", named: "http-requests.jsonl")
    let expectedFile = try TemporaryFiles.write(
      expected.joined(separator: "\n") + "\n", named: "http-expected.jsonl")
    defer {
      TemporaryFiles.remove(requestsFile)
      TemporaryFiles.remove(expectedFile)
    }
    let service = try ServiceProcess(["--threads", "2"])
    let result = try Self.python([
      "load", String(service.port), requestsFile, expectedFile, "10000", "8",
    ])
    #expect(service.stop().status == 0)
    #expect(result["sent"] as? Int == 10_000)
    #expect(result["mismatches"] as? Int == 0, "first mismatch: \(result["first"] ?? "")")
    let statuses = result["statuses"] as? [String: Int] ?? [:]
    // 10 bad requests in 100: 5 not JSON (400), 5 refused (422).
    #expect(statuses == ["200": 9_000, "400": 500, "422": 500])
    // Keep-alive: one connection per thread.
    #expect(result["connections"] as? Int == 8)
  }

  @Test func curlSingleAndNDJSONMatchStdinServe() throws {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/curl") else {
      print("ServeHTTPTests: SKIPPED curl tests, curl is not installed (Scripts/ensure-packages)")
      return
    }
    let batch = Array(Self.requests[0..<30]) + ["", "   "]
    let expected = try Self.stdinAnswers(batch)
    let service = try ServiceProcess()
    defer { service.stop() }
    let single = try Self.curlPost(
      service, "/v1/measure", type: "application/json", Self.requests[1])
    #expect(single == Self.alone(expected[1]) + "\n")
    let file = try TemporaryFiles.write(batch.joined(separator: "\n") + "\n", named: "batch.ndjson")
    defer { TemporaryFiles.remove(file) }
    let ndjson = try Self.curlPost(
      service, "/v1/measure", type: "application/x-ndjson", "@" + file)
    #expect(ndjson == expected.joined(separator: "\n") + "\n")
    #expect(ndjson.split(separator: "\n").count == 30)
    // Chunked upload (no Content-Length), as curl sends with Transfer-Encoding.
    let chunked = try Self.curlPost(
      service, "/v1/measure", type: "application/x-ndjson", "@" + file,
      extra: ["-H", "Transfer-Encoding: chunked"])
    #expect(chunked == ndjson)
    // An answer past 1 MiB (SpillBuffer.memoryLimit) goes on in a temporary file.
    let big = (0..<1500).map {
      "{\"id\": \($0), \"text\": \"Blue tile with a longer local label\", \"widths\": [10, 20, 40]}"
    }
    let bigExpected = try Self.stdinAnswers(big).joined(separator: "\n") + "\n"
    #expect(bigExpected.utf8.count > 1 << 20)
    let bigFile = try TemporaryFiles.write(big.joined(separator: "\n"), named: "big.ndjson")
    defer { TemporaryFiles.remove(bigFile) }
    let spilled = try Self.curlPost(
      service, "/v1/measure", type: "application/x-ndjson", "@" + bigFile)
    #expect(spilled == bigExpected)
    #expect(service.stop().status == 0)
  }

  @Test func layoutAndRenderMatchTheirCommands() throws {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/curl") else {
      print("ServeHTTPTests: SKIPPED curl tests, curl is not installed (Scripts/ensure-packages)")
      return
    }
    let panel = TestFonts.root + "/Tests/CaliperCLITests/Fixtures/panel.json"
    let command = try CaliperTool.run(["layout", "--json", "--width", "200,400,inf", panel])
    #expect(command.status == 0)
    var document = try #require(
      JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: panel)))
        as? [String: Any])
    document["widths"] = [200, 400, "inf"]
    let body = String(decoding: try JSONSerialization.data(withJSONObject: document), as: UTF8.self)
    let service = try ServiceProcess()
    defer { service.stop() }
    let layout = try Self.curlPost(service, "/v1/layout", type: "application/json", body)
    #expect(layout == command.stdout)
    #expect(layout.split(separator: "\n").count == 3)

    let png = TemporaryFiles.path("render-command.png")
    let served = TemporaryFiles.path("render-served.png")
    defer {
      TemporaryFiles.remove(png)
      TemporaryFiles.remove(served)
    }
    let text = "Blue tile with a longer local label"
    let drawn = try CaliperTool.run([
      "render", "--width", "120", "--scale", "1", "--size", "20", "--output", png, text,
    ])
    #expect(drawn.status == 0)
    let rendered = try #require(
      try runClient(
        "curl",
        [
          "-sS", "-H", "Content-Type: application/json", "--data-binary",
          "{\"id\": 1, \"text\": \"\(text)\", \"widths\": [120], \"scale\": 1, \"size\": 20}",
          "-o", served, "-w", "%{http_code} %{content_type}", service.url + "/v1/render",
        ], timeout: 60))
    #expect(rendered.stdout == "200 image/png")
    let expected = try Data(contentsOf: URL(fileURLWithPath: png))
    #expect(!expected.isEmpty)
    #expect(try Data(contentsOf: URL(fileURLWithPath: served)) == expected)
    #expect(service.stop().status == 0)
  }

  @Test func everyStatusCodeOfTheHTTPLayer() throws {
    let tokenFile = try TemporaryFiles.write("s3cret-token\n", named: "http-token")
    defer { TemporaryFiles.remove(tokenFile) }
    let service = try ServiceProcess(["--token-file", tokenFile, "--max-connections", "4"])
    let cases = try Self.python(["statuses", String(service.port), "s3cret-token", "4"])
    #expect(service.stop().status == 0)
    func check(
      _ name: String, _ status: Int, _ code: String?, _ more: (([String: Any]) -> Void)? = nil
    ) {
      let result = cases[name] as? [String: Any] ?? [:]
      #expect(result["status"] as? Int == status, "\(name): \(result)")
      #expect(result["code"] as? String == code, "\(name): \(result)")
      more?(result)
    }
    check("ok", 200, nil)
    check("health without token", 200, nil)
    check("missing token", 401, "unauthorized") {
      #expect($0["authenticate"] as? String == "Bearer")
    }
    check("wrong token", 401, "unauthorized")
    check("refused", 422, "size-out-of-range")
    check("not json", 400, "invalid-json")
    check("unknown path", 404, "not-found")
    check("wrong method", 405, "method-not-allowed") { #expect($0["allow"] as? String == "POST") }
    check("wrong media type", 415, "unsupported-media-type")
    check("too large", 413, "body-too-large") {
      // Decided from Content-Length: no body was sent, and none was waited for.
      #expect(($0["seconds"] as? Double ?? 99) < 5)
    }
    check("too many connections", 503, "too-many-connections") {
      #expect($0["retryAfter"] as? String == "1")
    }
  }

  /// A media type is read without its parameters, spaces or tabs, in lower case (RFC 9110
  /// 8.3.1: type and subtype are case-insensitive), and a query does not change the
  /// endpoint; the same holds for a value or path outside ASCII (lower-cased by Unicode).
  @Test func mediaTypeAndQueryAreReadAsHTTPSaysInAndOutsideASCII() throws {
    let service = try ServiceProcess()
    let body = #"{"id":1,"text":"Blue tile","widths":[40,null]}"#
    let expected = try Self.stdinAnswers([body])[0] + "\n"
    let loose = try Self.curlPost(
      service, "/v1/measure", type: "Application/JSON ; charset=UTF-8", body)
    let query = try Self.curlPost(service, "/v1/measure?pretty=0", type: "application/json", body)
    let tab = try Self.curlPost(service, "/v1/measure", type: "Text/Plain\t;q=1", body)
    let accented = try Self.curlPost(service, "/v1/measure", type: "TEXT/PLAÏN; x", body)
    let path = try Self.curlPost(service, "/v1/measur%C3%A9?x", type: "application/json", body)
    #expect(service.stop().status == 0)
    #expect(loose == expected)
    #expect(query == expected)
    let takes = "/v1/measure takes application/json or application/x-ndjson, not "
    #expect(
      tab == #"{"error":{"code":"unsupported-media-type","message":""# + takes + "text/plain\"}}\n")
    #expect(
      accented == #"{"error":{"code":"unsupported-media-type","message":""# + takes
        + "text/plaïn\"}}\n")
    #expect(path.hasPrefix(#"{"error":{"code":"not-found","message":"no endpoint at /v1/measuré;"#))
  }

  @Test func metricsCountWhatWasSent() throws {
    let service = try ServiceProcess()
    let counters = try Self.python(["metrics", String(service.port), "7", "3", "2"])
    #expect(service.stop().status == 0)
    #expect(counters["measure 200"] as? Int == 7)
    #expect(counters["measure 422"] as? Int == 3)
    #expect(counters["other 404"] as? Int == 2)
    #expect(counters["measure count"] as? Int == 10)
    // The scrape itself is in flight while it is answered.
    #expect(counters["caliper_in_flight_requests"] as? Double == 1)
    // 7 requests for the same text and style: the first prepares it, six find it cached.
    #expect(counters["caliper_prepared_cache_misses_total"] as? Double == 1)
    #expect(counters["caliper_prepared_cache_hits_total"] as? Double == 6)
    #expect((counters["caliper_prepared_cache_bytes"] as? Double ?? 0) > 0)
  }

  @Test func idleAndSlowClientsHoldUpNobody() throws {
    let service = try ServiceProcess(["--idle-timeout", "3", "--threads", "2"])
    let result = try Self.python(["slow", String(service.port), "200", "50", "20", "3"])
    #expect(service.stop().status == 0)
    #expect(result["probes"] as? Int == 20)
    #expect((result["maxLatency"] as? Double ?? 99) < 1, "\(result)")
    // Each slow client was dropped, after the idle timeout and well before it finished.
    #expect(result["dropped"] as? Int == 50, "\(result)")
    #expect((result["slowestDrop"] as? Double ?? 99) < 3 + 3, "\(result)")
  }

  @Test func disconnectMalformedAndPipelined() throws {
    let request = Self.requests[1]
    let expected = try Self.stdinAnswers([request])[0]
    let service = try ServiceProcess()
    let result = try Self.python(["edges", String(service.port), request, String(expected)])
    let stopped = service.stop()
    #expect(stopped.status == 0)
    #expect((result["partial read"] as? Int ?? 0) > 0)
    #expect(result["after disconnect"] as? Int == 200)
    #expect(result["malformed"] as? Int == 400, "\(result)")
    #expect(result["not http"] as? String == "")
    #expect(result["after malformed"] as? Int == 200)
    #expect(result["pipelined"] as? [Int] == [200, 200, 200])
    #expect(result["pipelined bodies"] as? [Bool] == [true, true, true])
  }

  @Test func sigtermDuringAThousandRequestsAnswersEveryAcceptedOne() throws {
    let request =
      "{\"id\": 1, \"text\": \"\(String(repeating: "Blue tile with a longer local label. ", count: 4))\","
      + " \"widths\": [50, 100, 200, 400]}"
    let expected = try Self.stdinAnswers([request])[0]
    let service = try ServiceProcess(["--max-connections", "2000", "--drain-timeout", "60"])
    let result = try Self.python([
      "drain", String(service.port), String(service.process.processIdentifier), "1000", request,
      String(expected),
    ])
    let stopped = service.stop(signal: false, timeout: 90)
    #expect(stopped.status == 0)
    #expect(result["cut"] as? Int == 0, "\(result)")
    #expect(result["wrong"] as? Int == 0, "\(result)")
    #expect((result["complete"] as? Int ?? 0) > 0, "\(result)")
    #expect(
      (result["complete"] as? Int ?? 0) + (result["unanswered"] as? Int ?? 0) == 1000, "\(result)")
  }

  @Test func accessLogHasOneLinePerRequest() throws {
    let service = try ServiceProcess(["--access-log"])
    _ = try runClient("curl", ["-sS", service.url + "/healthz"], timeout: 30)
    _ = try runClient("curl", ["-sS", service.url + "/nowhere"], timeout: 30)
    let stopped = service.stop()
    #expect(stopped.status == 0)
    let lines = stopped.stderr.split(separator: "\n")
    #expect(lines.count == 2, "\(stopped.stderr)")
    let fields = lines.map { $0.split(separator: " ") }
    #expect(fields.allSatisfy { $0.count == 6 })
    #expect(
      fields.map { Array($0[1...4]) } == [
        ["GET", "/healthz", "200", "16"], ["GET", "/nowhere", "404", fields.last?[4] ?? ""],
      ])
  }

  @Test(arguments: [
    (["--http", "nohost:80"], "--http expects a numeric IPv4 or IPv6 host, not 'nohost'"),
    (["--http", "127.0.0.1:99999"], "--http expects a port from 0 to 65535, not '99999'"),
    (["--threads", "4"], "--threads is an option of 'serve --http'"),
  ])
  func badOptionsAreUsageErrors(arguments: [String], message: String) throws {
    let run = try CaliperTool.run(["serve"] + arguments)
    #expect(run.status == 64)
    #expect(run.stderr.contains(message), "\(run.stderr)")
  }
}
