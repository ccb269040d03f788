/// The secret of `--token-file`, checked against `Authorization: Bearer <token>`.
///
/// The comparison takes the same time wherever the first difference is (it depends only
/// on the expected token's length), so timing cannot reveal a prefix of the token.
package struct BearerToken: Sendable {
  private let bytes: [UInt8]

  /// The token: the file's text without surrounding whitespace, at least one byte.
  package init?(fileContents: [UInt8]) {
    let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    guard let first = fileContents.firstIndex(where: { !isSpace($0) }),
      let last = fileContents.lastIndex(where: { !isSpace($0) })
    else { return nil }
    bytes = Array(fileContents[first...last])
  }

  /// Whether an `Authorization` header value carries this token.
  package func accepts(authorization: String?) -> Bool {
    guard let authorization, authorization.utf8.starts(with: "Bearer ".utf8) else {
      return false
    }
    return Self.equal(Array(authorization.utf8.dropFirst(7)), bytes)
  }

  /// Compares in time that depends only on `expected.count`.
  static func equal(_ given: [UInt8], _ expected: [UInt8]) -> Bool {
    var difference: UInt8 = given.count == expected.count ? 0 : 1
    for index in expected.indices {
      difference |= expected[index] ^ (index < given.count ? given[index] : 0)
    }
    return difference == 0
  }
}
