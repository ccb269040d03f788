import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `caliper serve` under hostile streams: one response per request, in order, whatever the
/// line holds; limits on widths and response size; SIGTERM while a big request is measured.
@Suite struct ServeHardeningTests {
  /// A request of each hostile kind for index `index`, and the id its response must carry
  /// (nil: null, for a line whose id cannot be read) and its error code (nil: a result).
  static func request(_ index: Int) -> (bytes: [UInt8], id: Int?, code: String?) {
    let id = String(index)
    switch index % 10 {
    case 1:  // invalid UTF-8 inside the text: repaired and counted
      return (
        Array(#"{"id":\#(id),"text":"a"#.utf8) + [0xFF, 0xFE] + Array(#"b"}"#.utf8), index, nil
      )
    case 2:  // over the 8,000-byte line limit: skipped to its newline
      let long = String(repeating: "x", count: 10_000)
      return (Array(#"{"id":\#(id),"text":"\#(long)"}"#.utf8), nil, "line-too-long")
    case 3:  // NaN is not JSON
      return (Array(#"{"id":\#(id),"text":"x","widths":[NaN]}"#.utf8), nil, "invalid-json")
    case 4:  // 1,001 widths: one over the default limit
      let widths = (0...1_000).map(String.init).joined(separator: ",")
      return (
        Array(#"{"id":\#(id),"text":"x","widths":[\#(widths)]}"#.utf8), index, "too-many-widths"
      )
    case 5:  // an unknown key
      return (Array(#"{"id":\#(id),"text":"x","colour":"red"}"#.utf8), index, "unknown-key")
    case 6:  // an invalid byte before the object: repaired to U+FFFD, which is not JSON
      return ([0xC0] + Array(#"{"id":\#(id),"text":"x"}"#.utf8), nil, "invalid-json")
    case 7:  // an empty widths array
      return (Array(#"{"id":\#(id),"text":"x","widths":[]}"#.utf8), index, "invalid-value")
    case 8:  // a negative size
      return (Array(#"{"id":\#(id),"text":"x","size":-3}"#.utf8), index, "size-out-of-range")
    default:  // a plain request, with lines at two widths and the ideal one
      return (
        Array(#"{"id":\#(id),"text":"Request \#(id) with words","widths":[0,80,null]}"#.utf8),
        index, nil
      )
    }
  }

  /// 10,000 requests, nine in ten hostile in one of nine ways: exactly one response per
  /// request, in request order, each with its id (or null where the id cannot be read) and
  /// the expected error code, or a result.
  @Test func tenThousandHostileRequestsOneResponseEachInOrder() throws {
    var input: [UInt8] = []
    var expected: [(id: Int?, code: String?)] = []
    for index in 0..<10_000 {
      let (bytes, id, code) = Self.request(index)
      input += bytes + [0x0A]
      expected.append((id, code))
    }
    let run = try ServeTests.serve(input, arguments: ["--max-line-bytes", "8000"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.lines.count == 10_000)
    for (index, line) in run.lines.enumerated() where index < expected.count {
      let object = try ServeTests.object(line)
      if let id = expected[index].id {
        #expect(object["id"] as? Int == id, "response \(index): \(line.prefix(120))")
      } else {
        #expect(object["id"] is NSNull, "response \(index): \(line.prefix(120))")
      }
      let error = object["error"] as? [String: Any]
      #expect(error?["code"] as? String == expected[index].code, "response \(index)")
      if index % 10 == 1 {
        let lossy = object["lossy"] as? [String: Any]
        #expect(lossy?["invalidUTF8"] as? Int == 2, "response \(index)")
      } else if expected[index].code == nil {
        #expect((object["results"] as? [Any])?.count == 3, "response \(index)")
      }
    }
  }

  /// A locale for each request: HarfBuzz keeps every language it is given for the life of
  /// the process, in a list it searches for each new one, so a process takes at most 4,096
  /// distinct locales (`HarfBuzzLanguage.mostLocales`, "en" included, which every `serve`
  /// uses for its first request here). The next is refused with `invalid-value` naming the
  /// limit; locales already taken are still served.
  @Test func localesPastTheLimitAreRefusedAndKnownOnesServed() throws {
    let limit = 4096
    var input = #"{"id":0,"text":"first","locale":"en"}"# + "\n"
    for index in 1...limit {
      input += #"{"id":\#(index),"text":"x","locale":"en-x-\#(index)"}"# + "\n"
    }
    input += #"{"id":-1,"text":"again","locale":"en-x-7"}"# + "\n"
    let run = try ServeTests.serve(Array(input.utf8), arguments: [])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.lines.count == limit + 2)
    let objects = try run.lines.map(ServeTests.object)
    #expect(objects.prefix(limit).allSatisfy { $0["results"] != nil })
    let refused = objects[limit]["error"] as? [String: Any]
    #expect(refused?["code"] as? String == "invalid-value")
    #expect((refused?["message"] as? String)?.contains("at most 4096") == true)
    #expect(objects.last?["results"] != nil)
  }

  /// A response estimated over the 64 MiB default is refused before any of it is written:
  /// a 70,000-byte text at 1,000 widths with lines is at least 1,000 × 70,000 bytes of
  /// line text. At one width it is answered.
  @Test func responseTooLargeIsRefusedBeforeWriting() throws {
    let text = String(repeating: "word ", count: 14_000)
    let widths = (1...1_000).map(String.init).joined(separator: ",")
    let run = try ServeTests.serve([
      #"{"id":1,"text":"\#(text)","widths":[\#(widths)]}"#,
      #"{"id":2,"text":"\#(text)","widths":[200]}"#,
    ])
    #expect(run.lines.count == 2)
    let error = try #require(try ServeTests.object(run.lines[0])["error"] as? [String: Any])
    #expect(error["code"] as? String == "response-too-large")
    #expect((error["message"] as? String)?.contains("--max-response-bytes") == true)
    #expect(run.lines[0].utf8.count < 1_000)
    let answered = try ServeTests.object(run.lines[1])
    #expect(answered["id"] as? Int == 2)
    #expect((answered["results"] as? [Any])?.count == 1)
  }

  /// `caliper measure` takes at most 1,000 widths too: a list of 1,001 is a usage error
  /// naming the limit, and 1,000 are measured (one row each).
  @Test func widthListOverTheLimitIsAUsageError() throws {
    let over = try CLITests.caliper([
      "measure", "--width", (0...1_000).map(String.init).joined(separator: ","), "x",
    ])
    #expect(over.status == 64)
    #expect(over.stderr.contains("1001 widths, over the limit of 1000"))
    let at = try CLITests.caliper([
      "measure", "--json", "--no-lines", "--width",
      (1...1_000).map(String.init).joined(separator: ","), "x",
    ])
    #expect(at.status == 0, "\(at.stderr)")
    #expect((try CLITests.json(at.stdout.dropLast())["results"] as? [Any])?.count == 1_000)
  }

  /// The limits are options: `--max-widths 2` refuses three widths, and
  /// `--max-response-bytes 3000` a 2,000-byte text with its line (the estimate counts the
  /// text twice: as the result's text and as its line's), but not "x" at two widths (about
  /// 2,000 bytes by the estimate's allowances), in serve; `--max-widths 2` in measure too.
  @Test func limitsAreConfigurable() throws {
    let text = String(repeating: "word ", count: 400)
    let run = try ServeTests.serve(
      [
        #"{"id":1,"text":"x","widths":[1,2,3]}"#, #"{"id":2,"text":"x","widths":[1,2]}"#,
        #"{"id":3,"text":"\#(text)"}"#,
      ], arguments: ["--max-widths", "2", "--max-response-bytes", "3000"])
    #expect(run.lines.count == 3)
    let codes = try run.lines.map {
      (try ServeTests.object($0)["error"] as? [String: Any])?["code"] as? String
    }
    #expect(codes == ["too-many-widths", nil, "response-too-large"])
    let measure = try CLITests.caliper(["measure", "--max-widths", "2", "--width", "1,2,3", "x"])
    #expect(measure.status == 64)
    #expect(measure.stderr.contains("over the limit of 2 (--max-widths)"))
  }

  /// Bytes waiting unread in the pipe whose read end is `descriptor` (FIONREAD), or -1.
  static func unread(_ descriptor: Int32) -> Int32 {
    var count: Int32 = 0
    return ioctl(descriptor, UInt(FIONREAD), &count) == 0 ? count : -1
  }

  /// SIGTERM after the service has read a big request (the request pipe is empty) and
  /// while it measures it: that request is answered whole, the one sent after it is not,
  /// and the service exits 0. Were the signal to come before the request was read, the
  /// service would exit at once without answering it, and the test would fail.
  @Test func terminateAfterTheBigRequestIsReadAnswersIt() throws {
    let process = Process()
    process.executableURL = ServeTests.binary
    process.arguments = ["serve"]
    // A pipe of our own, not Foundation's `Pipe` (whose read end `run` closes here): the
    // test keeps the read end to see how much the service has not read yet.
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }  // the child gets a dup2 copy
    defer { close(ends[0]) }
    let writer = FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
    let out = Pipe()
    process.standardInput = FileHandle(fileDescriptor: ends[0], closeOnDealloc: false)
    process.standardOutput = out
    try process.run()
    writer.write(Data(#"{"id":1,"text":"first"}"#.utf8 + [0x0A]))
    var received = Data()
    while !received.contains(0x0A) { received += out.fileHandleForReading.availableData }
    // 340 KB of words at 4 widths: a second or more of measuring, far longer than the
    // microseconds between the pipe running empty and the signal.
    let big = String(repeating: "Some words to measure at a width. ", count: 10_000)
    let widths = "100,200,300,400"
    writer.write(
      Data(#"{"id":2,"text":"\#(big)","widths":[\#(widths)],"lines":false}"#.utf8 + [0x0A]))
    // Read: nothing left in the pipe (the service reads 64 KiB at a time).
    let deadline = Date().addingTimeInterval(60)
    while Self.unread(ends[0]) != 0, Date() < deadline { usleep(1_000) }
    #expect(Self.unread(ends[0]) == 0)
    writer.write(Data(#"{"id":3,"text":"third"}"#.utf8 + [0x0A]))
    process.terminate()
    received += out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    try? writer.close()
    #expect(process.terminationReason == .exit)
    #expect(process.terminationStatus == 0)
    let text = String(decoding: received, as: UTF8.self)
    #expect(text.hasSuffix("\n"))
    let lines = text.split(separator: "\n")
    let ids = try lines.map { try ServeTests.object($0)["id"] as? Int }
    #expect(ids == [1, 2])
    let results = try lines.last.map { try ServeTests.object($0)["results"] as? [Any] }
    #expect(results??.count == 4)
  }
}
