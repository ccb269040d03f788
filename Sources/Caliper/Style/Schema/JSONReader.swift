/// A JSON value with its path from the document root, for error messages that say where
/// (`$.root.children[2].modifiers[0].frame.width`).
package struct JSONReader {
  package let value: JSONValue
  package let path: String

  package init(value: JSONValue, path: String) {
    self.value = value
    self.path = path
  }

  package func error(_ message: String) -> LayoutError {
    LayoutError(path: path, message: message)
  }

  /// The schema's error at this value: its path, and the part of the value it is about.
  package func error(_ error: StyleError) -> LayoutError {
    LayoutError(path: path + error.subpath, message: error.message)
  }

  /// Reads this value as the style field `key` into `settings`.
  package func read(_ key: String, into settings: inout StyleSettings) throws(LayoutError) {
    guard let field = StyleSchema.field(key: key) else { return }
    do throws(StyleError) {
      try field.read(value, &settings)
    } catch {
      throw self.error(error)
    }
  }

  package func member(_ key: String) -> JSONReader? {
    value[key].map { JSONReader(value: $0, path: path + "." + key) }
  }

  package func required(_ key: String) throws(LayoutError) -> JSONReader {
    guard let member = member(key) else { throw error("missing field '\(key)'") }
    return member
  }

  /// The members of an object, refusing keys outside `allowed`.
  package func object(allowing allowed: [String]) throws(LayoutError)
    -> [(key: String, value: JSONReader)]
  {
    guard case .object(let members) = value else {
      throw error("expected an object, found \(value.kindDescription)")
    }
    for member in members where !allowed.contains(member.key) {
      throw LayoutError(
        path: path + "." + member.key,
        message:
          "unknown key '\(member.key)' (expected one of: "
          + "\(StyleSchema.listed(allowed).joined(separator: ", ")))"
      )
    }
    return members.map { ($0.key, JSONReader(value: $0.value, path: path + "." + $0.key)) }
  }

  package func array() throws(LayoutError) -> [JSONReader] {
    guard case .array(let values) = value else {
      throw error("expected an array, found \(value.kindDescription)")
    }
    return values.enumerated().map { JSONReader(value: $1, path: path + "[\($0)]") }
  }

  package func string() throws(LayoutError) -> String {
    guard case .string(let string) = value else {
      throw error("expected a string, found \(value.kindDescription)")
    }
    return string
  }

  package func bool() throws(LayoutError) -> Bool {
    guard case .bool(let bool) = value else {
      throw error("expected true or false, found \(value.kindDescription)")
    }
    return bool
  }

  /// A length: a number ≥ 0, or (where `allowInfinity`) "inf"/"infinity".
  package func length(allowInfinity: Bool = false) throws(LayoutError) -> Double {
    switch value {
    case .number(let number) where number >= 0: return number + 0
    case .number(let number):
      throw error("negative size \(formatNumber(number)): sizes are numbers ≥ 0")
    case .string(let text) where allowInfinity && ["inf", "infinity"].contains(text):
      return .infinity
    default:
      throw error(
        "expected a number ≥ 0\(allowInfinity ? " or \"inf\"" : ""), found \(value.kindDescription)"
      )
    }
  }
}
