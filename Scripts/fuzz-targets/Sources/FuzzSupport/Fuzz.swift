import CFuzzDriver
import Caliper

#if canImport(Glibc)
  import Glibc
#endif

/// What every fuzz target shares: the libFuzzer driver, the bundled fonts, and the checks
/// that turn a wrong answer into a crash libFuzzer reports.
public enum Fuzz {
  /// Runs libFuzzer over `one` (called with each input's bytes) and exits with its status.
  ///
  /// `dictionary` holds tokens the target's input format is made of (request keys, say):
  /// with `CALIPER_FUZZ_DICTIONARY` set to a path, they are written there in libFuzzer's
  /// `-dict` format and nothing is run (Scripts/fuzz adds them to the dictionary it makes).
  public static func run(
    dictionary: [String] = [], _ one: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
  ) -> Never {
    if let path = getenv("CALIPER_FUZZ_DICTIONARY") {
      guard let file = fopen(path, "w") else { fatalError("fuzz: cannot write the dictionary") }
      for token in dictionary { fputs(dictionaryLine(token), file) }
      fclose(file)
      exit(0)
    }
    exit(cfuzzdriver_run(CommandLine.argc, CommandLine.unsafeArgv, one))
  }

  /// One libFuzzer dictionary entry: the token in quotes, every byte outside printable ASCII
  /// (and the quote and backslash) as `\xNN`.
  static func dictionaryLine(_ token: String) -> String {
    let digits = Array("0123456789ABCDEF".utf8)
    var line: [UInt8] = [0x22]
    for byte in token.utf8 {
      if byte >= 0x20, byte < 0x7F, byte != 0x22, byte != 0x5C {
        line.append(byte)
      } else {
        line += [0x5C, 0x78, digits[Int(byte >> 4)], digits[Int(byte & 15)]]
      }
    }
    line += [0x22, 0x0A]
    return String(decoding: line, as: UTF8.self)
  }

  /// The input as bytes (an empty input may come with a nil pointer).
  public static func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
    guard let data, size > 0 else { return [] }
    return Array(UnsafeBufferPointer(start: data, count: size))
  }

  /// The bundled fonts (from $CALIPER_FONTS, set by Scripts/fuzz), with small caches.
  public static let fonts: FontLibrary = {
    do {
      return try FontLibrary.bundled(
        limits: CacheLimits(faceBytes: 64 << 20, shapeBytes: 4 << 20, preparedBytes: 0))
    } catch {
      fatalError("fuzz: \(error)")
    }
  }()

  /// Crashes (a finding) unless `condition` holds.
  public static func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("fuzz check failed: \(message())") }
  }

  /// The invariants of one text measured at `widths`: finite, non-negative sizes, the
  /// size of `measure` equal to that of `sizeThatFits`, every line within the width unless
  /// it is one unbreakable cluster, and the round trip (measuring at the reported width
  /// gives the same lines again, where the lines fit the proposal); the last two only with
  /// `lineRules`.
  public static func checkMeasurements(
    _ text: PreparedText, widths: [Double?], fonts: FontLibrary = Fuzz.fonts,
    lineRules: Bool = true
  ) {
    check(text.idealWidth.isFinite && text.idealWidth >= 0, "ideal width \(text.idealWidth)")
    // Negative advances (see below) make the min width negative: checked with `lineRules`.
    check(
      text.minWidth.isFinite && (text.minWidth >= 0 || !lineRules), "min width \(text.minWidth)")
    for width in widths {
      let proposal = ProposedViewSize(width: width, height: nil)
      let measured = text.measure(proposal)
      let fit = text.sizeThatFits(proposal)
      let size = measured.size
      check(
        size.width.isFinite && size.height.isFinite && size.width >= 0 && size.height >= 0,
        "size \(size) at \(String(describing: width))")
      check(fit.size == size && fit.lineCount == measured.lineCount, "sizeThatFits differs")
      check(measured.lines.count == measured.lineCount, "line count")
      // Negative advances are clamped to 0 (FuzzRegressionTests), so corrupt fonts keep
      // both rules below; `lineRules: false` skips them for a caller that wants only these.
      guard lineRules else { continue }
      if let width {
        // A line wider than the width must be one unbreakable cluster (a grapheme that is
        // also one HarfBuzz cluster, such as a ligature). Without right-to-left text, such a
        // line prepared alone still takes one line; with it, bidi context can make a
        // ligature of what alone is two clusters ("if" under U+202E shapes as "fi"), so
        // only a bound on its length is checked. One character is one cluster; only the
        // first few longer lines are prepared alone, to stay fast at width 0.
        // A line broken at a soft hyphen shows a hyphen the text does not have: a syllable
        // and its hyphen can be wider than the width, and prepared alone they break apart.
        func content(_ line: Line) -> String {
          let text = String(line.text.trimmingTrailingWhitespace)
          return line.endsWithHyphen ? String(text.dropLast()) : text
        }
        let rightToLeft = text.string.unicodeScalars.contains { isRightToLeftOrControl($0) }
        var checked = 0
        for line in measured.lines where line.width > width + 1e-6 {
          let content = content(line)
          guard content.count > 1 else { continue }
          guard checked < 4 else { break }
          checked += 1
          check(content.count <= 8, "a line of \(content.count) characters is over the width")
          guard !rightToLeft else { continue }
          let alone = try? fonts.prepare(content, style: text.style)
          check(
            alone.map { $0.measure(proposal).lineCount <= 1 } ?? false,
            "a line of \(content.count) characters is \(line.width) wide at \(width)")
        }
      }
      // The round trip holds where the lines fit the proposal (RoundTripTests): where a
      // cluster is wider than it, the reported width packs more clusters per line.
      guard width.map({ size.width <= $0 + 1e-6 }) ?? true else { continue }
      let again = text.measure(ProposedViewSize(width: size.width, height: nil))
      check(
        again.lines.map(\.range) == measured.lines.map(\.range),
        "round trip at \(size.width) (proposed \(String(describing: width)))")
    }
  }
}

/// Hebrew, Arabic, Syriac, Thaana, NKo… and their presentation forms, the other
/// right-to-left blocks, and the bidi controls.
func isRightToLeftOrControl(_ scalar: Unicode.Scalar) -> Bool {
  switch scalar.value {
  case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF,
    0x200E, 0x200F, 0x061C, 0x202A...0x202E, 0x2066...0x2069:
    return true
  default: return false
  }
}

extension String {
  var trimmingTrailingWhitespace: Substring {
    var slice = self[...]
    while let last = slice.last, last.isWhitespace { slice.removeLast() }
    return slice
  }
}
