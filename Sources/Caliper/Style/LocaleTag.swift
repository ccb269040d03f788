/// Style, the locale check: how long a locale may be and the syntax it must have, checked
/// where locales enter (`TextStyle.problem`, which every prepare runs, and the style
/// schema's "locale": `--locale`, `serve`'s requests).
///
/// Problem: a locale is the user's to choose, and what is done with it outlives the
/// request: HarfBuzz keeps every language string it is given for the life of the process
/// (`HarfBuzzLanguage` admits up to `mostLocales` of them, but of any length: 4,096 locales
/// of a megabyte each were 4 GB never freed), ICU copies a locale into buffers of
/// `ULOC_FULLNAME_CAPACITY` (157) bytes, and libhyphen's dictionary is looked up by it.
/// Solution: a locale is at most `maxBytes` bytes of a BCP 47 language tag (subtags of 1 to
/// 8 ASCII letters or digits, the first of letters, joined by '-' or ICU's '_'), optionally
/// followed by a POSIX codeset as `$LANG` has it ("en_US.UTF-8": '.', then letters, digits,
/// '-' or '_'; ICU drops it) and by ICU keywords ("ja@lb=strict": '@', then `key=value` pairs joined by ';', or a
/// POSIX modifier: "sr@latin"). Anything else is refused with one line that says so, before
/// any library sees it. Limitation: the check is of form, not of meaning: "xx" passes (ICU
/// and HarfBuzz treat an unknown language as their root), as every well-formed tag does.
enum LocaleTag {
  /// The longest locale, in bytes: past any tag CLDR has (the longest are some 30 bytes) and
  /// short enough that with the `@lb=` keyword CSS line breaking adds (`lineBreakLocale`)
  /// it stays inside ICU's 157-byte locale buffers; 4,096 of them (`HarfBuzzLanguage`)
  /// keep HarfBuzz's list under 1 MB.
  static let maxBytes = 128

  /// Why `locale` cannot be used, in one line, or nil.
  static func problem(_ locale: String) -> String? {
    let count = locale.utf8.count
    guard count <= maxBytes else {
      return "locale of \(count) bytes is longer than the limit of \(maxBytes)"
    }
    if isWellFormed(locale.utf8) { return nil }
    // Quoted with its controls and quotes escaped, so that the message stays one line.
    return "locale \(locale.debugDescription) is not a BCP 47 language tag (subtags of 1 to 8"
      + " letters or digits, the first of letters, joined by '-' or '_', optionally followed"
      + " by a codeset such as '.UTF-8' and ICU keywords such as '@lb=strict')"
  }

  /// Whether `bytes` are a tag (subtags joined by '-' or '_'), an optional codeset and
  /// optional keywords.
  private static func isWellFormed(_ bytes: some Collection<UInt8>) -> Bool {
    let at = bytes.firstIndex(of: UInt8(ascii: "@"))
    let beforeKeywords = bytes[..<(at ?? bytes.endIndex)]
    let dot = beforeKeywords.firstIndex(of: UInt8(ascii: "."))
    let tag = beforeKeywords[..<(dot ?? beforeKeywords.endIndex)]
    if let dot {
      let codeset = beforeKeywords[beforeKeywords.index(after: dot)...]
      guard !codeset.isEmpty,
        codeset.allSatisfy({ isLetter($0) || isDigit($0) || "-_".utf8.contains($0) })
      else { return false }
    }
    var subtagLength = 0
    var isFirst = true
    for byte in tag {
      if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") {
        guard subtagLength > 0 else { return false }
        subtagLength = 0
        isFirst = false
        continue
      }
      guard isLetter(byte) || (!isFirst && isDigit(byte)), subtagLength < 8 else { return false }
      subtagLength += 1
    }
    guard subtagLength > 0 else { return false }
    guard let at else { return true }
    return areKeywords(bytes[bytes.index(after: at)...])
  }

  /// Whether `bytes` are ICU keywords: items joined by ';', each a key of letters and
  /// digits with a value of those and '-', '_', '/', '+', '.' ("calendar=islamic-civil"),
  /// or a key alone (a POSIX modifier: "sr@latin").
  private static func areKeywords(_ bytes: some Collection<UInt8>) -> Bool {
    var keyLength = 0
    var valueLength = 0
    var inValue = false
    for byte in bytes {
      switch byte {
      case UInt8(ascii: "="):
        guard !inValue, keyLength > 0 else { return false }
        inValue = true
      case UInt8(ascii: ";"):
        guard keyLength > 0, !inValue || valueLength > 0 else { return false }
        (keyLength, valueLength, inValue) = (0, 0, false)
      default:
        if inValue {
          guard isLetter(byte) || isDigit(byte) || "-_/+.".utf8.contains(byte) else {
            return false
          }
          valueLength += 1
        } else {
          guard isLetter(byte) || isDigit(byte) else { return false }
          keyLength += 1
        }
      }
    }
    return keyLength > 0 && (!inValue || valueLength > 0)
  }

  private static func isLetter(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }
}
