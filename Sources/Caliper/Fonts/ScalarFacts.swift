/// Fonts, face rules: what the cascade's rules ask of a scalar, answered once per scalar.
///
/// Problem: choosing faces asks each cluster's scalars several Unicode properties (does it
/// need a glyph, does it stay in its run, does it choose a face, is it emoji), and the
/// standard library answers each in about a thousand instructions: 40 % of preparing a
/// fallback-heavy paragraph. Solution: the answers of `FontCascade.Resolver`'s own rules
/// (`needsGlyph`, `staysInRun`, `choosesNoFace`, the emoji properties), computed by those
/// rules the first time a scalar is met and kept as bits in a small direct-mapped memo per
/// resolver (256 entries by the scalar's low byte; a collision computes again). The same
/// functions answer, so the answers are the same. Limitation: per preparation.
struct ScalarFacts {
  static let needsGlyph: UInt8 = 1
  static let staysInRun: UInt8 = 2
  static let choosesNoFace: UInt8 = 4
  static let emojiPresentation: UInt8 = 8
  static let emoji: UInt8 = 16
  static let spaceSeparator: UInt8 = 32

  /// The bits for `scalar`: the rules' own answers, with the general category and each
  /// property looked up once for all of them (the rules each ask again); ASCII and the prose
  /// punctuation, which the rules answer without properties, go to the rules.
  /// `ScalarFactsTests` compares every bit with its rule.
  static func of(_ scalar: Unicode.Scalar) -> UInt8 {
    typealias Rules = FontCascade.Resolver
    let value = scalar.value
    var facts: UInt8 = 0
    let properties = scalar.properties
    if value < 0x80 || Rules.isProsePunctuation(value) {
      if Rules.needsGlyph(scalar) { facts |= needsGlyph }
      if Rules.staysInRun(scalar) { facts |= staysInRun }
      if Rules.choosesNoFace(scalar) { facts |= choosesNoFace }
    } else {
      let category = properties.generalCategory
      let needs: Bool
      switch category {
      case .control, .format, .lineSeparator, .paragraphSeparator: needs = false
      default: needs = !properties.isDefaultIgnorableCodePoint
      }
      if needs { facts |= needsGlyph }
      switch category {
      case .nonspacingMark, .spacingMark, .enclosingMark: facts |= staysInRun
      default: if !needs { facts |= staysInRun }
      }
      let none: Bool
      if (0xFE00...0xFE0F).contains(value) || (0xE0100...0xE01EF).contains(value) {
        none = true
      } else {
        switch category {
        case .control, .surrogate, .lineSeparator, .paragraphSeparator: none = true
        case .spaceSeparator: none = value != 0x1680
        case .format: none = !((0x600...0x6FF).contains(value) || value == 0x70F || value == 0x8E2)
        default: none = false
        }
      }
      if none { facts |= choosesNoFace }
      if category == .spaceSeparator { facts |= spaceSeparator }
    }
    // (ASCII too: a keycap, "1" U+FE0F U+20E3, is emoji by its first scalar's.)
    if properties.isEmojiPresentation { facts |= emojiPresentation }
    if properties.isEmoji { facts |= emoji }
    if value < 0x80 || Rules.isProsePunctuation(value) {
      if properties.generalCategory == .spaceSeparator { facts |= spaceSeparator }
    }
    return facts
  }
}

/// The memo of `ScalarFacts` a resolver keeps; empty (no allocation) until first asked.
struct ScalarFactsMemo {
  /// `value << 8 | facts` by the value's low byte; `.max` (no scalar's) when empty.
  private var entries: [UInt64] = []

  mutating func facts(_ scalar: Unicode.Scalar) -> UInt8 {
    if entries.isEmpty { entries = [UInt64](filled: .max, count: 256) }
    let value = UInt64(scalar.value)
    let slot = Int(value & 0xFF)
    let entry = entries[slot]
    if entry >> 8 == value { return UInt8(truncatingIfNeeded: entry) }
    let facts = ScalarFacts.of(scalar)
    entries[slot] = value << 8 | UInt64(facts)
    return facts
  }
}
