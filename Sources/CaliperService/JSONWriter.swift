import Caliper

/// Writes JSON text with keys in the order given (stable, documented key names).
///
/// Problem: the bulk job (`measure --input … --json`) spent half its instructions building
/// `Value` trees, encoding them to `String`s and cutting those strings again with
/// `dropLast` (a walk over every character of the text). Solution: the text is built as
/// UTF-8 bytes in one buffer; hot writers (`MeasurementJSON`) append members with
/// `raw`, `string`, `number` and `integer` directly, others encode a `Value`. Escaping walks
/// a string's UTF-8 once and copies runs of bytes that need no escape whole. The bytes are
/// copied into room kept past the text (`storage`), not appended to an array: the array's
/// `append(contentsOf:)`, called for every key and number, was the job's most costly
/// function of its own (71 instructions a call, 23 M).
package struct JSONWriter {
  /// The text is `storage[..<count]`; the rest is room.
  package init() {}

  /// A writer with room for `capacity` bytes before it grows (the bulk job's answers are
  /// a few KB each: grown from 256 bytes, each was copied four times on the way).
  package init(capacity: Int) {
    storage = [UInt8](repeating: 0, count: max(0, capacity))
  }

  private var storage: [UInt8] = []
  /// How many bytes are written.
  package private(set) var count = 0
  /// The last two numbers given their shortest digits, and where their text lies: a row's
  /// width and height are often the row before's (a text that fits on one line at several
  /// widths), and their text is copied, not found again (`removeAll` forgets them).
  private var recent = (RecentNumber(), RecentNumber())

  private struct RecentNumber {
    /// The number's bit pattern; a NaN's (never given digits) while there is none.
    var bits = Double.nan.bitPattern
    var range = 0..<0
  }

  /// The text written, as bytes.
  package var bytes: [UInt8] { Array(storage[..<count]) }

  /// The text written, as bytes, without a copy; the writer is left empty, with no room.
  package mutating func takeBytes() -> [UInt8] {
    var taken: [UInt8] = []
    swap(&taken, &storage)
    taken.removeLast(taken.count - count)
    removeAll()
    return taken
  }

  package var text: String { String(decoding: storage[..<count], as: UTF8.self) }

  package enum Value {
    case string(String)
    case number(Double)
    case integer(Int)
    case bool(Bool)
    case null
    case array([Value])
    case object([(String, Value)])
  }

  package static func encode(_ value: Value) -> String {
    var writer = JSONWriter()
    writer.write(value)
    return writer.text
  }

  /// Empties the buffer, keeping its room for what comes next.
  package mutating func removeAll() {
    count = 0
    recent = (RecentNumber(), RecentNumber())
  }

  /// Appends `source`'s bytes (the one way text goes in).
  @inline(__always)
  private mutating func append(_ source: UnsafeBufferPointer<UInt8>) {
    guard let from = source.baseAddress, !source.isEmpty else { return }
    let start = count
    let end = start + source.count
    if end > storage.count { grow(to: end) }
    storage.withUnsafeMutableBufferPointer { storage in
      (storage.baseAddress! + start).update(from: from, count: source.count)
    }
    count = end
  }

  @inline(__always)
  private mutating func append(_ byte: UInt8) {
    if count == storage.count { grow(to: count + 1) }
    storage[count] = byte
    count += 1
  }

  /// Room for at least `minimum` bytes, doubling. (A new array filled at once and the text
  /// copied in: appending `repeatElement` wrote the room a byte at a time.)
  private mutating func grow(to minimum: Int) {
    var grown = [UInt8](repeating: 0, count: max(minimum, storage.count * 2, 256))
    grown.withUnsafeMutableBufferPointer { grown in
      storage.withUnsafeBufferPointer { old in
        guard count > 0 else { return }
        grown.baseAddress!.update(from: old.baseAddress!, count: count)
      }
    }
    storage = grown
  }

  package mutating func write(_ value: Value) {
    switch value {
    case .string(let string): self.string(string)
    case .number(let number): self.number(number)
    case .integer(let integer): self.integer(integer)
    case .bool(let bool): self.bool(bool)
    case .null: raw("null")
    case .array(let values):
      append(UInt8(ascii: "["))
      for (index, element) in values.enumerated() {
        if index > 0 { append(UInt8(ascii: ",")) }
        write(element)
      }
      append(UInt8(ascii: "]"))
    case .object(let pairs):
      append(UInt8(ascii: "{"))
      members(pairs)
      append(UInt8(ascii: "}"))
    }
  }

  /// An object's members without its braces, comma-separated.
  package mutating func members(_ pairs: [(String, Value)]) {
    for (index, (key, element)) in pairs.enumerated() {
      if index > 0 { append(UInt8(ascii: ",")) }
      string(key)
      append(UInt8(ascii: ":"))
      write(element)
    }
  }

  /// Text copied as it is: punctuation and keys the caller has already written as JSON.
  /// Inlined, with the members below: a literal's length is then known where it is
  /// written, and the copy is a few moves, not a call of `memcpy` (the bulk job's
  /// 400,000 keys: `raw` and `memcpy` were 34 M of its 468 M instructions).
  @inline(__always)
  package mutating func raw(_ text: StaticString) {
    text.withUTF8Buffer { append($0) }
  }

  /// `prefix` (punctuation and a key, as JSON: `,"width":`) and then a value: the
  /// members of the hot writers, one call each.
  /// Returns where the number's text lies in the buffer, for `member(_:repeating:)`.
  @discardableResult @inline(__always)
  package mutating func member(_ prefix: StaticString, _ value: Double) -> Range<Int> {
    raw(prefix)
    let start = count
    number(value)
    return start..<count
  }

  /// `prefix` and the text written at `range` again: a number equal to one written
  /// before, copied rather than formatted a second time.
  @inline(__always)
  package mutating func member(_ prefix: StaticString, repeating range: Range<Int>) {
    raw(prefix)
    copy(range)
  }

  /// Appends the text at `range` of what is written again.
  private mutating func copy(_ range: Range<Int>) {
    precondition(range.upperBound <= count, "copy of \(range) past \(count) bytes")
    let start = count
    let end = start + range.count
    if end > storage.count { grow(to: end) }
    storage.withUnsafeMutableBufferPointer { storage in
      (storage.baseAddress! + start).update(
        from: storage.baseAddress! + range.lowerBound, count: range.count)
    }
    count = end
  }

  @inline(__always)
  package mutating func member(_ prefix: StaticString, _ value: Int) {
    raw(prefix)
    integer(value)
  }

  @inline(__always)
  package mutating func member(_ prefix: StaticString, _ value: Bool) {
    raw(prefix)
    bool(value)
  }

  @inline(__always)
  package mutating func member(_ prefix: StaticString, _ value: String) {
    raw(prefix)
    string(value)
  }

  /// A number, the one formatter for programs: whole numbers under 10^15 without a fraction
  /// ("12", not "12.0"), others as the shortest decimal within a billionth of a point
  /// (`ShortestDecimal`: 21.792, not the sum's 21.791999999999998), the same digits
  /// `formatNumber` shows people. JSON has no NaN or infinity; no measured number is either,
  /// but never emit bad JSON: `null`.
  package mutating func number(_ number: Double) {
    guard number.isFinite else { return raw("null") }
    // Whole: a round trip through Int (`rounded()` is a call into libm).
    if abs(number) < 1e15 && Double(Int(number)) == number {
      integer(Int(number))
    } else if number.bitPattern == recent.0.bits {
      copy(recent.0.range)
    } else if number.bitPattern == recent.1.bits {
      copy(recent.1.range)
    } else {
      let start = count
      // The shortest decimal, found with integers for measured magnitudes, else Swift's
      // round-trip digits handed by `write(to:)` as ASCII (no String is made: one of over
      // 15 bytes was an allocation each).
      if !ShortestDecimal.write(number, to: { append($0) }) {
        var sink = ASCIISink()
        number.write(to: &sink)
        sink.bytes.withUnsafeBufferPointer { append($0) }
      }
      recent = (RecentNumber(bits: number.bitPattern, range: start..<count), recent.0)
    }
  }

  /// Receives a number's text from `write(to:)`: its ASCII as bytes, through the output
  /// stream's `_writeASCII`, which the standard library's number types call.
  private struct ASCIISink: TextOutputStream {
    var bytes: [UInt8] = []

    mutating func write(_ string: String) {
      var string = string
      string.withUTF8 { bytes.append(contentsOf: $0) }
    }

    mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
      bytes.append(contentsOf: buffer)
    }
  }

  /// A whole number in decimal digits.
  package mutating func integer(_ integer: Int) {
    if 0 <= integer, integer < 10 { return append(UInt8(ascii: "0") + UInt8(integer)) }
    // The digits written last first into 20 bytes on the stack (Int.min's 19 and a sign),
    // as `String(integer)` spells them, then copied in at once (no String made: a number
    // is most of the bulk job's output).
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buffer in
      var index = buffer.count
      var value = integer.magnitude
      repeat {
        index -= 1
        buffer[index] = UInt8(ascii: "0") + UInt8(value % 10)
        value /= 10
      } while value > 0
      if integer < 0 {
        index -= 1
        buffer[index] = UInt8(ascii: "-")
      }
      append(UnsafeBufferPointer(rebasing: buffer[index...]))
    }
  }

  package mutating func bool(_ value: Bool) {
    raw(value ? "true" : "false")
  }

  /// A JSON string: quotes, backslashes and control characters escaped, and U+2028 and
  /// U+2029 (which end lines in JavaScript) as \u escapes.
  package mutating func string(_ string: String) {
    append(UInt8(ascii: "\""))
    var string = string
    string.withUTF8 { utf8 in
      // Room for the whole string at once: a long string's exactly, not doubling past it
      // (a 10 MB text would otherwise hold 16 MB here).
      if count + utf8.count + 2 > storage.count { grow(to: count + utf8.count + 2) }
      var run = 0
      var index = 0
      while index < utf8.count {
        // Eight bytes at a time past those that need no escape (most of a text): the
        // switch below took ~9 instructions a byte.
        if index + 8 <= utf8.count,
          !Self.mayNeedEscape(
            UnsafeRawPointer(utf8.baseAddress! + index).loadUnaligned(as: UInt64.self))
        {
          index += 8
          continue
        }
        let byte = utf8[index]
        let escape: StaticString
        switch byte {
        case UInt8(ascii: "\""): escape = "\\\""
        case UInt8(ascii: "\\"): escape = "\\\\"
        case UInt8(ascii: "\n"): escape = "\\n"
        case UInt8(ascii: "\r"): escape = "\\r"
        case UInt8(ascii: "\t"): escape = "\\t"
        case 0..<0x20: escape = ""
        case 0xE2
        where index + 2 < utf8.count && utf8[index + 1] == 0x80
          && (utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9):
          escape = ""
        default:
          index += 1
          continue
        }
        append(UnsafeBufferPointer(rebasing: utf8[run..<index]))
        if escape.utf8CodeUnitCount > 0 {
          raw(escape)
        } else if byte < 0x20 {
          appendEscape(UInt32(byte))
        } else {
          appendEscape(utf8[index + 2] == 0xA8 ? 0x2028 : 0x2029)
          index += 2
        }
        index += 1
        run = index
      }
      append(UnsafeBufferPointer(rebasing: utf8[run..<utf8.count]))
    }
    append(UInt8(ascii: "\""))
  }

  /// The bytes `string(_:)` writes for `string`, quotes left out: a control character is
  /// six (`\u0001`), a quote, backslash, newline, return or tab two, U+2028 and U+2029
  /// six. For estimating a response's size before writing it.
  static func escapedByteCount(_ string: String) -> Int {
    var string = string
    return string.withUTF8 { utf8 in
      var total = utf8.count
      var index = 0
      while index < utf8.count {
        if index + 8 <= utf8.count,
          !mayNeedEscape(UnsafeRawPointer(utf8.baseAddress! + index).loadUnaligned(as: UInt64.self))
        {
          index += 8
          continue
        }
        switch utf8[index] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "\n"), UInt8(ascii: "\r"),
          UInt8(ascii: "\t"):
          total += 1
        case 0..<0x20: total += 5
        case 0xE2
        where index + 2 < utf8.count && utf8[index + 1] == 0x80
          && (utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9):
          total += 3
          index += 2
        default: break
        }
        index += 1
      }
      return total
    }
  }

  /// Whether any of the eight bytes of `word` is a control character, a quote, a backslash
  /// or 0xE2 (which starts U+2028 and U+2029): the bytes `string` escapes or looks at.
  /// (Exact tests from "Bit Twiddling Hacks": a byte below n, for n <= 128, sets its top
  /// bit in (word − n·0x01…) & ~word & 0x80…; a byte equal to c is a zero byte of
  /// word ^ c·0x01….)
  @inline(__always)
  private static func mayNeedEscape(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let tops: UInt64 = 0x8080_8080_8080_8080
    func hasZero(_ word: UInt64) -> Bool { (word &- ones) & ~word & tops != 0 }
    let control = (word &- ones &* 0x20) & ~word & tops != 0
    return control || hasZero(word ^ (ones &* 0x22)) || hasZero(word ^ (ones &* 0x5C))
      || hasZero(word ^ (ones &* 0xE2))
  }

  private mutating func appendEscape(_ value: UInt32) {
    let hex = String(value, radix: 16, uppercase: true)
    var escape = "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    escape.withUTF8 { append($0) }
  }
}
