import CaliperTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Issue 35's outside probing: a trap formatting a huge size, a FIFO among system fonts, a
/// response limit that counted escaped characters as one byte, inputs read whole before
/// they were checked, SIGHUP in the middle of a response, and layouts with infinite or
/// NaN frames. Each case failed (crashed, hung, leaked or answered wrongly) before its fix.
@Suite struct HostileCommandTests {
  /// Runs `caliper` with `arguments`, killing it after `seconds`: nil when it had to be
  /// killed (a hang), else how it ended.
  static func run(_ arguments: [String], seconds: Double) throws -> ToolRun? {
    // Output goes to files, not pipes: a command that writes more than a pipe holds (64 KB)
    // would block on the full pipe until the deadline and be reported as hung.
    let outFile = try TemporaryFiles.write("", named: "hostile.out")
    let errFile = try TemporaryFiles.write("", named: "hostile.err")
    defer {
      TemporaryFiles.remove(outFile)
      TemporaryFiles.remove(errFile)
    }
    let process = Process()
    process.executableURL = CaliperTool.binary
    process.arguments = arguments
    process.standardOutput = FileHandle(forWritingAtPath: outFile)
    process.standardError = FileHandle(forWritingAtPath: errFile)
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let deadline = Date().addingTimeInterval(seconds)
    while process.isRunning, Date() < deadline { usleep(10_000) }
    guard !process.isRunning else {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      return nil
    }
    return ToolRun(
      status: process.terminationReason == .exit ? process.terminationStatus : -1,
      stdout: String(
        decoding: FileManager.default.contents(atPath: outFile) ?? Data(), as: UTF8.self),
      stderr: String(
        decoding: FileManager.default.contents(atPath: errFile) ?? Data(), as: UTF8.self))
  }

  /// `--width 1e17`: the legend's "1e+17 pt" trapped in `Decimal2.format` (hundredths past
  /// `Int.max`); now the image is refused for its size, as `--width 9.2e16` was. The width
  /// is 1e17 × scale 2 + 2 × the 8 pt margin at scale 2 = 200000000000000032 pixels.
  @Test func renderOfAHugeProposalIsRefusedNotTrapped() throws {
    let png = TemporaryFiles.path("huge.png")
    defer { TemporaryFiles.remove(png) }
    for width in ["1e17", "1e300"] {
      let run = try CLITests.caliper(["render", "--width", width, "-o", png, "hi"])
      #expect(run.status == 1, "--width \(width)")
      #expect(run.stdout.isEmpty)
      #expect(run.stderr.hasPrefix("Error: the image would be "))
      #expect(run.stderr.contains("pixels; at most 16384 on a side\n"))
    }
    let exact = try CLITests.caliper(["render", "--width", "1e17", "-o", png, "hi"])
    #expect(exact.stderr.hasPrefix("Error: the image would be 200000000000000032 × "))
  }

  /// A box 1e308 wide: `layout --png` trapped; the layout is refused, naming the box and
  /// the width as given.
  @Test func layoutOfAHugeBoxIsRefusedNamingIt() throws {
    let json = try TemporaryFiles.write(
      #"{"type": "box", "id": "wide", "width": 1e308, "height": 10}"#, named: "wide.json")
    let png = TemporaryFiles.path("wide.png")
    defer { [json, png].forEach(TemporaryFiles.remove) }
    let run = try CLITests.caliper(["layout", "--png", png, json])
    #expect(run.status == 1)
    #expect(
      run.stderr
        == "Error: layout \(json): 'wide' (box at 0) would have width 1e+308: every position"
        + " and size must be a number of points from -1000000000000 to 1000000000000\n")
  }

  /// A FIFO named `Blocking.ttf` among the system fonts: fontconfig's `open` waited on it
  /// forever. Now it is skipped (not a regular file) and the family lookup answers.
  @Test func fifoAmongSystemFontsDoesNotBlock() throws {
    let folder = try TemporaryFiles.directory("fifo-fonts")
    defer { TemporaryFiles.remove(folder) }
    #expect(mkfifo(folder + "/Blocking.ttf", 0o600) == 0)
    let run = try Self.run(
      ["measure", "--system-font-dir", folder, "--font", "Lohit Tamil", "hi"], seconds: 30)
    let finished = try #require(run, "caliper blocked on the FIFO")
    #expect(finished.status == 1)
    #expect(finished.stderr.contains("no font family named 'Lohit Tamil'"))
  }

  /// 100,000 U+0001: the text is 100,000 bytes but 600,000 written (`\u0001`), twice with
  /// lines (the text, and its one line's text): 1.2 MB, over a 1 MB limit. The estimate
  /// counted 200,000 and wrote 1.2 MB.
  @Test func responseLimitCountsEscapedCharacters() throws {
    let text = String(repeating: "\\u0001", count: 100_000)
    let run = try CLITests.caliper(
      ["serve", "--max-response-bytes", "1000000"], stdin: #"{"id":1,"text":"\#(text)"}"# + "\n")
    #expect(run.status == 0)
    #expect(run.stdout.utf8.count < 1_000)
    let object = try CLITests.json(run.firstLine)
    let error = try #require(object["error"] as? [String: Any])
    #expect(error["code"] as? String == "response-too-large")
  }

  /// A 64 MiB sparse file (zeros, no newline) with a 1000-byte limit: read whole before it
  /// was refused (and `/dev/zero` aborted allocating 4 GB). Now refused after the first
  /// 64 KiB read, for `--input` and `--text-file` alike.
  @Test func overLongInputIsRefusedAsSoonAsItPassesTheLimit() throws {
    let path = TemporaryFiles.path("sparse.txt")
    defer { TemporaryFiles.remove(path) }
    #expect(FileManager.default.createFile(atPath: path, contents: nil))
    #expect(truncate(path, 64 << 20) == 0)
    for option in ["--input", "--text-file"] {
      let run = try CLITests.caliper(["measure", "--max-text-bytes", "1000", option, path])
      #expect(run.status == 1, "\(option)")
      #expect(
        run.stderr
          == "Error: input \(path): a text over the limit of 1000 bytes of UTF-8"
          + " (--max-text-bytes), refused after reading 65536 bytes of it\n")
    }
    let zero = try #require(try Self.run(["measure", "--input", "/dev/zero"], seconds: 60))
    #expect(zero.status == 1)
    #expect(zero.stderr.hasPrefix("Error: input /dev/zero: a text over the limit of 16777216"))
  }

  /// Lines still split as before: "\r\n" and one more "\r" dropped, empty lines skipped, a
  /// final line without a newline kept; an invalid byte named by its offset in the file.
  @Test func inputLinesAreSplitAsBefore() throws {
    let path = try TemporaryFiles.write("one\r\r\n\ntwo\r\nthree", named: "lines.txt")
    defer { TemporaryFiles.remove(path) }
    let run = try CLITests.caliper(["measure", "--json", "--no-lines", "--input", path])
    #expect(run.status == 0)
    let texts = try run.stdout.split(separator: "\n").map { try CLITests.json($0)["text"] }
    #expect(texts as? [String] == ["one", "two", "three"])
    let bad = try TemporaryFiles.write(Array("ok\nabc".utf8) + [0xFF], named: "bad.txt")
    defer { TemporaryFiles.remove(bad) }
    let refused = try CLITests.caliper(["measure", "--input", bad])
    #expect(refused.status == 1)
    #expect(refused.stderr == "Error: input \(bad) is not valid UTF-8 (byte 6)\n")
  }

  /// SIGHUP while big responses are written: the default action killed the service in
  /// the middle of a line (3 of 3 runs), and a SIGHUP ignored by the parent (as a test
  /// runner may) let it answer every request. Now it ends as on SIGTERM: after the response
  /// being written, whole lines only, exit 0.
  @Test func hangUpEndsAfterAWholeLine() throws {
    signal(SIGPIPE, SIG_IGN)  // the service may close its input before all of it is sent
    let (process, input, out) = try ServeTests.startServe()
    // 40 requests of 40 KB with their lines: megabytes of output, written in pieces.
    let words = String(repeating: "Some words to measure at a width. ", count: 1_200)
    var requests = Data()
    for id in 1...40 {
      requests += Data(#"{"id":\#(id),"text":"\#(words)","widths":[50,80,120]}"#.utf8 + [0x0A])
    }
    let handle = input.fileHandleForWriting
    let bytes = requests
    let writer = Thread {
      try? handle.write(contentsOf: bytes)
      try? handle.close()  // a service that ignored the signal answers all 40 and ends
    }
    writer.start()
    var received = Data()
    while received.count < 100_000 {
      let chunk = out.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      received += chunk
    }
    kill(process.processIdentifier, SIGHUP)
    received += out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationReason == .exit)
    #expect(process.terminationStatus == 0)
    #expect(received.last == 0x0A)
    let lines = received.split(separator: 0x0A)
    #expect(!lines.isEmpty && lines.count < 40)
    for line in lines {
      #expect((try? JSONSerialization.jsonObject(with: Data(line))) != nil)
    }
  }

  /// Alignment guides far from the views: 1e17 lost the children's widths to rounding (a
  /// stack 144 wide around 140.208-wide boxes), 60 chained doublings (2^60) made it 0
  /// wide, and a guide of infinity or NaN was replaced by the default unsaid. Now the
  /// layout is refused, naming the view whose frame left the finite range.
  @Test(arguments: [
    "1e17", "\"\(String(repeating: "(", count: 60))1\(String(repeating: " * 2)", count: 60))\"",
    "\"1e200 * 1e200\"", "\"0 / 0\"",
  ])
  func farGuidesAreRefused(_ guide: String) throws {
    let json = try TemporaryFiles.write(
      #"{"type": "vstack", "id": "stack", "alignment": "leading", "children": ["#
        + #"{"type": "box", "id": "far", "width": 140.208, "height": 10, "modifiers": ["#
        + #"{"alignmentGuide": {"alignment": "leading", "value": \#(guide)}}]},"#
        + #"{"type": "box", "id": "near", "width": 140.208, "height": 10}]}"#,
      named: "guide.json")
    defer { TemporaryFiles.remove(json) }
    let run = try CLITests.caliper(["layout", json])
    #expect(run.status == 1)
    #expect(run.stdout.isEmpty)
    #expect(run.stderr.hasPrefix("Error: layout \(json): '"))
    #expect(run.stderr.contains("every position and size must be a number of points"))
  }

  /// Messages that misled (issue 35 item 9), each now saying what was given and what is
  /// wrong with it.
  @Test func missingSystemFontFolderIsNamed() throws {
    let folder = "/nonexistent-caliper-fonts"
    let run = try CLITests.caliper(
      ["measure", "--system-font-dir", folder, "--font", "Lohit Tamil", "hi"])
    #expect(run.status == 1)
    #expect(run.stderr == "Error: --system-font-dir \(folder): No such file or directory\n")
  }

  @Test func fontsFolderWithALinkLoopSaysSo() throws {
    let folder = try TemporaryFiles.directory("loop-fonts")
    defer { TemporaryFiles.remove(folder) }
    let marker = folder + "/NotoSans-Regular.ttf"
    #expect(symlink(marker, marker) == 0)
    let run = try CLITests.caliper(["measure", "hi"], environment: ["CALIPER_FONTS": folder])
    #expect(run.status == 1)
    #expect(
      run.stderr == "Error: cannot read font file \(marker): Too many levels of symbolic links\n")
  }

  /// Values said as given: 1e308 is not "inf", 1e-300 not "0".
  @Test(arguments: [
    (#""size": 1e308"#, "font size 1e+308 must be"),
    (#""tabInterval": 1e-300"#, "tab interval 1e-300 must be"),
  ])
  func layoutValuesAreSaidAsGiven(_ field: String, _ message: String) throws {
    let json = try TemporaryFiles.write(
      #"{"type": "text", "text": "hi", \#(field)}"#, named: "value.json")
    defer { TemporaryFiles.remove(json) }
    let run = try CLITests.caliper(["layout", json])
    #expect(run.status == 1)
    #expect(run.stderr.contains(message))
  }

  /// serve's "size": 1e-400 said "font size 0": the parser read it as 0. Now the request is
  /// refused as not JSON a Double can hold, with the number as written.
  @Test func serveSaysATinySizeAsWritten() throws {
    let run = try CaliperTool.run(
      ["serve"], stdin: #"{"id": 1, "text": "hi", "size": 1e-400}"# + "\n")
    #expect(run.status == 0)
    #expect(run.stdout.contains(#""code":"invalid-json""#))
    #expect(run.stdout.contains("number 1e-400 is out of range (too small to tell from 0)"))
    #expect(!run.stdout.contains("font size 0"))
  }

  /// Variations parsed strictly ("wght=5e" was read as 5, "wght=1e308" got the generic
  /// message) and a clamped value said: Inter's wght axis is 100…900 (its fvar table, as
  /// `caliper fonts` lists it).
  @Test func variationsAreParsedStrictlyAndClampingIsSaid() throws {
    let inter = CLITests.root + "/Fonts/Inter-roman.var.ttf"
    let cases = [
      ("wght=5e", "invalid font variation 'wght=5e': '5e' is not a number"),
      (
        "wght=1e308",
        "invalid font variation 'wght=1e308': the value 1e308 is past the range of an axis"
      ),
    ]
    for (variation, message) in cases {
      let run = try CLITests.caliper(["measure", "--font", inter, "--variation", variation, "hi"])
      #expect(run.status == 64, "\(variation)")
      #expect(run.stderr.contains(message), "\(variation)")
    }
    let clamped = try CLITests.caliper(
      ["measure", "--font", inter, "--variation", "wght=100000", "hi"])
    #expect(clamped.status == 0)
    #expect(
      clamped.stderr
        == "warning: wght=100000 is outside Inter's wght axis (100 to 900): clamped to 900\n")
  }

  /// `-o -`: the PNG on stdout and the summary on stderr (a file named "-" before); a file
  /// that is stdout (/dev/stdout) gets no summary mixed into the PNG.
  @Test func renderToStandardOutputKeepsThePNGAlone() throws {
    let folder = try TemporaryFiles.directory("render-stdout")
    defer { TemporaryFiles.remove(folder) }
    let png = Array("\u{FFFD}PNG\r\n".utf8)  // 0x89 is not UTF-8: decoded as U+FFFD
    for output in ["-", "/dev/stdout"] {
      let run = try CaliperTool.run(["render", "-o", output, "hi"], directory: folder)
      #expect(run.status == 0, "\(output)")
      #expect(run.stdout.utf8.starts(with: png), "\(output)")
      #expect(!run.stdout.contains("px; text"), "\(output)")
      #expect(run.stderr.hasPrefix("\(output): "), "\(output)")
      #expect(run.stderr.contains(" px; text "), "\(output)")
    }
    #expect(!FileManager.default.fileExists(atPath: folder + "/-"))
  }

  /// `-o -` writes to stdout itself: where stdout appends to a file, what the file held is
  /// kept and the PNG follows it (opening /dev/stdout would empty the file first).
  @Test func renderToStandardOutputAppendsWhereStdoutAppends() throws {
    let folder = try TemporaryFiles.directory("render-append")
    defer { TemporaryFiles.remove(folder) }
    let file = folder + "/out"
    try Data("kept\n".utf8).write(to: URL(fileURLWithPath: file))
    let run = try CaliperTool.run(
      ["-c", #"exec "$0" render -o - hi >> "$1""#, CaliperTool.binary.path, file],
      executable: URL(fileURLWithPath: "/bin/sh"))
    #expect(run.status == 0, "\(run.stderr)")
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    #expect(Array(bytes.prefix(13)) == Array("kept\n".utf8) + signature)
    #expect(run.stderr.hasPrefix("-: "))
  }

  /// The same id 3 times: warned once, the layout still made.
  @Test func repeatedIDsAreWarned() throws {
    let box = #"{"type": "box", "id": "same", "width": 10, "height": 10}"#
    let json = try TemporaryFiles.write(
      #"{"type": "vstack", "children": [\#(box), \#(box), \#(box)]}"#, named: "ids.json")
    defer { TemporaryFiles.remove(json) }
    let run = try CLITests.caliper(["layout", json])
    #expect(run.status == 0)
    #expect(run.stderr == "warning: id 'same' is given to 3 views; ids name one view\n")
  }
}
