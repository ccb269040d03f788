/// Fonts, face rules: what the cascade's rules ask of a scalar, answered once per scalar.
///
/// Problem: choosing faces asks each cluster's scalars several Unicode properties (does it
/// need a glyph, does it stay in its run, does it choose a face, is it emoji), and the
/// standard library answers each in about a thousand instructions: 40 % of preparing a
/// fallback-heavy paragraph. Solution: the answers of `FontCascade.Resolver`'s own rules
/// (`needsGlyph`, `staysInRun`, `choosesNoFace`, the emoji properties), computed by those
/// rules the first time a scalar is met and kept as bits in a two-way table for the process
/// (`ScalarFactsTable`: a scalar in its slot or the slot's neighbour, as `ScalarTable`
/// keeps it; a scalar whose two slots hold others computes again). The same functions answer, so
/// the answers are the same.
struct ScalarFacts {
  static let needsGlyph: UInt8 = 1
  static let staysInRun: UInt8 = 2
  static let choosesNoFace: UInt8 = 4
  static let emojiPresentation: UInt8 = 8
  static let emoji: UInt8 = 16
  static let spaceSeparator: UInt8 = 32
  /// General category Mn (the conjunct rule's Extend characters: `joinConjuncts`).
  static let nonspacingMark: UInt8 = 64

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
      if category == .nonspacingMark { facts |= nonspacingMark }
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

/// The memo a resolver keeps: `ScalarFacts` from the process's `ScalarFactsTable`, and each
/// scalar's first cascade face (`FontCascade.Resolver.firstFace`), per preparation since a
/// preparation opens the faces it walks; empty (no allocation) until a face is recorded.
///
/// Direct-mapped: 512 entries by a multiplicative hash of the value, so that the blocks a
/// mixed text draws from (Latin-1, Arabic, Devanagari, Thai, kana, CJK) do not evict each
/// other. A collision forgets the older scalar, whose face is looked up again.
struct ScalarFactsMemo {
  /// `value << 16 | face`; `face` is the face's index + 1, or `noFace` where no cascade
  /// face has the scalar. `.max` (no scalar's) when empty.
  private var faces: [UInt64] = []
  static let noFace: UInt64 = 0xFFFF
  private static let slotsLog2 = 9
  private static let slots = 1 << slotsLog2

  @inline(__always)
  private static func slot(_ value: UInt32) -> Int {
    ScalarTable.slot(value, shift: UInt32(32 - slotsLog2))
  }

  func facts(_ scalar: Unicode.Scalar) -> UInt8 { ScalarFactsTable.facts(scalar) }

  /// The first face recorded for `scalar` (`noFace` for none), or nil when not recorded.
  func face(_ scalar: Unicode.Scalar) -> UInt64? {
    guard !faces.isEmpty else { return nil }
    let entry = faces[Self.slot(scalar.value)]
    guard entry >> 16 == UInt64(scalar.value) else { return nil }
    return entry & 0xFFFF
  }

  /// Records `scalar`'s first face as `face` (an index + 1, or `noFace`).
  mutating func setFace(_ scalar: Unicode.Scalar, _ face: UInt64) {
    if faces.isEmpty { faces = [UInt64](filled: .max, count: Self.slots) }
    faces[Self.slot(scalar.value)] = UInt64(scalar.value) << 16 | face
  }
}

/// `ScalarFacts` of the scalars met, kept for the whole process: they are the Unicode
/// properties' answers, the same for every text and thread. A fallback-heavy paragraph
/// meets about a hundred scalars beyond ASCII, most of them met by the paragraphs before:
/// a memo per preparation asked the properties again for each (131 K instructions of its
/// 1,481 K). A collision forgets the older scalar, whose facts are computed again.
enum ScalarFactsTable {
  static let shared = ScalarTable(slotsLog2: 12)

  static func facts(_ scalar: Unicode.Scalar) -> UInt8 {
    shared.answer(scalar, ScalarFacts.of)
  }
}
