import CaliperTestSupport
import Foundation
import Testing

/// `caliper serve`, run as a subprocess: one response line per request line, in order,
/// each result the same bytes as `caliper measure --json` gives for the same input (the
/// library's numbers are checked against hb-shape and Pango in CaliperTests).
@Suite struct ServeTests {
  struct Run {
    let status: Int32
    let lines: [Substring]
    let stderr: String
  }

  /// Runs `caliper serve` with `input` as stdin (a file, so that no pipe can fill up).
  static func serve(_ input: [UInt8], arguments: [String] = []) throws -> Run {
    let file = URL(fileURLWithPath: try TemporaryFiles.write(input, named: "serve.jsonl"))
    defer { TemporaryFiles.remove(file.path) }
    let process = Process()
    process.executableURL = binary
    process.arguments = ["serve"] + arguments
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = try FileHandle(forReadingFrom: file)
    try process.run()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let stdout = String(decoding: outData, as: UTF8.self)
    #expect(stdout.isEmpty || stdout.hasSuffix("\n"), "a partial last line")
    return Run(
      status: process.terminationStatus,
      lines: stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast(),
      stderr: String(decoding: errData, as: UTF8.self))
  }

  static func serve(_ lines: [String], arguments: [String] = []) throws -> Run {
    try serve(Array(lines.map { $0 + "\n" }.joined().utf8), arguments: arguments)
  }

  static var binary: URL { CaliperTool.binary }

  /// `caliper serve` started with pipes for its stdin and stdout.
  static func startServe() throws -> (process: Process, input: Pipe, output: Pipe) {
    let process = Process()
    process.executableURL = binary
    process.arguments = ["serve"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    return (process, input, output)
  }

  /// `"id":…,` taken off the front of a response, leaving `caliper measure --json`'s form.
  static func withoutID(_ line: Substring) -> Substring {
    guard line.hasPrefix("{\"id\":"), let comma = line.firstIndex(of: ",") else { return line }
    return "{" + line[line.index(after: comma)...]
  }

  static func object(_ line: Substring) throws -> [String: Any] {
    try CLITests.json(line)
  }

  /// A request and the `caliper measure` arguments that ask for the same measurement.
  struct Case: Sendable, CustomTestStringConvertible {
    let request: String
    let measure: [String]
    var testDescription: String { request }
  }

  static let label = "Blue tile with a longer local label"

  @Test(arguments: [
    Case(
      request: #"{"id":1,"text":"\#(label)","widths":[120,null]}"#,
      measure: ["--width", "120,inf", label]),
    Case(
      request:
        #"{"id":"a","text":"Mono text, twelve points","font":"Noto Sans Mono","size":12,"widths":[0,50,1e308],"lines":false}"#,
      measure: [
        "--font", "Noto Sans Mono", "--size", "12", "--width", "0,50,1e308", "--no-lines",
        "Mono text, twelve points",
      ]),
    Case(
      request: #"{"id":2.5,"text":"これは日本語の文章です。","locale":"ja","scale":2,"widths":[40,"inf"]}"#,
      measure: ["--locale", "ja", "--scale", "2", "--width", "40,inf", "これは日本語の文章です。"]),
    Case(
      request:
        #"{"id":3,"text":"Bold then mono","fonts":["Noto Sans Bold","Noto Sans Mono"],"widths":[-0]}"#,
      measure: [
        "--font", "Noto Sans Bold", "--font", "Noto Sans Mono", "--width", "0", "Bold then mono",
      ]),
    Case(
      request: #"{"id":4,"text":"two\nlines नीचे दिए गए 😀","widths":[60]}"#,
      measure: ["--width", "60", "two\nlines नीचे दिए गए 😀"]),
  ])
  func resultsEqualMeasureJSON(_ row: Case) throws {
    let served = try Self.serve([row.request])
    #expect(served.status == 0)
    #expect(served.stderr.isEmpty)
    let measured = try CLITests.caliper(["measure", "--json"] + row.measure)
    #expect(measured.status == 0)
    #expect(served.lines.count == 1)
    let line = try #require(served.lines.first)
    #expect(Self.withoutID(line) + "\n" == measured.stdout)
    let id = try Self.object(line)["id"]
    let expected = try #require(
      JSONSerialization.jsonObject(with: Data(row.request.utf8)) as? [String: Any])["id"]
    #expect("\(id ?? "none")" == "\(expected ?? "none")")
  }

  /// hb-shape --font-size=1000 Fonts/NotoSans-Regular.ttf gives 15166 units for the label:
  /// 242.656 pt at 16 pt. Every width that asks for the ideal size gives it.
  @Test func idealWidthsNeedNoTrap() throws {
    let run = try Self.serve([
      #"{"id":1,"text":"\#(Self.label)","widths":[null,"inf",1e308,-0]}"#
    ])
    let results = try #require(try Self.object(run.lines[0])["results"] as? [[String: Any]])
    let widths = results.map { ($0["size"] as? [String: Any])?["width"] as? Double }
    #expect(widths[0..<3].allSatisfy { abs(($0 ?? 0) - 242.656) < 1e-9 })
    #expect(run.lines[0].contains(#"{"proposal":{"width":0},"#))  // −0 is 0
  }

  @Test func responsesComeInRequestOrderWithTheirIDs() throws {
    let words = ["alpha", "Blue tile", "नीचे", "这是", "x", "", "a b c d e f g"]
    var requests: [String] = []
    for index in 0..<60 {
      let id = index % 2 == 0 ? "\(index)" : "\"r\(index)\""
      requests.append(#"{"id":\#(id),"text":"\#(words[index % words.count])","widths":[30]}"#)
    }
    let run = try Self.serve(requests)
    #expect(run.status == 0)
    #expect(run.lines.count == requests.count)
    for (index, line) in run.lines.enumerated() {
      let object = try Self.object(line)
      if index % 2 == 0 {
        #expect(object["id"] as? Int == index)
      } else {
        #expect(object["id"] as? String == "r\(index)")
      }
      #expect(object["text"] as? String == words[index % words.count])
    }
  }

  /// A bad line and the error it gets; the good line after it must still be answered.
  struct BadCase: Sendable, CustomTestStringConvertible {
    let line: String
    let code: String
    /// The id the error carries (nil: JSON null, the id could not be read).
    var id: Int? = 7
    var arguments: [String] = []
    var testDescription: String { "\(code): \(line.prefix(60))" }
  }

  @Test(arguments: [
    BadCase(line: "not json", code: "invalid-json", id: nil),
    BadCase(line: #"{"id":7,"text":"x""#, code: "invalid-json", id: nil),
    BadCase(line: #"{"id":7,"text":"x"} {"id":8}"#, code: "invalid-json", id: nil),
    BadCase(line: #"{"id":7,"text":"x","widths":[1e400]}"#, code: "invalid-json", id: nil),
    BadCase(line: #"{"id":7,"id":8,"text":"x"}"#, code: "invalid-json", id: nil),
    BadCase(line: "[1,2]", code: "invalid-request", id: nil),
    BadCase(line: #"{"id":7,"stats":false}"#, code: "invalid-request"),
    BadCase(line: #"{"id":7,"stats":true,"text":"x"}"#, code: "invalid-request"),
    BadCase(line: #"{"id":7,"text":"x","font":"Noto Sans","fonts":[]}"#, code: "invalid-request"),
    BadCase(line: #"{"text":"x"}"#, code: "missing-key", id: nil),
    BadCase(line: #"{"id":7}"#, code: "missing-key"),
    BadCase(line: #"{"id":7,"text":"x","colour":"red"}"#, code: "unknown-key"),
    BadCase(line: #"{"id":{},"text":"x"}"#, code: "invalid-value", id: nil),
    BadCase(line: #"{"id":7,"text":5}"#, code: "invalid-value"),
    BadCase(line: #"{"id":7,"text":"x","size":"16"}"#, code: "invalid-value"),
    BadCase(line: #"{"id":7,"text":"x","widths":120}"#, code: "invalid-value"),
    BadCase(line: #"{"id":7,"text":"x","widths":[]}"#, code: "invalid-value"),
    BadCase(line: #"{"id":7,"text":"x","widths":["wide"]}"#, code: "invalid-value"),
    BadCase(line: #"{"id":7,"text":"x","lines":"yes"}"#, code: "invalid-value"),
    BadCase(line: #"{"id":7,"text":"x","font":""}"#, code: "invalid-value"),
    BadCase(line: #"{"id":7,"text":"x","font":"Fonts/a\u0000b.ttf"}"#, code: "invalid-value"),
    BadCase(line: #"{"id":7,"text":"x","fonts":["Noto Sans",7]}"#, code: "invalid-value"),
    BadCase(line: #"{"id":7,"text":"x","locale":7}"#, code: "invalid-value"),
    BadCase(line: #"{"id":7,"text":"x","size":0}"#, code: "size-out-of-range"),
    BadCase(line: #"{"id":7,"text":"x","size":-3}"#, code: "size-out-of-range"),
    BadCase(line: #"{"id":7,"text":"x","size":10000.5}"#, code: "size-out-of-range"),
    BadCase(line: #"{"id":7,"text":"x","widths":[-1]}"#, code: "width-out-of-range"),
    BadCase(line: #"{"id":7,"text":"x","widths":[100,-1e308]}"#, code: "width-out-of-range"),
    BadCase(line: #"{"id":7,"text":"x","scale":0}"#, code: "scale-out-of-range"),
    BadCase(line: #"{"id":7,"text":"x","scale":1e6}"#, code: "scale-out-of-range"),
    BadCase(line: #"{"id":7,"text":"x","font":"/no/such/font.ttf"}"#, code: "font-unavailable"),
    BadCase(
      line: #"{"id":7,"text":"x","font":"\#(CLITests.root)/Fonts/README.md"}"#,
      code: "font-unavailable"),
    BadCase(
      line: #"{"id":7,"text":"x","font":"No Such Family Anywhere"}"#, code: "font-unavailable"),
    BadCase(
      line: #"{"id":7,"text":"eleven byte"}"#, code: "text-too-long",
      arguments: ["--max-text-bytes", "10"]),
    BadCase(
      line: #"{"id":7,"text":"\#(String(repeating: "long ", count: 100))"}"#,
      code: "line-too-long", id: nil, arguments: ["--max-line-bytes", "200"]),
  ])
  func badLinesGetOneErrorAndTheServiceGoesOn(_ row: BadCase) throws {
    let run = try Self.serve(
      [row.line, #"{"id":"next","text":"x"}"#], arguments: row.arguments)
    #expect(run.status == 0)
    #expect(run.lines.count == 2)
    let object = try Self.object(run.lines[0])
    let error = try #require(object["error"] as? [String: Any])
    #expect(error["code"] as? String == row.code)
    #expect((error["message"] as? String)?.isEmpty == false)
    if let id = row.id {
      #expect(object["id"] as? Int == id)
    } else {
      #expect(object["id"] is NSNull)
    }
    // A response whose id cannot be read says the request's line instead.
    #expect(Set(object.keys) == (row.id == nil ? ["id", "line", "error"] : ["id", "error"]))
    if row.id == nil { #expect(object["line"] as? Int == 1) }
    #expect(try Self.object(run.lines[1])["id"] as? String == "next")
  }

  /// A limit's refusal names the limit and the option that sets it.
  @Test func limitErrorsNameTheLimit() throws {
    let run = try Self.serve(
      [#"{"id":1,"text":"eleven byte"}"#, String(repeating: " ", count: 300)],
      arguments: ["--max-text-bytes", "10", "--max-line-bytes", "200"])
    let messages = try run.lines.map {
      try #require(try Self.object($0)["error"] as? [String: Any])["message"] as? String ?? ""
    }
    #expect(messages[0].contains("limit of 10") && messages[0].contains("--max-text-bytes"))
    #expect(messages[1].contains("limit of 200") && messages[1].contains("--max-line-bytes"))
  }

  /// Invalid UTF-8 is replaced by U+FFFD and counted; the width is that of the repaired text.
  @Test func invalidUTF8IsCountedInLossy() throws {
    let line: [UInt8] =
      Array(#"{"id":1,"text":"a"#.utf8) + [0xFF, 0xE2, 0x82] + Array(#" b"}"#.utf8) + [0x0A]
    let run = try Self.serve(line)
    #expect(run.lines.count == 1)
    let measured = try CLITests.caliper(["measure", "--json", "a\u{FFFD}\u{FFFD} b"])
    let expected = measured.stdout.replacingOccurrences(
      of: #""lossy":{"invalidUTF8":0,"#, with: #""lossy":{"invalidUTF8":2,"#)
    #expect(Self.withoutID(run.lines[0]) + "\n" == expected)
  }

  @Test func endOfInputEndsWithExitZero() throws {
    let empty = try Self.serve([UInt8]())
    #expect(empty.status == 0)
    #expect(empty.lines.isEmpty)
    // Blank lines are not requests; a last line without a newline is one.
    let run = try Self.serve(
      Array("\n  \n{\"id\":1,\"text\":\"x\"}\r\n\n{\"id\":2,\"text\":\"y\"}".utf8))
    #expect(run.status == 0)
    #expect(run.lines.count == 2)
    #expect(try Self.object(run.lines[1])["id"] as? Int == 2)
  }

  /// 10,000 requests, one in ten malformed in one of ten ways: exactly 10,000 responses,
  /// each with its request's id (null where the id cannot be read), each result equal to
  /// `caliper measure --json` for its text.
  @Test func tenPercentMalformedStreamOfTenThousand() throws {
    let texts = (0..<25).map { "Request text number \($0) with some words" } + ["", "नीचे दिए गए"]
    let malformed = [
      "{", "nonsense", #"{"id":%d,"text":"x","size":-1}"#, #"{"id":%d,"txt":"x"}"#,
      #"{"id":%d,"text":"x","widths":[-5]}"#, #"{"id":%d}"#, "[%d]",
      #"{"id":%d,"text":"x","font":"/nonexistent.ttf"}"#, #"{"id":%d,"text":"x","lines":1}"#,
      #"{"id":%d,"text":"x","widths":["big"]}"#,
    ]
    var lines: [String] = []
    var expectedIDs: [Int?] = []
    for index in 0..<10_000 {
      if index % 10 == 3 {
        let template = malformed[(index / 10) % malformed.count]
        lines.append(template.replacingOccurrences(of: "%d", with: String(index)))
        expectedIDs.append(template.hasPrefix(#"{"id":%d"#) ? index : nil)
      } else {
        lines.append(#"{"id":\#(index),"text":"\#(texts[index % texts.count])","widths":[80]}"#)
        expectedIDs.append(index)
      }
    }
    let run = try Self.serve(lines)
    #expect(run.status == 0)
    #expect(run.lines.count == 10_000)
    let measured = try CLITests.caliper(
      ["measure", "--json", "--width", "80"] + texts)
    let expected = measured.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    var errors = 0
    for (index, line) in run.lines.enumerated() {
      let object = try Self.object(line)
      if let id = expectedIDs[index] {
        #expect(object["id"] as? Int == id, "response \(index)")
      } else {
        #expect(object["id"] is NSNull, "response \(index)")
      }
      if index % 10 == 3 {
        #expect(object["error"] != nil, "response \(index)")
        errors += 1
      } else {
        #expect(Self.withoutID(line) == expected[index % texts.count], "response \(index)")
      }
    }
    #expect(errors == 1_000)
  }

  /// One font library for the whole process: after the first request for a face, nine more
  /// requests for it open no font file (`faces.misses`, the count of files opened, stays).
  @Test func fontsAreLoadedOnceForTheProcess() throws {
    var lines = [#"{"id":0,"text":"first","font":"Noto Sans Mono"}"#, #"{"id":"s1","stats":true}"#]
    for index in 1...9 {
      lines.append(#"{"id":\#(index),"text":"text \#(index)","font":"Noto Sans Mono"}"#)
    }
    lines.append(#"{"id":"s2","stats":true}"#)
    let run = try Self.serve(lines)
    #expect(run.lines.count == 12)
    func faces(_ line: Substring) throws -> [String: Int] {
      let stats = try #require(try Self.object(line)["stats"] as? [String: Any])
      return try #require(stats["faces"] as? [String: Int])
    }
    let before = try faces(run.lines[1])
    let after = try faces(run.lines[11])
    #expect(before["misses"] == 1)  // Noto Sans Mono covers every letter: one face opened
    #expect(after["misses"] == before["misses"])
    #expect((after["hits"] ?? 0) >= (before["hits"] ?? 0) + 9)
  }

  /// A line far over the limit is skipped to its newline, and the next one is answered.
  @Test func overLongLineIsSkippedToItsNewline() throws {
    let long = #"{"id":1,"text":""# + String(repeating: "x", count: 3 << 20) + #""}"#
    let run = try Self.serve(
      [long, #"{"id":2,"text":"after"}"#], arguments: ["--max-line-bytes", "100000"])
    #expect(run.lines.count == 2)
    let error = try #require(try Self.object(run.lines[0])["error"] as? [String: Any])
    #expect(error["code"] as? String == "line-too-long")
    #expect((error["message"] as? String)?.contains("is \(long.utf8.count) bytes") == true)
    #expect(try Self.object(run.lines[1])["text"] as? String == "after")
  }

  /// A reader that goes away (EPIPE) ends the service cleanly: exit 0, no partial line.
  @Test func closedOutputEndsTheServiceCleanly() throws {
    let script = """
      yes '{"id":1,"text":"Blue tile with a longer local label"}' | head -n 20000 \
        | "$0" serve | head -n 2
      echo "status ${PIPESTATUS[2]}"
      """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["-c", script, Self.binary.path]
    let out = Pipe()
    process.standardOutput = out
    try process.run()
    let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let lines = output.split(separator: "\n")
    #expect(lines.count == 3)
    #expect(try Self.object(lines[0])["id"] as? Int == 1)
    #expect(try Self.object(lines[1])["id"] as? Int == 1)
    #expect(lines.last == "status 0")
  }

  /// SIGTERM: the service exits 0, having written only whole lines, for a prefix of the
  /// requests (while idle it exits at once; while measuring it answers that request first).
  @Test func terminateEndsWithWholeLinesAndExitZero() throws {
    let (process, input, out) = try Self.startServe()
    let big = String(repeating: "Some words to measure at a width. ", count: 20_000)
    input.fileHandleForWriting.write(Data(#"{"id":1,"text":"first"}"#.utf8 + [0x0A]))
    var received = Data()
    while !received.contains(0x0A) { received += out.fileHandleForReading.availableData }
    // Idle now; a long request, then SIGTERM while it is (most likely) being measured.
    input.fileHandleForWriting.write(
      Data(#"{"id":2,"text":"\#(big)","widths":[100]}"#.utf8 + [0x0A]))
    input.fileHandleForWriting.write(Data(#"{"id":3,"text":"third"}"#.utf8 + [0x0A]))
    process.terminate()
    received += out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    try? input.fileHandleForWriting.close()
    #expect(process.terminationReason == .exit)
    #expect(process.terminationStatus == 0)
    let text = String(decoding: received, as: UTF8.self)
    #expect(text.hasSuffix("\n"))
    let ids = try text.split(separator: "\n").map { try Self.object($0)["id"] as? Int }
    #expect(ids.count >= 1 && ids.count <= 3)
    #expect(ids == Array([1, 2, 3].prefix(ids.count)))
  }

  @Test func serveHelpAndUsageErrors() throws {
    let help = try CLITests.caliper(["serve", "--help"])
    #expect(help.status == 0 && help.stdout.contains("USAGE: caliper serve"))
    #expect(try CLITests.caliper(["help", "serve"]).stdout == help.stdout)
    for bad in [["serve", "text"], ["serve", "--max-line-bytes", "0"], ["serve", "--bogus"]] {
      let run = try CLITests.caliper(bad)
      #expect(run.status == 64, "\(bad)")
    }
  }
}
