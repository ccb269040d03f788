/// Fonts, face rules: what the cascade's rules ask of a scalar or cluster, by its Unicode
/// properties (`ScalarFacts` keeps the answers for the scalars met).
extension FontCascade.Resolver {
  /// Characters that are not drawn need no glyph: controls, line separators and default
  /// ignorables (ZWJ, variation selectors, soft hyphen...).
  static func needsGlyph(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.value < 0x80 { return scalar.value >= 0x20 && scalar.value != 0x7F }
    if isProsePunctuation(scalar.value) { return true }
    let properties = scalar.properties
    switch properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator: return false
    default: return !properties.isDefaultIgnorableCodePoint
    }
  }

  static func staysInRun(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.value < 0x80 || isProsePunctuation(scalar.value) { return false }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark: return true
    default: return !needsGlyph(scalar)
    }
  }

  /// Whether a character chooses no face of its own (Pango 1.50's `consider_as_space`):
  /// controls, format characters but Arabic ones (U+0600–U+06FF, U+070F, U+08E2, which are
  /// drawn), surrogates, line and paragraph separators, spaces but U+1680 (Ogham's, which
  /// is drawn), and variation selectors. ASCII is answered inline (the itemizer asks once per cluster), the rest out of line.
  @inline(__always)
  static func choosesNoFace(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 0x80 { return value <= 0x20 || value == 0x7F }
    return choosesNoFace(beyondASCII: scalar)
  }

  /// `choosesNoFace` for a scalar from U+0080 on.
  @inline(never)
  private static func choosesNoFace(beyondASCII scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if isProsePunctuation(value) { return false }
    if (0xFE00...0xFE0F).contains(value) || (0xE0100...0xE01EF).contains(value) { return true }
    switch scalar.properties.generalCategory {
    case .control, .surrogate, .lineSeparator, .paragraphSeparator: return true
    case .spaceSeparator: return value != 0x1680
    case .format: return !((0x600...0x6FF).contains(value) || value == 0x70F || value == 0x8E2)
    default: return false
    }
  }

  /// The dashes, quotes, bullets and dots of U+2010–U+2027, frequent in prose: drawn,
  /// neither marks, spaces, controls, format characters nor emoji, so the rules above
  /// answer them without Unicode property lookups (several hundred instructions each);
  /// `FaceRuleShortcutTests` checks each answer against the properties.
  @inline(__always)
  static func isProsePunctuation(_ value: UInt32) -> Bool { (0x2010...0x2027).contains(value) }

  static func hasEmojiPresentation(_ cluster: ArraySlice<Unicode.Scalar>) -> Bool {
    guard let first = cluster.first else { return false }
    // ASCII has no emoji presentation of its own; keycaps ("1️⃣") are longer clusters.
    if first.value < 0x80 && cluster.count == 1 { return false }
    if isProsePunctuation(first.value) { return false }
    if first.properties.isEmojiPresentation { return true }
    return first.properties.isEmoji && cluster.contains { $0.value == 0xFE0F }
  }
}
