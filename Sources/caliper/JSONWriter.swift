/// Writes JSON text with keys in the order given (stable, documented key names).
///
/// The text is built as UTF-8 bytes: escaping walks the string's UTF-8 once, and runs of
/// bytes that need no escape are copied whole.
struct JSONWriter {
  private var bytes: [UInt8] = []

  var text: String { String(decoding: bytes, as: UTF8.self) }

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

  private mutating func write(_ value: Value) {
    switch value {
    case .string(let string): writeString(string)
    case .number(let number):
      // JSON has no NaN or infinity; no measured number is either, but never emit bad JSON.
      guard number.isFinite else { return append("null") }
      append(
        number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number))
    case .integer(let integer): append(String(integer))
    case .bool(let bool): append(bool ? "true" : "false")
    case .null: append("null")
    case .array(let values):
      bytes.append(UInt8(ascii: "["))
      for (index, element) in values.enumerated() {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        write(element)
      }
      bytes.append(UInt8(ascii: "]"))
    case .object(let pairs):
      bytes.append(UInt8(ascii: "{"))
      for (index, (key, element)) in pairs.enumerated() {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        writeString(key)
        bytes.append(UInt8(ascii: ":"))
        write(element)
      }
      bytes.append(UInt8(ascii: "}"))
    }
  }

  private mutating func append(_ string: String) {
    bytes.append(contentsOf: string.utf8)
  }

  /// A JSON string: quotes, backslashes and control characters escaped, and U+2028 and
  /// U+2029 (which end lines in JavaScript) as \u escapes.
  private mutating func writeString(_ string: String) {
    bytes.append(UInt8(ascii: "\""))
    var string = string
    string.withUTF8 { utf8 in
      // A long string reserves its room once instead of doubling past it (a 10 MB text
      // would otherwise hold 16 MB here).
      if utf8.count > 1 << 12 { bytes.reserveCapacity(bytes.count + utf8.count + 2) }
      var index = 0
      while index < utf8.count {
        let byte = utf8[index]
        switch byte {
        case UInt8(ascii: "\""): append("\\\"")
        case UInt8(ascii: "\\"): append("\\\\")
        case UInt8(ascii: "\n"): append("\\n")
        case UInt8(ascii: "\r"): append("\\r")
        case UInt8(ascii: "\t"): append("\\t")
        case 0..<0x20: appendEscape(UInt32(byte))
        case 0xE2
        where index + 2 < utf8.count && utf8[index + 1] == 0x80
          && (utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9):
          appendEscape(utf8[index + 2] == 0xA8 ? 0x2028 : 0x2029)
          index += 2
        default: bytes.append(byte)
        }
        index += 1
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }

  private mutating func appendEscape(_ value: UInt32) {
    let hex = String(value, radix: 16, uppercase: true)
    append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
  }
}
