/// The bytes of one GSUB or GPOS table, searched for one glyph (`LayoutGlyphs`): big-endian
/// reads, each checked against the table's end, and the glyph looked for in place in its
/// coverage tables, class definitions and glyph arrays.
struct LookupTableReader {
  /// A read outside the table, a format this reader does not know, or more work than the
  /// table's size warrants (offsets that share one subtable many times over): the caller
  /// then answers "takes part".
  struct Unreadable: Error {}

  let bytes: UnsafeRawBufferPointer
  /// The glyph looked for.
  let glyph: UInt16
  /// Values and records still to look at: eight per byte of the table, as HarfBuzz's
  /// sanitizer allows itself (`HB_SANITIZE_MAX_OPS_FACTOR`), and at least 2^16.
  private var budget: Int
  /// Where not nil, a class-based rule that names class 0 for the glyph before the end of
  /// its span is added here rather than counted as holding it (`SpaceWakers`).
  var zeroClassRules: [ZeroClassRule]?

  init(bytes: UnsafeRawBufferPointer, glyph: UInt16) {
    self.bytes = bytes
    self.glyph = glyph
    budget = max(8 * bytes.count, 1 << 16)
  }

  /// A reader of the same bytes looking for `glyph`, with a budget of its own.
  func looking(for glyph: UInt16) -> LookupTableReader {
    LookupTableReader(bytes: bytes, glyph: glyph)
  }

  /// The 16-bit value at `offset`.
  func u16(_ offset: Int) throws(Unreadable) -> Int {
    guard offset >= 0, offset <= bytes.count - 2 else { throw Unreadable() }
    return Int(UInt16(bigEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt16.self)))
  }

  /// The 32-bit value at `offset`.
  func u32(_ offset: Int) throws(Unreadable) -> Int {
    guard offset >= 0, offset <= bytes.count - 4 else { throw Unreadable() }
    return Int(UInt32(bigEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
  }

  /// Where the 16-bit offset stored at `field` points, counted from `base`; nil for a null
  /// offset (HarfBuzz reads it as an empty table).
  func offset(from base: Int, at field: Int) throws(Unreadable) -> Int? {
    let value = try u16(field)
    return value == 0 ? nil : base + value
  }

  /// Counts `count` records against the budget.
  mutating func spend(_ count: Int) throws(Unreadable) {
    budget -= count
    guard budget >= 0 else { throw Unreadable() }
  }

  /// Whether `value` is among `count` 16-bit values from `start`, `stride` bytes apart: the
  /// whole array, sorted or not.
  mutating func scan(for value: UInt16, count: Int, at start: Int, stride: Int = 2)
    throws(Unreadable) -> Bool
  {
    guard count > 0 else { return false }
    guard start >= 0, start + (count - 1) * stride <= bytes.count - 2 else { throw Unreadable() }
    try spend(count)
    let wanted = value.bigEndian
    var at = start
    for _ in 0..<count {
      if bytes.loadUnaligned(fromByteOffset: at, as: UInt16.self) == wanted { return true }
      at += stride
    }
    return false
  }

  /// Whether any of `values` is among `count` 16-bit values from `start`.
  mutating func scan(forAny values: [Int], count: Int, at start: Int) throws(Unreadable) -> Bool {
    for value in values where try scan(for: UInt16(value), count: count, at: start) {
      return true
    }
    return false
  }

  /// The third fields of the `count` range records (first, last, value) from `start` whose
  /// range holds `value`.
  mutating func ranges(holding value: UInt16, count: Int, at start: Int) throws(Unreadable)
    -> [Int]
  {
    guard count > 0 else { return [] }
    guard start >= 0, start + count * 6 <= bytes.count else { throw Unreadable() }
    try spend(count)
    var found: [Int] = []
    var at = start
    for _ in 0..<count {
      let first = UInt16(bigEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt16.self))
      let last = UInt16(bigEndian: bytes.loadUnaligned(fromByteOffset: at + 2, as: UInt16.self))
      if first <= value, value <= last { found.append(try u16(at + 4)) }
      at += 6
    }
    return found
  }

  /// Whether the coverage table at `table` (nil: none) covers `value` (the glyph by default).
  mutating func covers(_ table: Int?, _ value: UInt16? = nil) throws(Unreadable) -> Bool {
    guard let table else { return false }
    let value = value ?? glyph
    let count = try u16(table + 2)
    switch try u16(table) {
    case 1: return try scan(for: value, count: count, at: table + 4)
    case 2: return try !ranges(holding: value, count: count, at: table + 4).isEmpty
    default: throw Unreadable()
    }
  }

  /// The classes the class definition at `table` (nil: none) gives the glyph: those of the
  /// records that list it (one in a well-formed table; none for a glyph it leaves in class
  /// 0 by omission, which HarfBuzz's `collect_glyphs` never collects).
  mutating func classes(_ table: Int?) throws(Unreadable) -> [Int] {
    guard let table else { return [] }
    switch try u16(table) {
    case 1:
      let start = try u16(table + 2)
      let index = Int(glyph) - start
      guard index >= 0, index < (try u16(table + 4)) else { return [] }
      return [try u16(table + 6 + 2 * index)]
    case 2: return try ranges(holding: glyph, count: u16(table + 2), at: table + 4)
    default: throw Unreadable()
    }
  }

  /// Whether the class definition at `table` (nil: none) puts the glyph in a class other
  /// than 0, as HarfBuzz's `ClassDef::collect_coverage` (pair positioning's second glyphs)
  /// collects it: HarfBuzz 6.0 adds each run of a format-1 table's classified glyphs with an
  /// inclusive end one past the run, so the glyph after a run counts too (DejaVu Sans's
  /// glyph 4971 in its 16th GPOS lookup).
  mutating func hasClass(_ table: Int?) throws(Unreadable) -> Bool {
    guard let table else { return false }
    switch try u16(table) {
    case 1:
      let index = Int(glyph) - (try u16(table + 2))
      let count = try u16(table + 4)
      if index >= 0, index < count, try u16(table + 6 + 2 * index) != 0 { return true }
      guard index >= 1, index <= count else { return false }
      return try u16(table + 6 + 2 * (index - 1)) != 0  // the run's last glyph
    case 2:
      return try ranges(holding: glyph, count: u16(table + 2), at: table + 4).contains { $0 != 0 }
    default: throw Unreadable()
    }
  }

  /// The glyphs the coverage table at `table` (nil: none) lists.
  mutating func coveredGlyphs(_ table: Int?) throws(Unreadable) -> [UInt16] {
    guard let table else { return [] }
    let count = try u16(table + 2)
    try spend(count)
    var glyphs: [UInt16] = []
    switch try u16(table) {
    case 1:
      for index in 0..<count { glyphs.append(UInt16(try u16(table + 4 + 2 * index))) }
    case 2:
      for index in 0..<count {
        let (first, last) = (try u16(table + 4 + 6 * index), try u16(table + 6 + 6 * index))
        guard first <= last else { continue }
        try spend(last - first)
        for glyph in first...last { glyphs.append(UInt16(glyph)) }
      }
    default: throw Unreadable()
    }
    return glyphs
  }

  /// Whether any coverage table among the `count` offsets (from `base`) at `start` covers
  /// the glyph.
  mutating func anyCovers(base: Int, count: Int, at start: Int) throws(Unreadable) -> Bool {
    try spend(count)
    for index in 0..<count where try covers(offset(from: base, at: start + 2 * index)) {
      return true
    }
    return false
  }
}
