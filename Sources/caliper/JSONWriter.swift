import Caliper

/// Writes JSON text with keys in the order given (stable, documented key names).
///
/// Problem: the bulk job (`measure --input … --json`) spent half its instructions building
/// `Value` trees, encoding them to `String`s and cutting those strings again with
/// `dropLast` (a walk over every character of the text). Solution: the text is built as
/// UTF-8 bytes in one buffer; hot writers (`MeasurementJSON`) append members with
/// `raw`, `string`, `number` and `integer` directly, others encode a `Value`. Escaping walks
/// a string's UTF-8 once and copies runs of bytes that need no escape whole.
struct JSONWriter {
  private(set) var bytes: [UInt8] = []

  var text: String { String(decoding: bytes, as: UTF8.self) }

  /// How many bytes are written.
  var count: Int { bytes.count }

  enum Value {
    case string(String)
    case number(Double)
    case integer(Int)
    case bool(Bool)
    case null
    case array([Value])
    case object([(String, Value)])
  }

  static func encode(_ value: Value) -> String {
    var writer = JSONWriter()
    writer.write(value)
    return writer.text
  }

  /// Empties the buffer, keeping its room for what comes next.
  mutating func removeAll() {
    bytes.removeAll(keepingCapacity: true)
  }

  mutating func write(_ value: Value) {
    switch value {
    case .string(let string): self.string(string)
    case .number(let number): self.number(number)
    case .integer(let integer): self.integer(integer)
    case .bool(let bool): self.bool(bool)
    case .null: raw("null")
    case .array(let values):
      bytes.append(UInt8(ascii: "["))
      for (index, element) in values.enumerated() {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        write(element)
      }
      bytes.append(UInt8(ascii: "]"))
    case .object(let pairs):
      bytes.append(UInt8(ascii: "{"))
      members(pairs)
      bytes.append(UInt8(ascii: "}"))
    }
  }

  /// An object's members without its braces, comma-separated.
  mutating func members(_ pairs: [(String, Value)]) {
    for (index, (key, element)) in pairs.enumerated() {
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      string(key)
      bytes.append(UInt8(ascii: ":"))
      write(element)
    }
  }

  /// Text copied as it is: punctuation and keys the caller has already written as JSON.
  mutating func raw(_ text: StaticString) {
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  /// `prefix` (punctuation and a key, as JSON: `,"width":`) and then a value: the
  /// members of the hot writers, one call each.
  /// Returns where the number's text lies in the buffer, for `member(_:repeating:)`.
  @discardableResult
  mutating func member(_ prefix: StaticString, _ value: Double) -> Range<Int> {
    raw(prefix)
    let start = bytes.count
    number(value)
    return start..<bytes.count
  }

  /// `prefix` and the text written at `range` again: a number equal to one written
  /// before, copied rather than formatted a second time.
  mutating func member(_ prefix: StaticString, repeating range: Range<Int>) {
    raw(prefix)
    let start = bytes.count
    bytes.append(contentsOf: repeatElement(0, count: range.count))
    bytes.withUnsafeMutableBufferPointer { buffer in
      for offset in 0..<range.count {
        buffer[start + offset] = buffer[range.lowerBound + offset]
      }
    }
  }

  mutating func member(_ prefix: StaticString, _ value: Int) {
    raw(prefix)
    integer(value)
  }

  mutating func member(_ prefix: StaticString, _ value: Bool) {
    raw(prefix)
    bool(value)
  }

  mutating func member(_ prefix: StaticString, _ value: String) {
    raw(prefix)
    string(value)
  }

  /// A number: whole numbers under 10^15 without a fraction ("12", not "12.0"), others as
  /// Swift's shortest round-trip text. JSON has no NaN or infinity; no measured number is
  /// either, but never emit bad JSON: `null`.
  mutating func number(_ number: Double) {
    guard number.isFinite else { return raw("null") }
    if number == number.rounded() && abs(number) < 1e15 {
      integer(Int(number))
    } else if ShortestDecimal.write(number, to: &bytes) {
      // The same text, found with integers (most measured numbers).
      return
    } else {
      // Swift's shortest round-trip digits (as `String(number)` spells a finite number),
      // handed by `write(to:)` straight to the buffer as ASCII: no String is made (one of
      // over 15 bytes, such as 933.1840000000002, was an allocation each).
      var sink = ASCIISink()
      swap(&sink.bytes, &bytes)
      number.write(to: &sink)
      swap(&sink.bytes, &bytes)
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
  mutating func integer(_ integer: Int) {
    if 0 <= integer, integer < 10 { return bytes.append(UInt8(ascii: "0") + UInt8(integer)) }
    // The digits written in place, last first, as `String(integer)` spells them (no String
    // made: a number is most of the bulk job's output).
    if integer < 0 { bytes.append(UInt8(ascii: "-")) }
    var value = integer.magnitude
    var digits = 1
    var rest = value / 10
    while rest > 0 {
      digits += 1
      rest /= 10
    }
    bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: digits))
    var index = bytes.count
    repeat {
      index -= 1
      bytes[index] = UInt8(ascii: "0") + UInt8(value % 10)
      value /= 10
    } while value > 0
  }

  mutating func bool(_ value: Bool) {
    raw(value ? "true" : "false")
  }

  /// A JSON string: quotes, backslashes and control characters escaped, and U+2028 and
  /// U+2029 (which end lines in JavaScript) as \u escapes.
  mutating func string(_ string: String) {
    bytes.append(UInt8(ascii: "\""))
    var string = string
    string.withUTF8 { utf8 in
      // A long string reserves its room once instead of doubling past it (a 10 MB text
      // would otherwise hold 16 MB here).
      if utf8.count > 1 << 12 { bytes.reserveCapacity(bytes.count + utf8.count + 2) }
      var run = 0
      var index = 0
      while index < utf8.count {
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
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run..<index]))
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
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run..<utf8.count]))
    }
    bytes.append(UInt8(ascii: "\""))
  }

  private mutating func appendEscape(_ value: UInt32) {
    let hex = String(value, radix: 16, uppercase: true)
    bytes.append(
      contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
  }
}
