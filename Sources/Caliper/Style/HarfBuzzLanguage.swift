internal import CHarfBuzz
import Synchronization

/// HarfBuzz's language for a locale, and the bound on how many a process gives HarfBuzz.
///
/// Problem: `hb_language_from_string` keeps every language it is ever given in one list for
/// the process, searched from its start for each new one and never shortened, and a locale
/// is the user's to choose: `caliper serve` given 20,000 requests each in a locale of its
/// own took 8 s (0.3 s in one locale), most of it in that search, and would take ever
/// longer. Solution: each locale's language is looked up once and kept here, and a process
/// takes at most `mostLocales` distinct locales; a style in one more is refused
/// (`CaliperError.invalidStyle`) before anything reaches HarfBuzz. Limitation: the bound is
/// the process's, as HarfBuzz's list is, not a `FontLibrary`'s.
enum HarfBuzzLanguage {
  /// Far more than the locales CLDR has (about 800): 20,000 requests in as many locales
  /// take `serve` 0.66 s with this bound, where they took 8 s without it.
  static let mostLocales = 4096

  /// The locales given to HarfBuzz so far, with its languages (pointers, as integers): the
  /// default locale's from the start.
  private static let known = Mutex<[String: Int]>([defaultLocale: defaultLanguage])

  /// `TextStyle`'s default locale, whose language is asked for without the lock and the
  /// dictionary: preparing asks twice a text (its style's check and its shaper), and those
  /// two locks and hashes were about 500 instructions of a prepare.
  private static let defaultLocale = "en"
  private static let defaultLanguage = Int(bitPattern: hb_language_from_string(defaultLocale, -1))

  /// Why `locale` cannot be shaped in (this process has taken `mostLocales` others), or nil
  /// after making sure its language is known.
  static func problem(admitting locale: String) -> String? {
    if locale == defaultLocale { return nil }
    let admitted = known.withLock { known in
      guard known[locale] == nil else { return true }
      guard known.count < mostLocales else { return false }
      known[locale] = Int(bitPattern: hb_language_from_string(locale, -1))
      return true
    }
    guard !admitted else { return nil }
    return "locale '\(locale.prefix(64))' would be the \(mostLocales + 1)th distinct locale"
      + " of this process: HarfBuzz keeps every language for the life of the process, so"
      + " Caliper takes at most \(mostLocales)"
  }

  /// The language `hb_language_from_string` gives `locale` (admitted by `problem`, so known;
  /// otherwise asked of HarfBuzz).
  ///
  /// The corresponding HarfBuzz function is `hb_language_from_string`.
  static func of(_ locale: String) -> hb_language_t? {
    if locale == defaultLocale { return hb_language_t(bitPattern: defaultLanguage) }
    if let known = known.withLock({ $0[locale] }) { return hb_language_t(bitPattern: known) }
    return hb_language_from_string(locale, -1)
  }
}
