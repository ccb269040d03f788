internal import CHyphen
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Hyphenation points from a libhyphen pattern dictionary (the LibreOffice dictionaries that
/// Debian's `hyphen-*` packages install in /usr/share/hyphen).
///
/// Problem: where a word may be hyphenated depends on its language (TeX patterns, Liang's
/// algorithm); guessing is wrong. Solution: libhyphen's `hnj_hyphen_hyphenate3` with the
/// dictionary the locale names, found as `hyph_<language>_<REGION>.dic`, then with fewer
/// parts of the locale ("de-CH" → hyph_de_CH.dic, else hyph_de.dic); none is an error.
/// Limitations: only standard points (a non-standard change such as Dutch "omaatje" →
/// "oma-tje" is left out); a word in an ISO 8859-1 dictionary with a character outside
/// Latin-1 is not hyphenated.
///
/// Sendable: the dictionary is only read after loading (libhyphen keeps no state in it
/// between calls), and every call goes through the `Mutex` all the same.
public final class HyphenationDictionary: Sendable {
  /// The dictionary file.
  public let path: String
  /// Whether the patterns are UTF-8 (else ISO 8859-1).
  private let isUTF8: Bool
  private let handle: Mutex<DictionaryHandle>

  /// The folders searched for `hyph_*.dic` files, in order.
  public static let directories = ["/usr/share/hyphen"]

  /// Loads the dictionary at `path`.
  ///
  /// The corresponding libhyphen function is `hnj_hyphen_load`.
  public init(path: String) throws(CaliperError) {
    guard let dict = hnj_hyphen_load(path) else {
      throw .hyphenationDictionary(locale: nil, reason: "cannot load \(path)")
    }
    self.path = path
    isUTF8 = dict.pointee.utf8 != 0
    handle = Mutex(DictionaryHandle(pointer: dict))
  }

  deinit {
    handle.withLock { hnj_hyphen_free($0.pointer) }
  }

  /// The dictionary for `locale` (BCP 47 or ICU: "en", "en-US", "de_CH", "fr@x=y"), loaded
  /// once per file and kept for the life of the process (there are a few dozen at most).
  public static func forLocale(_ locale: String) throws(CaliperError) -> HyphenationDictionary {
    guard let path = path(forLocale: locale) else {
      throw .hyphenationDictionary(
        locale: locale,
        reason: "no hyphenation dictionary in \(directories.joined(separator: ", "))"
          + " (tried \(candidateNames(locale).joined(separator: ", "));"
          + " Debian installs them with hyphen-en-us, hyphen-de, hyphen-fr, …)")
    }
    if let known = loaded.withLock({ $0[path] }) { return known }
    let dictionary = try HyphenationDictionary(path: path)
    return loaded.withLock { table in
      if let known = table[path] { return known }
      table[path] = dictionary
      return dictionary
    }
  }

  private static let loaded = Mutex<[String: HyphenationDictionary]>([:])

  /// The file names tried for `locale`, most specific first: "de-CH-1996" →
  /// hyph_de_CH_1996.dic, hyph_de_CH.dic, hyph_de.dic.
  static func candidateNames(_ locale: String) -> [String] {
    let base = locale.split(separator: "@", maxSplits: 1).first.map(String.init) ?? ""
    let tag = base.split(separator: ".", maxSplits: 1).first.map(String.init) ?? ""
    var parts = tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
    guard let language = parts.first, !language.isEmpty,
      language.allSatisfy({ $0.isASCII && $0.isLetter })
    else { return [] }
    parts[0] = language.lowercased()
    for index in parts.indices.dropFirst() where parts[index].count == 2 {
      parts[index] = parts[index].uppercased()  // a region
    }
    var names: [String] = []
    while !parts.isEmpty {
      let name = parts.joined(separator: "_")
      if name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }) {
        names.append("hyph_\(name).dic")
      }
      parts.removeLast()
    }
    return names
  }

  /// The dictionary file for `locale`, if one is installed.
  static func path(forLocale locale: String) -> String? {
    for name in candidateNames(locale) {
      for directory in directories {
        let path = "\(directory)/\(name)"
        if access(path, R_OK) == 0 { return path }
      }
    }
    return nil
  }

  /// The offsets inside `word` (1..<word.count) where it may be hyphenated: a hyphen goes
  /// after the first `offset` characters. The word is matched in lowercase.
  ///
  /// The corresponding libhyphen function is `hnj_hyphen_hyphenate3`, with left and right
  /// minimums of 2 characters (raised by the dictionary's LEFTHYPHENMIN/RIGHTHYPHENMIN).
  public func points(in word: some Collection<Unicode.Scalar>) -> [Int] {
    var bytes: [CChar] = []
    var count = 0
    for scalar in word {
      let lower = Self.lowercase(scalar)
      if isUTF8 {
        for unit in UTF8.encode(lower)! { bytes.append(CChar(bitPattern: unit)) }
      } else {
        guard lower.value < 0x100 else { return [] }
        bytes.append(CChar(bitPattern: UInt8(lower.value)))
      }
      count += 1
    }
    guard count > 1 else { return [] }
    let size = Int32(bytes.count)
    // NUL-terminated although its size is passed: libhyphen looks for the dictionary's
    // NOHYPHEN strings with strstr (found reading past the end by AddressSanitizer).
    bytes.append(0)
    var hyphens = [CChar](filled: 0, count: bytes.count + 5)
    var replacements: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
    var positions: UnsafeMutablePointer<Int32>?
    var cuts: UnsafeMutablePointer<Int32>?
    let status = handle.withLock { dict in
      hnj_hyphen_hyphenate3(
        dict.pointer, bytes, size, &hyphens, nil, &replacements, &positions, &cuts,
        2, 2, 2, 2)
    }
    defer {
      if let replacements {
        // Indexed by byte until libhyphen's UTF-8 pass moves them to characters (and it
        // leaves them by byte when it refuses the word), so every byte's slot is freed.
        for index in 0..<Int(size) { free(replacements[index]) }
        free(replacements)
      }
      free(positions)
      free(cuts)
    }
    guard status == 0 else { return [] }
    // hyphens[i] odd: a point after character i (libhyphen indexes characters, not bytes).
    var points: [Int] = []
    for index in 0..<(count - 1) where hyphens[index] & 1 == 1 {
      if let replacements, replacements[index] != nil { continue }  // non-standard
      points.append(index + 1)
    }
    return points
  }

  /// `scalar` in lowercase where that is one scalar (the patterns are lowercase).
  static func lowercase(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    let lower = scalar.properties.lowercaseMapping.unicodeScalars
    return lower.count == 1 ? lower.first! : scalar
  }
}

/// The owned `HyphenDict` pointer, sendable only inside its dictionary's `Mutex`.
private struct DictionaryHandle: @unchecked Sendable {
  // Safety: covers `pointer` (libhyphen's `HyphenDict`), the one field: reached only inside
  // HyphenationDictionary.handle's withLock.
  let pointer: UnsafeMutablePointer<HyphenDict>
}
