/// The strict JSON parser behind `JSONValue(parsing:)`.
package struct JSONParser {
  let bytes: [UInt8]
  var position = 0
  var depth = 0
  static let maximumDepth = 512

  package init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  package mutating func parseDocument() throws(LayoutError) -> JSONValue {
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }  // a UTF-8 byte-order mark
    skipWhitespace()
    let value = try parseValue()
    skipWhitespace()
    guard position == bytes.count else { throw error("unexpected text after the JSON value") }
    return value
  }

  func error(_ message: String) -> LayoutError {
    var line = 1
    var column = 1
    for byte in bytes[..<min(position, bytes.count)] {
      if byte == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    return LayoutError(path: "line \(line), column \(column)", message: "invalid JSON: \(message)")
  }

  mutating func skipWhitespace() {
    while position < bytes.count {
      switch bytes[position] {
      case 0x20, 0x09, 0x0A, 0x0D: position += 1
      default: return
      }
    }
  }

  mutating func parseValue() throws(LayoutError) -> JSONValue {
    guard position < bytes.count else { throw error("unexpected end of input") }
    switch bytes[position] {
    case UInt8(ascii: "{"):
      return try nested { (p: inout JSONParser) throws(LayoutError) in try p.parseObject() }
    case UInt8(ascii: "["):
      return try nested { (p: inout JSONParser) throws(LayoutError) in try p.parseArray() }
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"): return try literal("true", .bool(true))
    case UInt8(ascii: "f"): return try literal("false", .bool(false))
    case UInt8(ascii: "n"): return try literal("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
    default: throw error("unexpected character '\(String(UnicodeScalar(bytes[position])))'")
    }
  }

  mutating func nested(_ body: (inout JSONParser) throws(LayoutError) -> JSONValue)
    throws(LayoutError) -> JSONValue
  {
    depth += 1
    defer { depth -= 1 }
    guard depth <= Self.maximumDepth else {
      throw error("nested deeper than \(Self.maximumDepth) levels")
    }
    return try body(&self)
  }

  mutating func literal(_ word: String, _ value: JSONValue) throws(LayoutError) -> JSONValue {
    let expected = Array(word.utf8)
    guard bytes[position...].starts(with: expected) else { throw error("expected '\(word)'") }
    position += expected.count
    return value
  }

  mutating func parseObject() throws(LayoutError) -> JSONValue {
    position += 1
    var members: [(key: String, value: JSONValue)] = []
    var seen: Set<String>?
    skipWhitespace()
    if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
      position += 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
        throw error("expected a key in quotes")
      }
      let key = try parseString()
      guard !Self.isDuplicate(key, in: members, seen: &seen) else {
        throw error("duplicate key '\(key)'")
      }
      skipWhitespace()
      guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
        throw error("expected ':' after key '\(key)'")
      }
      position += 1
      skipWhitespace()
      members.append((key, try parseValue()))
      skipWhitespace()
      guard position < bytes.count else { throw error("unexpected end of input in an object") }
      if bytes[position] == UInt8(ascii: ",") {
        position += 1
        continue
      }
      guard bytes[position] == UInt8(ascii: "}") else { throw error("expected ',' or '}'") }
      position += 1
      return .object(members)
    }
  }

  /// Whether `key` is already one of `members`: a scan while the object has few keys (most
  /// do, and a set costs more to make than a few comparisons), a set of its keys made once it
  /// has 8, so that an object of 100,000 keys is still read in linear time.
  static func isDuplicate(
    _ key: String, in members: [(key: String, value: JSONValue)], seen: inout Set<String>?
  ) -> Bool {
    if members.count < 8, seen == nil { return members.contains { $0.key == key } }
    if seen == nil { seen = Set(members.map(\.key)) }
    return seen?.insert(key).inserted == false
  }

  mutating func parseArray() throws(LayoutError) -> JSONValue {
    position += 1
    var values: [JSONValue] = []
    skipWhitespace()
    if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
      position += 1
      return .array(values)
    }
    while true {
      skipWhitespace()
      values.append(try parseValue())
      skipWhitespace()
      guard position < bytes.count else { throw error("unexpected end of input in an array") }
      if bytes[position] == UInt8(ascii: ",") {
        position += 1
        continue
      }
      guard bytes[position] == UInt8(ascii: "]") else { throw error("expected ',' or ']'") }
      position += 1
      return .array(values)
    }
  }

  mutating func parseNumber() throws(LayoutError) -> Double {
    let start = position
    func digits() -> Int {
      let begin = position
      while position < bytes.count,
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position])
      {
        position += 1
      }
      return position - begin
    }
    if bytes[position] == UInt8(ascii: "-") { position += 1 }
    let integerStart = position
    let integerDigits = digits()
    guard integerDigits > 0 else { throw error("expected digits in a number") }
    if integerDigits > 1, bytes[integerStart] == UInt8(ascii: "0") {
      throw error("numbers do not start with 0")
    }
    if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
      position += 1
      guard digits() > 0 else { throw error("expected digits after '.'") }
    }
    if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
      position += 1
      if position < bytes.count,
        bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-")
      {
        position += 1
      }
      guard digits() > 0 else { throw error("expected digits in the exponent") }
    }
    if let value = fastNumber(bytes[start..<position]) { return value }
    let text = String(decoding: bytes[start..<position], as: UTF8.self)
    guard let value = Double(text), value.isFinite else {
      throw error("number \(text) is out of range")
    }
    // A literal with a nonzero digit that reads as 0 ("1e-400") would be said as "0" by
    // every later message: refuse it here, as written.
    if value == 0,
      bytes[start..<position].prefix(while: { $0 | 0x20 != UInt8(ascii: "e") }).contains(where: {
        (UInt8(ascii: "1")...UInt8(ascii: "9")).contains($0)
      })
    {
      throw error("number \(text) is out of range (too small to tell from 0)")
    }
    return value
  }

  /// Exact powers of ten: every one up to 10^22 is a Double.
  static let powersOfTen: [Double] = (0...22).map {
    (0..<$0).reduce(1.0) { value, _ in value * 10 }
  }

  /// A number of at most 15 digits without an exponent ("-12.375", "120"), already checked
  /// as JSON, read without `strtod`: its digits as an integer (below 10^15, so exact as a
  /// Double) divided by a power of ten (exact): one correctly rounded operation, the value
  /// `Double(_:)` gives (Clinger's fast path). Otherwise nil.
  func fastNumber(_ text: ArraySlice<UInt8>) -> Double? {
    var mantissa: UInt64 = 0
    var digits = 0
    var fraction = -1
    var negative = false
    for byte in text {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        mantissa = mantissa &* 10 &+ UInt64(byte &- UInt8(ascii: "0"))
        digits += 1
        if fraction >= 0 { fraction += 1 }
      case UInt8(ascii: "."): fraction = 0
      case UInt8(ascii: "-"): negative = true
      default: return nil  // an exponent
      }
    }
    guard digits <= 15 else { return nil }
    let value = Double(mantissa) / Self.powersOfTen[max(fraction, 0)]
    return negative ? -value : value
  }

  mutating func parseString() throws(LayoutError) -> String {
    position += 1
    let start = position
    // Most strings have no escape: their bytes are validated once, where they stand.
    while position < bytes.count {
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") {
        let string = try validated(bytes[start..<position])
        position += 1
        return string
      }
      if byte == UInt8(ascii: "\\") { break }
      if byte < 0x20 { throw error("a control character in a string (escape it)") }
      position += 1
    }
    // With escapes: the string's UTF-8 is gathered, escapes decoded, then validated once.
    var utf8 = Array(bytes[start..<position])
    while position < bytes.count {
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") {
        let string = try validated(utf8[...])
        position += 1
        return string
      }
      if byte < 0x20 { throw error("a control character in a string (escape it)") }
      position += 1
      guard byte == UInt8(ascii: "\\") else {
        utf8.append(byte)
        continue
      }
      guard position < bytes.count else { break }
      let escape = bytes[position]
      position += 1
      let scalar: Unicode.Scalar
      switch escape {
      case UInt8(ascii: "\""): scalar = "\""
      case UInt8(ascii: "\\"): scalar = "\\"
      case UInt8(ascii: "/"): scalar = "/"
      case UInt8(ascii: "b"): scalar = "\u{08}"
      case UInt8(ascii: "f"): scalar = "\u{0C}"
      case UInt8(ascii: "n"): scalar = "\n"
      case UInt8(ascii: "r"): scalar = "\r"
      case UInt8(ascii: "t"): scalar = "\t"
      case UInt8(ascii: "u"): scalar = try parseUnicodeEscape()
      default: throw error("unknown escape '\\\(String(UnicodeScalar(escape)))'")
      }
      UTF8.encode(scalar) { utf8.append($0) }
    }
    throw error("unterminated string")
  }

  func validated(_ utf8: ArraySlice<UInt8>) throws(LayoutError) -> String {
    guard let string = String(validating: utf8, as: UTF8.self) else {
      throw error("a string is not valid UTF-8")
    }
    return string
  }

  /// Exactly four hex digits (no sign, no space: `UInt32(_:radix:)` would take "+041").
  mutating func hex4() throws(LayoutError) -> UInt32 {
    guard position + 4 <= bytes.count else { throw error("expected 4 hex digits after \\u") }
    var value: UInt32 = 0
    for byte in bytes[position..<position + 4] {
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw error("expected 4 hex digits after \\u")
      }
      value = value << 4 | UInt32(digit)
    }
    position += 4
    return value
  }

  mutating func parseUnicodeEscape() throws(LayoutError) -> Unicode.Scalar {
    let first = try hex4()
    if (0xD800..<0xDC00).contains(first) {
      guard bytes[position...].starts(with: Array("\\u".utf8)) else {
        throw error("a high surrogate without its low surrogate")
      }
      position += 2
      let second = try hex4()
      guard (0xDC00..<0xE000).contains(second) else { throw error("an invalid surrogate pair") }
      return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))!
    }
    guard let scalar = Unicode.Scalar(first) else { throw error("a lone low surrogate") }
    return scalar
  }
}
