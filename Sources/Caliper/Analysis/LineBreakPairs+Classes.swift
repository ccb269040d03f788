internal import CICU

/// Analysis: the UAX #14 class of each scalar for `LineBreakPairs`' table.
///
/// Problem: the pair table answered only text of ASCII, Latin-1 and U+2010–U+2027; a
/// paragraph with one CJK, Devanagari, Arabic or Hebrew letter went to ICU's iterator whole
/// (39 K instructions of a fallback-heavy paragraph's 423 K). Solution: those scalars' classes
/// from ICU's own Line_Break property data (`cicu_line_property_known`, the same Unicode
/// version as its iterator), mapped onto the table's classes by `byProperty` the first time
/// the process meets a scalar and kept (`PropertyLineClasses`, which the scan reads as it
/// goes: a pass of its own over the text, into an array of classes, cost a fallback-heavy
/// paragraph 3.4 K more); the few classes whose
/// rules ICU 72's root line rules give a longer context than the table's (CM, LB9 and LB10;
/// HL, LB21a) are handled by the scan. Limitation: Line_Break values outside the table's set
/// (SA with its dictionaries, BK, NL, ZW, WJ, ZWJ, CB, Hangul, RI, EB, EM, XX, SG, and
/// CP that is East Asian wide) are `none`: a text holding one goes to ICU as before.
extension LineBreakPairs {
  /// No class: a scalar outside the set (the last index of a row of `Table.plain`).
  static let none: UInt8 = 31

  /// The class of each scalar below U+0100 (`none` outside the set), then of U+2010–U+2027
  /// at 0x100 + (scalar − 0x2010). From ICU 72's Line_Break property.
  static let classes: [UInt8] = {
    var classes = [UInt8](filled: none, count: 0x100 + 0x18)
    func set(_ scalars: [UInt32], _ lineClass: Class) {
      for scalar in scalars {
        classes[scalar >= 0x2010 ? 0x100 + Int(scalar - 0x2010) : Int(scalar)] = lineClass.rawValue
      }
    }
    set(Array(0x20...0x7E) + Array(0xA0...0xFF) + Array(0x2010...0x2027), .al)
    set([0x09, 0x7C, 0xAD, 0x2012, 0x2013, 0x2027], .ba)
    set([0x0A], .lf)
    set([0x0D], .cr)
    set([0x20], .sp)
    set([0x21, 0x3F], .ex)
    set([0x22, 0x27, 0xAB, 0xBB, 0x2018, 0x2019, 0x201B, 0x201C, 0x201D, 0x201F], .qu)
    set([0x24, 0x2B, 0x5C, 0xA3, 0xA4, 0xA5, 0xB1], .pr)
    set([0x25, 0xA2, 0xB0], .po)
    set([0x28, 0x5B, 0x7B, 0xA1, 0xBF, 0x201A, 0x201E], .op)
    set([0x29, 0x5D], .cp)
    set([0x2C, 0x2E, 0x3A, 0x3B], .infix)
    set([0x2D], .hy)
    set([0x2F], .sy)
    set(Array(0x30...0x39), .nu)
    set([0x7D], .cl)
    set([0xA0, 0x2011], .gl)
    set([0xB4], .bb)
    set([0x2010], .hh)
    set([0x2014], .b2)
    set([0x2024, 0x2025, 0x2026], .inseparable)
    return classes
  }()

  /// The class of `value`, `none` outside the set.
  @inline(__always)
  static func lineClass(_ value: UInt32, _ classes: UnsafeBufferPointer<UInt8>) -> UInt8 {
    if value < 0x100 { return classes[Int(value)] }
    let offset = value &- 0x2010
    return offset < 0x18 ? classes[0x100 + Int(offset)] : none
  }

  /// A combining mark (CM): not a row or column of the table. After a letter or an
  /// ideograph it is part of it (LB9: no break, the class before stays); at the start, after
  /// spaces or a line end it is a letter (LB10); anywhere else `scan` hands the text to ICU.
  static let cm: UInt8 = 30

  /// The table's class of each (Line_Break value + 64 if East Asian wide) that ICU's data
  /// gives (`cicu_line_property_known`), `none` for the rest. AI is a letter (ICU's root rules
  /// resolve it to AL); CJ is NS (ICU's root rules are strict: `LineBreakPairsTests`' grid
  /// gives the same row and column for both).
  /// Its 128 entries are repeated above 128, so that the scan indexes it by the property
  /// byte as it is (bit 7, always set, not masked: one instruction a scalar).
  static let byProperty: [UInt8] = {
    var table = [UInt8](filled: none, count: 128)
    func set(_ names: [String], _ lineClass: UInt8, wide: [Bool] = [false, true]) {
      for name in names {
        let value = name.withCString { cicu_line_break_value($0) }
        guard value >= 0 && value < 64 else { continue }
        for isWide in wide { table[Int(value) + (isWide ? 64 : 0)] = lineClass }
      }
    }
    let pairs: [(String, Class)] = [
      ("AL", .al), ("AI", .al), ("BA", .ba), ("LF", .lf), ("CR", .cr), ("SP", .sp),
      ("EX", .ex), ("QU", .qu), ("PR", .pr), ("PO", .po), ("IS", .infix), ("HY", .hy),
      ("SY", .sy), ("NU", .nu), ("CL", .cl), ("GL", .gl), ("BB", .bb), ("B2", .b2),
      ("IN", .inseparable), ("ID", .id), ("NS", .ns), ("CJ", .ns), ("HL", .hl),
    ]
    for (name, lineClass) in pairs { set([name], lineClass.rawValue) }
    set(["OP"], Class.op.rawValue, wide: [false])
    set(["OP"], Class.opWide.rawValue, wide: [true])
    set(["CP"], Class.cp.rawValue, wide: [false])
    set(["CM"], cm)
    return table + table
  }()

  /// The class of `value` from ICU's data: `byProperty` (passed as `table`) of its
  /// property.
  @inline(__always)
  static func propertyClass(_ value: UInt32, _ table: UnsafeBufferPointer<UInt8>) -> UInt8 {
    table[Int(cicu_line_property_known(value))]
  }

  /// The class of each of `scalars` from ICU's data (`propertyClass`), for the tests (the
  /// scan reads each as it goes, `PropertyLineClasses`); the scan makes U+2010 HH, as the
  /// small table has it (BA in ICU's data).
  static func propertyClasses(_ scalars: UnsafeBufferPointer<Unicode.Scalar>) -> [UInt8] {
    byProperty.withUnsafeBufferPointer { table in
      scalars.map { propertyClass($0.value, table) }
    }
  }
}

/// Where `LineBreakPairs.scan` reads each scalar's class.
protocol LineClassSource {
  /// Whether the classes are the small table's alone: no combining mark, Hebrew letter or
  /// other class of ICU's data, so `scan`'s rules for them drop out of its Latin copy.
  static var latinOnly: Bool { get }
  /// The class of the scalar at `index` (< the text's count).
  func callAsFunction(_ index: Int) -> UInt8
  /// The first offset from `index` (at most `count`) that is not a letter or a combining
  /// mark after a letter: where AL × AL and AL × CM (`Table.lettersJoin`) stop; and the
  /// class there if finding the end read it (`LineBreakPairs.none` at `count`), else nil.
  func lettersEnd(from index: Int, count: Int) -> (end: Int, lineClass: UInt8?)
  /// The first offset from `index` (at most `count`) that is not an ideograph (ID), a break
  /// before each ideograph recorded at `positions[found]` (not mandatory in `hard`) and
  /// counted in `found`: where ID × ID (`Table.ideographsBreak`) after an ideograph stops;
  /// and the class there as `lettersEnd` gives it.
  func ideographsEnd(
    from index: Int, count: Int, positions: UnsafeMutableBufferPointer<Int32>,
    hard: UnsafeMutableBufferPointer<Bool>, found: inout Int
  ) -> (end: Int, lineClass: UInt8?)
}

/// The classes of `LineBreakPairs.classes` alone: ASCII, Latin-1 and U+2010–U+2027.
struct LatinLineClasses: LineClassSource {
  static var latinOnly: Bool { true }
  let scalars: UnsafeBufferPointer<Unicode.Scalar>
  let classes: UnsafeBufferPointer<UInt8>
  @inline(__always)
  func callAsFunction(_ index: Int) -> UInt8 {
    LineBreakPairs.lineClass(scalars[index].value, classes)
  }
  /// ASCII letters only (the marks and the other letters take a lookup each), no class
  /// read (the scan reads the one at the end: handed back from here, the Latin scan kept
  /// more values on the stack, +160 instructions a Gatsby paragraph).
  @inline(__always)
  func lettersEnd(from index: Int, count: Int) -> (end: Int, lineClass: UInt8?) {
    var index = index
    while index < count && (scalars[index].value | 0x20) &- 0x61 < 26 { index &+= 1 }
    return (index, nil)
  }
  /// None of the small table's classes is ID: nothing recorded (`scan` does not ask).
  @inline(__always)
  func ideographsEnd(
    from index: Int, count: Int, positions: UnsafeMutableBufferPointer<Int32>,
    hard: UnsafeMutableBufferPointer<Bool>, found: inout Int
  ) -> (end: Int, lineClass: UInt8?) {
    (index, nil)
  }
}

/// The classes of ICU's data (`LineBreakPairs.propertyClass`), which are the small
/// table's where it has one but U+2010's (`LineBreakPropertyTests.smallTableAgreesWithICUData`):
/// that one is HH, a hyphen for LB 20.09, where the data says BA.
///
/// Each BMP scalar's class is worked out the first time the process meets it (`met`) and
/// kept in CICU's `cicu_line_class_table`, which the scan then reads with one load a scalar
/// (the property byte mapped through `byProperty` and U+2010's test at each scalar cost a
/// fallback-heavy paragraph about 1.5 K instructions more). `LineBreakPropertyTests`
/// compares the reader, at a first meeting and after, with ICU's property of each scalar.
struct PropertyLineClasses: LineClassSource {
  static var latinOnly: Bool { false }
  let scalars: UnsafeBufferPointer<Unicode.Scalar>
  /// `LineBreakPairs.byProperty`.
  let byProperty: UnsafeBufferPointer<UInt8>
  /// The bit a kept class carries (a zero byte: not kept).
  static let keptBit: UInt8 = 0x80
  @inline(__always)
  func callAsFunction(_ index: Int) -> UInt8 {
    let value = scalars[index].value
    let kept = cicu_line_class_kept(value)
    guard _fastPath(kept != 0) else { return Self.met(value, byProperty) }
    return kept & ~Self.keptBit
  }
  /// The data's class `found` of `value`, U+2010's BA made HH (the one place that says so).
  @inline(__always)
  static func adjusted(_ found: UInt8, _ value: UInt32) -> UInt8 {
    found == LineBreakPairs.Class.ba.rawValue && value == 0x2010
      ? LineBreakPairs.Class.hh.rawValue : found
  }
  /// The class of `value` from ICU's data (`adjusted`), kept for the next meeting if
  /// `value` is in the BMP. Out of line: once a scalar for the process (beyond the BMP,
  /// at each meeting), and the scan keeps its pointers in registers.
  @inline(never)
  static func met(_ value: UInt32, _ byProperty: UnsafeBufferPointer<UInt8>) -> UInt8 {
    let found = adjusted(LineBreakPairs.propertyClass(value, byProperty), value)
    cicu_line_class_keep(value, found | keptBit)
    return found
  }
  /// Letters and marks by ICU's data, which gives the letters of `LineBreakPairs.classes`
  /// its class AL too (`LineBreakPropertyTests.smallTableAgreesWithICUData`): the kept
  /// bytes compared as they are.
  @inline(__always)
  func lettersEnd(from index: Int, count: Int) -> (end: Int, lineClass: UInt8?) {
    let (al, cm) = (
      LineBreakPairs.Class.al.rawValue | Self.keptBit, LineBreakPairs.cm | Self.keptBit
    )
    var index = index
    while index < count {
      let value = scalars[index].value
      var kept = cicu_line_class_kept(value)
      if _slowPath(kept == 0) { kept = Self.met(value, byProperty) | Self.keptBit }
      guard kept == al || kept == cm else { return (index, kept & ~Self.keptBit) }
      index &+= 1
    }
    return (index, LineBreakPairs.none)
  }
  /// Ideographs by ICU's data, each a break before it: the kept bytes compared as they are.
  @inline(__always)
  func ideographsEnd(
    from index: Int, count: Int, positions: UnsafeMutableBufferPointer<Int32>,
    hard: UnsafeMutableBufferPointer<Bool>, found: inout Int
  ) -> (end: Int, lineClass: UInt8?) {
    let id = LineBreakPairs.Class.id.rawValue | Self.keptBit
    var index = index
    while index < count {
      let value = scalars[index].value
      var kept = cicu_line_class_kept(value)
      if _slowPath(kept == 0) { kept = Self.met(value, byProperty) | Self.keptBit }
      guard kept == id else { return (index, kept & ~Self.keptBit) }
      positions[found] = Int32(truncatingIfNeeded: index)
      hard[found] = false
      found &+= 1
      index &+= 1
    }
    return (index, LineBreakPairs.none)
  }
}
