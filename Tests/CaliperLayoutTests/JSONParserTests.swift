import Testing

@testable import CaliperLayout

/// The strict JSON parser that `serve`, spans files and layout descriptions read with.
/// Expected values are Python's `json.loads` on the same documents (Python 3.11), written
/// beside each case; the errors are RFC 8259's (Python refuses each of them too).
@Suite struct JSONParserTests {
  @Test(arguments: [
    // json.loads('"plain ascii"') == 'plain ascii'
    (#""plain ascii""#, "plain ascii"),
    // json.loads('"héllo 日本"') == 'héllo 日本' (raw UTF-8, no escape)
    (#""héllo 日本""#, "héllo 日本"),
    // json.loads(r'"a\"b\\c\/d\b\f\n\r\t"') == 'a"b\\c/d\x08\x0c\n\r\t'
    (#""a\"b\\c\/d\b\f\n\r\t""#, "a\"b\\c/d\u{08}\u{0C}\n\r\t"),
    // json.loads(r'"\u00e9\ud83d\ude00x"') == 'é😀x' (a surrogate pair is one scalar)
    (#""\u00e9\ud83d\ude00x""#, "é😀x"),
    // json.loads(r'"\n日本\u0041"') == '\n日本A' (raw UTF-8 after an escape, upper and lower hex)
    (#""\n日本\u0041\u00C9""#, "\n日本AÉ"),
    // json.loads('""') == ''
    (#""""#, ""),
  ])
  func strings(_ document: String, _ expected: String) throws {
    #expect(try JSONValue(parsing: document) == .string(expected))
  }

  @Test func stringsInsideObjectsKeepTheirOrderAndEscapes() throws {
    // json.loads(' {"b\\u0041": ["x\\ty", "z"],\r\n\t"a": "\\u00e9"} ')
    //   == {'bA': ['x\ty', 'z'], 'a': 'é'}
    let value = try JSONValue(
      parsing: " {\"b\\u0041\": [\"x\\ty\", \"z\"],\r\n\t\"a\": \"\\u00e9\"} ")
    guard case .object(let members) = value else {
      Issue.record("not an object: \(value)")
      return
    }
    #expect(members.map(\.key) == ["bA", "a"])
    #expect(members[0].value == .array([.string("x\ty"), .string("z")]))
    #expect(members[1].value == .string("é"))
  }

  @Test(arguments: [
    (#""abc"#, "unterminated string"),
    (#""abc\"#, "unterminated string"),
    ("\"a\nb\"", "a control character in a string"),
    (#""\q""#, "unknown escape '\\q'"),
    (#""\u+041""#, "expected 4 hex digits after \\u"),
    (#""\u00 1""#, "expected 4 hex digits after \\u"),
    (#""\u12""#, "expected 4 hex digits after \\u"),
    (#""\ud83d""#, "a high surrogate without its low surrogate"),
    (#""\ud83d\u0041""#, "an invalid surrogate pair"),
    (#""\ude00""#, "a lone low surrogate"),
  ])
  func badStringsAreRefusedSayingWhy(_ document: String, _ reason: String) {
    #expect {
      try JSONValue(parsing: document)
    } throws: { error in
      "\(error)".contains(reason) && "\(error)".hasPrefix("line 1, column")
    }
  }

  /// Numbers of up to 15 digits are read without `strtod`; each must be the Double that
  /// `Double(_:)` (glibc's correctly rounded `strtod`) gives for the same text: every
  /// 1-to-15-digit decimal drawn below, at every position of its point, signed and not.
  /// Numbers a Double cannot hold are refused as written, not read as 0 or infinity
  /// (Python's json.loads reads '1e-400' as 0.0 and '1e999' as inf: stricter on purpose, so
  /// that no later message says "font size 0" of a size given as 1e-400). Zeros stay zeros.
  @Test func numbersPastADoubleAreRefusedAsWritten() throws {
    for (document, reason) in [
      ("1e-400", "number 1e-400 is out of range (too small to tell from 0)"),
      ("-2.5E-999", "number -2.5E-999 is out of range (too small to tell from 0)"),
      ("1e999", "number 1e999 is out of range"),
    ] {
      #expect {
        try JSONValue(parsing: document)
      } throws: { error in
        "\(error)".contains(reason)
      }
    }
    // json.loads('0e-400') == 0.0, json.loads('0.000e5') == 0.0, json.loads('-0') == -0.0
    #expect(try JSONValue(parsing: "0e-400") == .number(0))
    #expect(try JSONValue(parsing: "0.000e5") == .number(0))
    #expect(try JSONValue(parsing: "-0") == .number(0))
  }

  @Test func numbersReadFastAreTheCorrectlyRoundedOnes() throws {
    var generator = SystemRandomNumberGenerator()
    var texts = [
      "0", "-0", "0.1", "0.3", "1.005", "123456789012345", "0.000000000000001",
      "999999999999999", "-99999999999999.9", "4503599627370497", "1e5", "1.5E-3", "-0.0",
    ]
    for _ in 0..<2000 {
      let digits = Int.random(in: 1...16, using: &generator)
      var text = String((0..<digits).map { _ in "0123456789".randomElement(using: &generator)! })
      while text.count > 1, text.first == "0" { text.removeFirst() }
      let point = Int.random(in: 0...text.count, using: &generator)
      if point > 0, point < text.count {
        text.insert(".", at: text.index(text.startIndex, offsetBy: point))
      }
      if Bool.random(using: &generator) { text = "-" + text }
      texts.append(text)
    }
    for text in texts {
      let parsed = try JSONValue(parsing: text)
      let expected = try #require(Double(text))
      #expect(parsed == .number(expected), "\(text)")
      if case .number(let value) = parsed {
        #expect(value.sign == expected.sign, "\(text)")
      }
    }
  }

  /// A repeated key is refused at any size of object: while it is small (a scan of its keys)
  /// and once it has many (a set of them); 100,000 distinct keys are read.
  @Test(arguments: [1, 7, 8, 9, 500]) func duplicateKeysAreRefused(_ keys: Int) {
    let members = (0..<keys).map { "\"k\($0)\": \($0)" }
    for repeated in [0, keys - 1] {
      let document = "{" + (members + ["\"k\(repeated)\": 0"]).joined(separator: ",") + "}"
      #expect {
        try JSONValue(parsing: document)
      } throws: { error in
        "\(error)".contains("duplicate key 'k\(repeated)'")
      }
    }
  }

  @Test func manyDistinctKeysAreRead() throws {
    let document = "{" + (0..<100_000).map { "\"k\($0)\": \($0)" }.joined(separator: ",") + "}"
    guard case .object(let members) = try JSONValue(parsing: document) else {
      Issue.record("not an object")
      return
    }
    #expect(members.count == 100_000)
    #expect(members.last?.key == "k99999")
  }
}
