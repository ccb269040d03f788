/// Writes JSON text with keys in the order given (stable, documented key names).
struct JSONWriter {
  private(set) var text = ""

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
      guard number.isFinite else {
        text += "null"
        return
      }
      text +=
        number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    case .integer(let integer): text += String(integer)
    case .bool(let bool): text += bool ? "true" : "false"
    case .null: text += "null"
    case .array(let values):
      text += "["
      for (index, element) in values.enumerated() {
        if index > 0 { text += "," }
        write(element)
      }
      text += "]"
    case .object(let pairs):
      text += "{"
      for (index, (key, element)) in pairs.enumerated() {
        if index > 0 { text += "," }
        writeString(key)
        text += ":"
        write(element)
      }
      text += "}"
    }
  }

  private mutating func writeString(_ string: String) {
    text += "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": text += "\\\""
      case "\\": text += "\\\\"
      case "\n": text += "\\n"
      case "\r": text += "\\r"
      case "\t": text += "\\t"
      case _ where scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029:
        let hex = String(scalar.value, radix: 16, uppercase: true)
        text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: text.unicodeScalars.append(scalar)
      }
    }
    text += "\""
  }
}
