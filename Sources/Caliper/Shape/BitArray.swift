/// Booleans stored one bit each: the per-scalar flags of a prepared text (cluster starts,
/// unsafe-to-break offsets) cost 1/8 byte a scalar rather than a byte.
struct BitArray: Sendable, Hashable, BooleanLookup {
  private var words: [UInt64]
  /// The number of flags.
  let count: Int

  /// Bits past `count` in the last word are clear, here and after every operation, so that
  /// `==` can compare whole words.
  init(repeating value: Bool, count: Int) {
    self.count = count
    words = [UInt64](filled: value ? ~0 : 0, count: (count + 63) / 64)
    if value, count & 63 != 0 { words[words.count - 1] = (1 << UInt64(count & 63)) - 1 }
  }

  /// The flags of `flags`, eight to a load: a `Bool` is a byte holding 0 or 1, so eight of
  /// them read as one little-endian word are gathered into eight bits by one multiply (bit
  /// 8k of the word lands in bit 56 + k of the product); a test and a store a flag were
  /// ~10 instructions of each scalar of a text with clusters of several scalars.
  init(_ flags: [Bool]) {
    self.init(repeating: false, count: flags.count)
    withUnsafeMutableWords { words in
      flags.withUnsafeBytes { bytes in
        var index = 0
        while index &+ 8 <= bytes.count {
          let eight = UInt64(
            littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
          words[index >> 6] |= ((eight &* 0x0102_0408_1020_4080) >> 56) << UInt64(index & 63)
          index &+= 8
        }
        while index < bytes.count {
          if bytes[index] != 0 { Self.set(words, index, true) }
          index &+= 1
        }
      }
    }
  }

  var indices: Range<Int> { 0..<count }

  subscript(index: Int) -> Bool {
    // Inlined: shaping sets two flags a scalar, and a call each was 4 % of preparing.
    @inline(__always) get {
      precondition(index >= 0 && index < count, "BitArray index \(index) out of 0..<\(count)")
      return words[index >> 6] & (1 << UInt64(index & 63)) != 0
    }
    @inline(__always) set {
      precondition(index >= 0 && index < count, "BitArray index \(index) out of 0..<\(count)")
      if newValue {
        words[index >> 6] |= 1 << UInt64(index & 63)
      } else {
        words[index >> 6] &= ~(1 << UInt64(index & 63))
      }
    }
  }

  /// Sets each flag in `range` whose flag in `other` is false (`self[i] = self[i] ||
  /// !other[i]`), 64 at a time.
  mutating func insertComplement(of other: BitArray, in range: Range<Int>) {
    precondition(
      other.count == count && range.lowerBound >= 0 && range.upperBound <= count,
      "insertComplement out of range")
    guard !range.isEmpty else { return }
    let first = range.lowerBound >> 6
    let last = (range.upperBound - 1) >> 6
    for word in first...last {
      var mask = ~other.words[word]
      if word == first { mask &= UInt64.max << UInt64(range.lowerBound & 63) }
      let end = (range.upperBound - 1) & 63
      if word == last && end < 63 { mask &= (1 << UInt64(end + 1)) - 1 }
      words[word] |= mask
    }
  }

  /// Clears each flag whose flag in `other` (of the same count) is false, 64 at a time.
  mutating func formIntersection(_ other: BitArray) {
    precondition(other.count == count, "formIntersection of different counts")
    other.words.withUnsafeBufferPointer { others in
      words.withUnsafeMutableBufferPointer { words in
        for word in words.indices { words[word] &= others[word] }
      }
    }
  }

  /// Calls `body` with the flags' storage, 64 a word, for loops that set many flags
  /// (`BitArray.set`) without a bounds and uniqueness check per flag.
  mutating func withUnsafeMutableWords<R>(
    _ body: (UnsafeMutableBufferPointer<UInt64>) throws -> R
  ) rethrows -> R {
    try words.withUnsafeMutableBufferPointer { try body($0) }
  }

  /// Calls `body` with the flags' storage, 64 a word (flag `i` is bit `i % 64` of word
  /// `i / 64`), for readers that test many flags without a bounds check each
  /// (`BitArray.test`).
  func withUnsafeWords<R>(_ body: (UnsafeBufferPointer<UInt64>) throws -> R) rethrows -> R {
    try words.withUnsafeBufferPointer { try body($0) }
  }

  /// Flag `index` of storage `words` (from `withUnsafeWords`); the caller has checked
  /// `index` against the count.
  @inline(__always)
  static func test(_ words: UnsafePointer<UInt64>, _ index: Int) -> Bool {
    words[index >> 6] & (1 << UInt64(index & 63)) != 0
  }

  /// Sets flag `index` of storage `words` (from `withUnsafeMutableWords`) to `value`; the
  /// caller has checked `index` against the count.
  @inline(__always)
  static func set(_ words: UnsafeMutableBufferPointer<UInt64>, _ index: Int, _ value: Bool) {
    let bit: UInt64 = 1 << UInt64(index & 63)
    if value { words[index >> 6] |= bit } else { words[index >> 6] &= ~bit }
  }

  /// Sets the flags from `index` where `mask`'s bits are set (bit i: flag `index + i`),
  /// in storage `words`; the caller has checked every flag `mask` names against the count.
  @inline(__always)
  static func set(_ mask: UInt64, at index: Int, _ words: UnsafeMutableBufferPointer<UInt64>) {
    let (word, shift) = (index >> 6, UInt64(index & 63))
    words[word] |= mask &<< shift
    // The bits shifted past the word, in two steps so that a shift of 0 spills none.
    let spill = (mask &>> 1) &>> (63 &- shift)
    if spill != 0 { words[word &+ 1] |= spill }
  }

  /// Clears the flags from `index` where `mask`'s bits are set, as `set(_:at:_:)` sets them.
  @inline(__always)
  static func clear(_ mask: UInt64, at index: Int, _ words: UnsafeMutableBufferPointer<UInt64>) {
    let (word, shift) = (index >> 6, UInt64(index & 63))
    words[word] &= ~(mask &<< shift)
    let spill = (mask &>> 1) &>> (63 &- shift)
    if spill != 0 { words[word &+ 1] &= ~spill }
  }

  /// The bytes of its storage.
  var memoryFootprint: Int { words.capacity * MemoryLayout<UInt64>.stride }

  static func == (lhs: BitArray, rhs: BitArray) -> Bool {
    guard lhs.count == rhs.count else { return false }
    // Bits past `count` in the last word are clear in both (`init(repeating:count:)`).
    return lhs.words == rhs.words
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    hasher.combine(words)
  }
}

/// Per-offset booleans, read by index: `[Bool]` and `BitArray`.
protocol BooleanLookup {
  subscript(index: Int) -> Bool { get }
}

extension Array: BooleanLookup where Element == Bool {}
