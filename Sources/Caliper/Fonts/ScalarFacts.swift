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

  /// The bits for `scalar`, from the rules themselves.
  static func of(_ scalar: Unicode.Scalar) -> UInt8 {
    typealias Rules = FontCascade.Resolver
    var facts: UInt8 = 0
    if Rules.needsGlyph(scalar) { facts |= needsGlyph }
    if Rules.staysInRun(scalar) { facts |= staysInRun }
    if Rules.choosesNoFace(scalar) { facts |= choosesNoFace }
    let properties = scalar.properties
    if properties.isEmojiPresentation { facts |= emojiPresentation }
    if properties.isEmoji { facts |= emoji }
    if properties.generalCategory == .spaceSeparator { facts |= spaceSeparator }
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
