import Caliper
import CaliperService

/// `caliper serve`: a JSON Lines measuring service on stdin and stdout.
///
/// Problem: programs that measure many strings (a pipeline, a cluster job, an editor) pay
/// for process start and font loading on every `caliper measure`. Solution: one process
/// reads one request per line and writes one response per line, in order, flushed as each
/// is written, with one `FontLibrary` for its whole life, so the tenth request for a face
/// opens no file. It is also a filter: `caliper serve < requests.jsonl > results.jsonl`.
/// Limitation: requests are measured one at a time; run several processes for more cores.
enum ServeCommand {
  static let name = "serve"
  static let table = OptionTable(
    command: name,
    abstract: "Measure JSON requests from stdin, one per line, as a service.",
    overview: "Measure text as a service: one JSON request per line on stdin, one JSON\n"
      + "response per line on stdout, in order (protocol in the docs, \"Service mode\");\n"
      + "with --http, the same on HTTP/1.1 (docs: \"Running Caliper as a service\").",
    options: [
      Option(
        "--max-line-bytes", value: "<n>",
        help: "Refuse a request line longer than n bytes (default:\n"
          + "\(OptionValues.bytesText(RequestLimits().maxLineBytes))); it is skipped to its newline "
          + "without being held\nin memory."
      ) { _ = try OptionValues.byteCount($0, option: "--max-line-bytes") },
      OptionValues.maxTextBytesOption,
      Option(
        "--max-widths", value: "<n>",
        help: "Refuse a request with more than n widths (default: \(RequestLimits().maxWidths))."
      ) { _ = try OptionValues.widthCount($0) },
      Option(
        "--max-response-bytes", value: "<n>",
        help: "Refuse a request whose response would be over about n\n"
          + "bytes (default: \(OptionValues.bytesText(RequestLimits().maxResponseBytes))), "
          + "before writing any of it."
      ) { _ = try OptionValues.byteCount($0, option: "--max-response-bytes") },
    ] + ServeHTTP.options + SystemFontOptions.options + [ProgressReport.quietOption],
    footer: """
      A request: {"id": 1, "text": "Blue tile", "widths": [120, null]}; also "lines",
      "scale" and every style field (the options of 'caliper measure' in camelCase:
      "size", "font" or "fonts", "locale", "features", "variations", "lineLimit",
      "truncation", "height", "alignment", "spans", ...), or {"id": 2, "stats": true}.
      EXIT STATUS: 0 at the end of input, on SIGTERM, SIGINT or SIGHUP (after answering
      the request being measured) or when stdout is closed; 1 when the fonts or the input
      cannot be read. With --http: 0 after SIGTERM or SIGINT, once the requests in flight
      are answered.
      """)

  static var help: String { table.help }

  static func run(_ parsed: ParsedArguments, output: inout Output) throws {
    guard parsed.positionals.isEmpty else {
      throw UsageError("serve takes no arguments; requests come on stdin")
    }
    var limits = RequestLimits()
    if let bytes = parsed.last("--max-line-bytes") {
      limits.maxLineBytes = try OptionValues.byteCount(bytes, option: "--max-line-bytes")
    }
    if let bytes = parsed.last("--max-text-bytes") {
      limits.maxTextBytes = try OptionValues.byteCount(bytes, option: "--max-text-bytes")
    }
    if let count = parsed.last("--max-widths") {
      limits.maxWidths = try OptionValues.widthCount(count)
    }
    if let bytes = parsed.last("--max-response-bytes") {
      limits.maxResponseBytes = try OptionValues.byteCount(bytes, option: "--max-response-bytes")
    }
    let fonts = try FontLibrary.bundled(systemFonts: try SystemFontOptions.configuration(parsed))
    let session = ServeSession(fonts: fonts, limits: limits)
    if parsed.last("--http") != nil { return try ServeHTTP.run(parsed, session: session) }
    if let option = ServeHTTP.options.first(where: {
      parsed.has($0.name) || parsed.last($0.name) != nil
    }) {
      throw UsageError("\(option.name) is an option of 'serve --http'")
    }
    // Progress only for a batch (`serve < requests.jsonl`), not for someone typing requests.
    let progress = ProgressReport(
      verb: "serving", noun: "requests", total: nil, quiet: parsed.has("--quiet"),
      alsoWhen: InputReader.stdinIsRedirected)
    var served = 0
    defer {
      progress.finish(
        summary: served > 0 ? "served \(ProgressReport.count(served)) requests" : nil)
    }
    ServeSignals.install()
    var reader = LineReader(descriptor: 0, maxLineBytes: limits.maxLineBytes)
    reader.whileWaiting = ServeSignals.whileWaiting
    var writer = ResponseWriter()
    var lineNumber = 0
    while let item = try reader.next() {
      lineNumber += 1
      switch item {
      case .line(let line):
        if ServeSession.isBlank(line) { continue }
        session.respond(to: line, number: lineNumber) { writer.write($0) }
      case .tooLong(let byteCount):
        writer.write(session.lineTooLong(byteCount: byteCount, line: lineNumber))
      }
      guard try writer.endLine() else { return }
      served += 1
      progress.advance()
      if ServeSignals.shouldStop { return }
    }
  }
}
