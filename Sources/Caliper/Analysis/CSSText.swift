/// CSS Text's white-space processing and line-break opportunities, as Blink applies them
/// (`TextStyle.breakRules == .css`).
///
/// Problem: a browser does not break where UAX #14 alone says. It first collapses white
/// space (CSS Text 3 §4.1.1, per `white-space`), then breaks after every run of spaces
/// even where UAX #14 glues the space to what follows ("alignment: | .leading)"), and
/// `word-break` and `line-break: anywhere` add or remove opportunities. Solution: the text
/// is processed before analysis (`processed(_:)`, with a map back to the caller's
/// offsets), ICU finds its opportunities with the `line-break` strictness as the `@lb=`
/// locale keyword, and `adjust(_:)` edits them as Blink's `LazyLineBreakIterator` does.
/// Between two printable ASCII characters Blink reads its own table, not ICU
/// (`blinkASCIIBreak`): no break after "/" in a URL. Limitation: a newline collapsed between two Chinese or Japanese characters
/// becomes a space, where Blink removes it.
struct CSSText {
  let whiteSpace: TextStyle.WhiteSpace
  let wordBreak: TextStyle.WordBreak
  let lineBreak: TextStyle.LineBreak

  init(_ style: TextStyle) {
    whiteSpace = style.whiteSpace
    wordBreak = style.wordBreak
    lineBreak = style.lineBreak
  }

  /// The text as laid out under `style`: after white-space processing in `.css` mode.
  static func laidOut(_ text: String, style: TextStyle) -> String {
    guard style.breakRules == .css, style.whiteSpace.collapsesSpaces else { return text }
    return CSSText(style).processed(text).text
  }

  /// The text as laid out under `style`, and its spans over it (a span keeps the
  /// characters it had; one whose characters all collapsed away is dropped).
  static func laidOut(_ text: String, style: TextStyle, spans: [TextSpan]) -> (
    String, [TextSpan]
  ) {
    guard style.breakRules == .css, style.whiteSpace.collapsesSpaces else { return (text, spans) }
    let (laidOut, sources) = CSSText(style).processed(text)
    // The first offset of the laid-out text at or after a source offset.
    func offset(_ source: Int) -> Int {
      var low = 0
      var high = sources.count - 1
      while low < high {
        let middle = (low + high) / 2
        if sources[middle] < source { low = middle + 1 } else { high = middle }
      }
      return low
    }
    let moved = spans.compactMap { span -> TextSpan? in
      var span = span
      span.range = offset(span.range.lowerBound)..<offset(span.range.upperBound)
      return span.range.isEmpty ? nil : span
    }
    return (laidOut, moved)
  }

  /// The text as laid out, and for each of its scalars (plus its end) the offset of the
  /// scalar of `text` it comes from: spaces and tabs collapse to one space where
  /// `white-space` collapses them, newlines become spaces where it does not keep them, and
  /// collapsible spaces at the start and end of the text and around kept newlines go.
  func processed(_ text: String) -> (text: String, sourceOffsets: [Int]) {
    guard whiteSpace.collapsesSpaces else {
      return (text, Array(0...text.unicodeScalars.count))
    }
    var scalars = String.UnicodeScalarView()
    var offsets: [Int] = []
    var pendingSpace: Int?  // a collapsible space (its source offset) not yet written
    var atLineStart = true
    for (offset, scalar) in text.unicodeScalars.enumerated() {
      let isNewline = scalar == "\n"
      if scalar == " " || scalar == "\t" || (isNewline && !whiteSpace.keepsNewlines) {
        if !atLineStart && pendingSpace == nil { pendingSpace = offset }
        continue
      }
      if isNewline {
        pendingSpace = nil  // spaces before a kept newline go
        atLineStart = true
      } else {
        if let space = pendingSpace {
          scalars.append(" ")
          offsets.append(space)
        }
        pendingSpace = nil
        atLineStart = false
      }
      scalars.append(scalar)
      offsets.append(offset)
    }
    offsets.append(text.unicodeScalars.count)
    return (String(scalars), offsets)
  }

  /// Blink's line-break opportunities from ICU's: after every run of breakable spaces
  /// (U+0020, tab, newline; after every single one for `break-spaces`), none that ICU puts
  /// elsewhere after a space; with `word-break: break-all` also between letters and digits
  /// (general categories L and N, with the marks that follow them), with `keep-all` none
  /// between them (Thai and other dictionary-broken scripts keep theirs), with
  /// `line-break: anywhere` at every grapheme boundary.
  func adjust(
    scalars: [Unicode.Scalar], breaks: inout [Int32], mandatory: inout [Bool],
    graphemeStart: (Int) -> Bool
  ) {
    let count = scalars.count
    guard count > 0 else { return }
    // soft[i]: a line may break before scalar i (0 < i < count); hard: it must.
    var soft = [Bool](filled: false, count: count + 1)
    var hard = [Bool](filled: false, count: count + 1)
    for (offset, isHard) in zip(breaks, mandatory) {
      if isHard { hard[Int(offset)] = true } else { soft[Int(offset)] = true }
    }
    func isSpace(_ scalar: Unicode.Scalar) -> Bool {
      scalar == " " || scalar == "\t" || scalar == "\n"
    }
    // The letter or digit a position belongs to: a mark takes its base's category.
    var wordCharacter = [Bool](filled: false, count: count)
    var complex = [Bool](filled: false, count: count)
    var base = false
    var baseComplex = false
    for index in 0..<count {
      let properties = scalars[index].properties
      switch properties.generalCategory {
      case .nonspacingMark, .spacingMark, .enclosingMark:
        break
      case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
        .decimalNumber, .letterNumber, .otherNumber:
        base = true
        baseComplex = Self.isComplexContext(scalars[index].value)
      default:
        base = false
        baseComplex = false
      }
      wordCharacter[index] = base
      complex[index] = baseComplex
    }
    for index in 1..<count {
      let before = scalars[index - 1]
      if hard[index] { continue }
      if isSpace(before) && before != "\n" {
        // After a space: a break after the run (before every space with break-spaces).
        soft[index] = whiteSpace == .breakSpaces || !isSpace(scalars[index])
        continue
      }
      if lineBreak == .anywhere {
        if graphemeStart(index) { soft[index] = true }
        continue
      }
      let after = scalars[index]
      if (0x21...0x7E).contains(before.value) && (0x21...0x7E).contains(after.value) {
        // Blink's own table, not ICU; "-" before a digit breaks only after a letter or
        // digit ("ABCD-1234", not a minus sign in "x = -1").
        if before == "-" && ("0"..."9").contains(after) && wordBreak != .breakAll {
          let first = index >= 2 ? scalars[index - 2] : " "
          soft[index] =
            first.isASCII && first.properties.isAlphabetic || ("0"..."9").contains(first)
        } else {
          soft[index] = Self.blinkASCIIBreak(
            before.value, after.value, breakAll: wordBreak == .breakAll)
        }
      }
      let letters = wordCharacter[index - 1] && wordCharacter[index]
      switch wordBreak {
      case .normal: break
      case .breakAll:
        if letters && graphemeStart(index) { soft[index] = true }
      case .keepAll:
        if letters && !complex[index - 1] && !complex[index] { soft[index] = false }
      }
    }
    breaks.removeAll(keepingCapacity: true)
    mandatory.removeAll(keepingCapacity: true)
    for index in 1...count where soft[index] || hard[index] || index == count {
      breaks.append(Int32(index))
      mandatory.append(hard[index])
    }
  }

  /// Whether Blink breaks between two printable ASCII characters (U+0021...U+007E), from
  /// its own table (`kAsciiLineBreakTable`): after "-" and "?" before most characters, and
  /// before "(", "<", "[" and "{" after most punctuation; never around a letter or digit
  /// otherwise. Each row's bit n is the pair with U+0021 + n, recorded from Chromium by
  /// `Scripts/chromium-breaks` (`asciiBreaks` in its fixture, which a test compares).
  /// With `breakAll`, Blink's table for `word-break: break-all`, by UAX #14 classes: a
  /// letter or digit also breaks before another, and before "-", "(" and most symbols.
  static func blinkASCIIBreak(_ before: UInt32, _ after: UInt32, breakAll: Bool = false) -> Bool {
    let beforeParens: (low: UInt64, high: UInt64) = (0x0400_0000_0800_0080, 0x0400_0000)
    let afterHyphen: (low: UInt64, high: UInt64) = (0xEFFF_FFFF_B9FF_96F6, 0x2FFF_FFFF)
    let afterQuestion: (low: UInt64, high: UInt64) = (0xEFFF_FFFF_B9FF_96BC, 0x2FFF_FFFF)
    let row: (low: UInt64, high: UInt64)
    let scalar = Unicode.Scalar(before)!
    if breakAll {
      switch scalar {
      case "-": row = afterHyphen
      case "!", "%", "?": row = afterQuestion
      case "\"": row = beforeParens
      case "\\": row = (0x0400_0000_0800_0090, 0x0400_0000)
      case "$": row = (0x10, 0)
      case "'", "(", "[", "{": return false
      case ",", ".", ":", ";": row = (0xE7FF_FFFF_B9FF_96A4, 0x2FFF_FFFF)
      default: row = (0xEFFF_FFFF_B9FF_96AC, 0x2FFF_FFFF)  // letters, digits, the rest
      }
    } else {
      switch scalar {
      case "-": row = afterHyphen
      case "?": row = afterQuestion
      case "!", "\"", "#", "%", "&", ")", "*", "+", ",", ".", ":", ";", "=", ">", "\\", "]",
        "|", "}", "~":
        row = beforeParens
      default: return false
      }
    }
    let bit = Int(after) - 0x21
    return (bit < 64 ? row.low >> bit : row.high >> (bit - 64)) & 1 == 1
  }

  /// Whether UAX #14 gives the character line-break class SA (complex context: Thai, Lao,
  /// Khmer, Myanmar and Tai scripts, broken by dictionary).
  static func isComplexContext(_ value: UInt32) -> Bool {
    switch value {
    case 0x0E00...0x0EFF, 0x1000...0x109F, 0x1780...0x17FF, 0x1950...0x19DF, 0x1A20...0x1AAF,
      0xAA60...0xAADF, 0xA9E0...0xA9FF:
      return true
    default: return false
    }
  }
}
