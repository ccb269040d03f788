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
}
