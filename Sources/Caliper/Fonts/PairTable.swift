import Synchronization

/// HarfBuzz's answers for the pairs of one plan's simple scalars (`SimpleGlyphs`), filled
/// lazily, one entry a pair, shared by every thread that shapes with the plan.
///
/// Problem: a run of simple scalars shapes as a function of its adjacent pairs, but asking
/// HarfBuzz for each pair again would cost more than the run. Solution: each pair's answer
/// (the first glyph's advance, the second glyph's unsafe-to-break flag) is kept the first
/// time HarfBuzz gives it, and so is each scalar's advance shaped alone (a run's last):
/// learnt from HarfBuzz's shaping of a range that missed one (`Shaper.learn`), or from the
/// pair shaped alone (`Shaper.pairValue`). An entry is written once, with the one value HarfBuzz gives for
/// it, through a relaxed atomic store: a thread that reads it unfilled shapes the pair
/// itself and writes the same value. Bound: 95 × 96 entries of 4 bytes (36 KB) and a
/// kind byte for each of the 128 scalars below U+0080 a plan
/// whose simple scalars are not none, made the first time a run of the plan asks, and
/// freed with the plan; at most `liveLimit` tables alive in the process (9.4 MB of pairs,
/// about 14 MB with their windows' memos at their bound), past
/// which a plan keeps HarfBuzz: every font instance (each variation of a variable face its
/// own) has up to `ShapePlans.capacity` plans, which the faces cache does not weigh, so a
/// stream of instances must not grow the tables. They are not counted in the shape cache's
/// bytes, but they go off with it: only a shaper whose library keeps a shape cache uses
/// them. Each table also keeps HarfBuzz's values for up to `PairWindows.capacity` windows
/// around ligature starters (`windows`: `PairWindows`' bound, about 18 KB more at most).
final class PairTable: @unchecked Sendable {
  // Safety: covers `entries`, a buffer of atomics allocated in init and freed in deinit,
  // read and written only through `Atomic`'s relaxed loads and stores; `kinds`, a raw
  // buffer written only in init (before the table is published through the memo's lock)
  // and read-only after; `simple` is a let.
  /// The scalars the table answers for.
  let simple: SimpleGlyphs
  /// HarfBuzz's values for the windows around ligature starters, by their scalars.
  let windows = PairWindows()
  private let entries: UnsafeMutablePointer<Atomic<UInt32>>
  /// `simple`'s answers per scalar below U+0080, as `kind` gives them: one byte a scalar,
  /// so that a range's scan asks one load a scalar, not three sets' bit tests.
  private let kinds: UnsafeMutablePointer<UInt8>
  /// Set once a pair shaped against the model (never, if `SimpleGlyphs` is right): from
  /// then on every run of the plan goes to HarfBuzz.
  private let refused = Atomic<Bool>(false)

  /// Entries a first scalar: one a second scalar, then the scalar alone.
  private static let rowLength = SimpleGlyphs.count + 1
  private static let entryCount = SimpleGlyphs.count * rowLength

  /// The most tables alive at once in the process.
  static let liveLimit = 256
  /// The tables alive (made by `make` and not yet freed).
  private static let live = Atomic<Int>(0)

  /// A table for `simple`, or nil where `limit` (`liveLimit`) tables are alive.
  static func make(simple: SimpleGlyphs, limit: Int = liveLimit) -> PairTable? {
    guard live.add(1, ordering: .relaxed).oldValue < limit else {
      live.subtract(1, ordering: .relaxed)
      return nil
    }
    return PairTable(simple: simple)
  }

  private init(simple: SimpleGlyphs) {
    self.simple = simple
    entries = .allocate(capacity: Self.entryCount)
    for index in 0..<Self.entryCount { (entries + index).initialize(to: Atomic(0)) }
    kinds = .allocate(capacity: 0x80)
    for value in 0..<UInt32(0x80) {
      let (isSimple, isMixed) = (simple.holds(value), simple.holdsMixed(value))
      let isStarter = simple.startsLigatures(value)
      (kinds + Int(value)).initialize(
        to: (isSimple ? Self.simpleKind : 0) | (isMixed ? Self.mixedKind : 0)
          | (isStarter ? Self.starterKind : 0)
          | (isMixed || isStarter ? Self.mixedOrStarterKind : 0))
    }
  }

  deinit {
    entries.deinitialize(count: Self.entryCount)
    entries.deallocate()
    kinds.deallocate()
    Self.live.subtract(1, ordering: .relaxed)
  }

  /// The tables alive in the process.
  static var liveCount: Int { live.load(ordering: .relaxed) }

  /// The bytes the table holds.
  static var bytes: Int { entryCount * MemoryLayout<UInt32>.stride }

  /// Whether the table may be used.
  var isUsable: Bool { !refused.load(ordering: .relaxed) }

  /// Stops every later use of the table.
  func refuse() { refused.store(true, ordering: .relaxed) }

  /// `kind`'s bits: simple (`SimpleGlyphs.holds`), simple in a run with ligature starters
  /// (`holdsMixed`), a ligature starter (`startsLigatures`), either of the last two.
  static let simpleKind: UInt8 = 1
  static let mixedKind: UInt8 = 2
  static let starterKind: UInt8 = 4
  static let mixedOrStarterKind: UInt8 = 8

  /// Whether a range whose scalars' `kind`s and-ed give `all` is for the pair path: every
  /// scalar simple, or else, where the font has ligatures of simple scalars (`reach` > 0),
  /// every one simple in a mixed run or a starter. The one rule `Shaper.pairPlan` and
  /// `Shaper.storeWithoutWindows` read.
  @inline(__always)
  static func admits(kinds all: UInt8, reach: Int) -> Bool {
    all & simpleKind != 0 || (reach > 0 && all & mixedOrStarterKind != 0)
  }

  /// What `simple` says of `value`, as `simpleKind`, `mixedKind`, `starterKind` and
  /// `mixedOrStarterKind` bits (none for a scalar it does not hold).
  @inline(__always)
  func kind(_ value: UInt32) -> UInt8 {
    value < 0x80 ? kinds[Int(value)] : 0
  }

  /// The entry of the pair (`first`, `second`) of simple scalars, or of `first` alone
  /// where `second` is nil.
  @inline(__always)
  static func index(_ first: UInt32, _ second: UInt32?) -> Int {
    let row = Int(first &- SimpleGlyphs.first) &* rowLength
    guard let second else { return row &+ SimpleGlyphs.count }
    return row &+ Int(second &- SimpleGlyphs.first)
  }

  /// The bits of the entry at `index` (`Entry.bits`), 0 before it is filled.
  @inline(__always)
  func bits(at index: Int) -> UInt32 {
    entries[index].load(ordering: .relaxed)
  }

  /// `bits(at:)` and `kind(_:)` with the table's storage in registers: a loop that also
  /// writes through other pointers reloaded the table's fields at every step. Valid while
  /// the table is.
  struct Reader {
    private let entries: UnsafeMutablePointer<Atomic<UInt32>>
    private let kinds: UnsafeMutablePointer<UInt8>

    fileprivate init(_ table: PairTable) {
      (entries, kinds) = (table.entries, table.kinds)
    }

    /// `PairTable.bits(at:)`.
    @inline(__always)
    func bits(at index: Int) -> UInt32 {
      entries[index].load(ordering: .relaxed)
    }

    /// `PairTable.kind(_:)`.
    @inline(__always)
    func kind(_ value: UInt32) -> UInt8 {
      value < 0x80 ? kinds[Int(value)] : 0
    }
  }

  /// A `Reader` of the table, for as long as the caller holds the table.
  var reader: Reader { Reader(self) }

  /// The entry at `index`, or nil before it is filled.
  @inline(__always)
  func entry(at index: Int) -> Entry? {
    let bits = entries[index].load(ordering: .relaxed)
    return bits == 0 ? nil : Entry(bits: bits)
  }

  /// Fills the entry at `index`.
  func fill(_ index: Int, with entry: Entry) {
    entries[index].store(entry.bits, ordering: .relaxed)
  }

  /// One pair's answer: the first glyph's advance in font units and whether the second is
  /// unsafe to break before (for a scalar alone, its advance and false), packed as
  /// `advance << 2 | unsafe << 1 | 1` (never 0, the unfilled entry).
  struct Entry: Equatable {
    let bits: UInt32

    init(bits: UInt32) { self.bits = bits }

    /// The entry for `advance` and `unsafe`, or nil where the advance does not fit 30 bits.
    init?(advance: Int32, unsafe: Bool) {
      guard (-(1 << 29)..<(1 << 29)).contains(advance) else { return nil }
      bits = UInt32(bitPattern: advance << 2) | (unsafe ? 2 : 0) | 1
    }

    @inline(__always)
    var advance: Int32 { Int32(bitPattern: bits) >> 2 }
    @inline(__always)
    var unsafe: Bool { bits & 2 != 0 }
  }
}

/// A plan's `PairTable`, made once `asksBeforeAnalysis` pieces have asked for it (its
/// simple scalars found then), or none where no scalar is simple or `PairTable.liveLimit`
/// tables are alive.
///
/// Problem: finding the simple scalars costs about 1.2 M instructions for Noto Sans (every
/// lookup of the plan read twice), a fifth of a one-string `caliper measure`, which shapes
/// a few words and would never repay it. Solution: the first pieces of a plan go to
/// HarfBuzz as before; the analysis runs when the plan has shaped `asksBeforeAnalysis`
/// pieces, where a text or a stream of them is long enough to gain.
final class PairTableMemo: Sendable {
  /// Pieces a plan shapes through HarfBuzz before its table is made.
  static let asksBeforeAnalysis = 32

  private let state = Mutex<(asks: Int, table: PairTable??)>((0, nil))

  /// The kept table (nil inside: none), or nil before it is made: no ask counted (for a
  /// caller whose pieces ask through `table` when this answers nil).
  func made() -> PairTable?? {
    state.withLock { $0.table }
  }

  /// The kept table (nil inside: none), or `find`'s simple scalars' table, made and kept
  /// at the `asksBeforeAnalysis`th ask; nil before.
  func table(_ find: () -> SimpleGlyphs) -> PairTable?? {
    state.withLock { state in
      if let known = state.table { return known }
      state.asks += 1
      guard state.asks >= Self.asksBeforeAnalysis else { return nil }
      let simple = find()
      let made = simple == .none ? nil : PairTable.make(simple: simple)
      state.table = .some(made)
      return .some(made)
    }
  }
}
