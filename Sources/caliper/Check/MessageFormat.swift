/// ICU MessageFormat's plural and select arguments, expanded into one text per branch.
///
/// `{count, plural, =0{No files} one{# file} other{# files}}` is three strings, keyed
/// `:=0`, `:one` and `:other`, with `#` written `{count}` so that the placeholder rules give
/// it the argument's sample. Branches nest (`:other:female`); at most `maximumVariants`
/// texts come from one message, the rest are left out. Simple arguments (`{name}`,
/// `{n, number}`) stay as `{name}`. Quoting follows ICU's apostrophe mode in its common use:
/// `''` is one apostrophe, and `'{…}'` is literal text.
enum MessageFormat {
  static let maximumVariants = 64

  struct Variant: Equatable {
    var suffix: String
    var text: String
    /// The arguments of plural branches, whose placeholders take a number.
    var plurals: Set<String> = []
  }

  static func variants(_ message: String) -> [Variant] {
    variants(Array(message.unicodeScalars)[...])
  }

  static func variants(_ scalars: ArraySlice<Unicode.Scalar>) -> [Variant] {
    var results = [Variant(suffix: "", text: "")]
    var index = scalars.startIndex
    func append(_ text: String) {
      for i in results.indices { results[i].text += text }
    }
    while index < scalars.endIndex {
      let scalar = scalars[index]
      if scalar == "'" {
        let next = scalars.index(after: index)
        if next < scalars.endIndex, scalars[next] == "'" {
          append("'")
          index = scalars.index(after: next)
          continue
        }
        if next < scalars.endIndex, scalars[next] == "{" || scalars[next] == "}" {
          // Literal text up to the next apostrophe.
          var end = next
          var literal = ""
          while end < scalars.endIndex, scalars[end] != "'" {
            literal.unicodeScalars.append(scalars[end])
            end += 1
          }
          append(literal)
          index = min(scalars.endIndex, end + 1)
          continue
        }
        append("'")
        index = next
        continue
      }
      guard scalar == "{", let close = matching(scalars, from: index) else {
        append(String(scalar))
        index += 1
        continue
      }
      let inner = scalars[(index + 1)..<close]
      index = close + 1
      let parts = splitTwoCommas(inner)
      let name = String(String.UnicodeScalarView(parts.name)).trimmingWhitespace
      let kind = parts.kind.map { String(String.UnicodeScalarView($0)).trimmingWhitespace }
      guard let kind, ["plural", "select", "selectordinal"].contains(kind), let rest = parts.rest
      else {
        append("{\(name)}")
        continue
      }
      var expanded: [Variant] = []
      for (selector, branch) in branches(rest) {
        let text = String(String.UnicodeScalarView(branch))
        let body = kind == "select" ? text : replacingHash(text, with: "{\(name)}")
        for inner in variants(Array(body.unicodeScalars)[...]) {
          for result in results where expanded.count < maximumVariants {
            expanded.append(
              Variant(
                suffix: result.suffix + ":" + selector + inner.suffix,
                text: result.text + inner.text,
                plurals: result.plurals.union(inner.plurals).union(kind == "select" ? [] : [name])))
          }
        }
      }
      if !expanded.isEmpty { results = expanded }
    }
    return results
  }

  /// The index of the `}` that closes the `{` at `open`.
  static func matching(_ scalars: ArraySlice<Unicode.Scalar>, from open: Int) -> Int? {
    var depth = 0
    for index in open..<scalars.endIndex {
      if scalars[index] == "{" { depth += 1 }
      if scalars[index] == "}" {
        depth -= 1
        if depth == 0 { return index }
      }
    }
    return nil
  }

  static func splitTwoCommas(_ inner: ArraySlice<Unicode.Scalar>) -> (
    name: ArraySlice<Unicode.Scalar>, kind: ArraySlice<Unicode.Scalar>?,
    rest: ArraySlice<Unicode.Scalar>?
  ) {
    guard let first = inner.firstIndex(of: ",") else { return (inner, nil, nil) }
    let afterFirst = inner[(first + 1)...]
    guard let second = afterFirst.firstIndex(of: ",") else {
      return (inner[..<first], afterFirst, nil)
    }
    return (inner[..<first], inner[(first + 1)..<second], inner[(second + 1)...])
  }

  /// `one{…} other{…}` → [("one", …), ("other", …)]; `offset:1` is skipped.
  static func branches(_ rest: ArraySlice<Unicode.Scalar>) -> [(String, ArraySlice<Unicode.Scalar>)]
  {
    var result: [(String, ArraySlice<Unicode.Scalar>)] = []
    var index = rest.startIndex
    var selector = ""
    while index < rest.endIndex {
      let scalar = rest[index]
      if scalar == "{", let close = matching(rest, from: index) {
        let name = selector.trimmingWhitespace
        if !name.isEmpty { result.append((name, rest[(index + 1)..<close])) }
        selector = ""
        index = close + 1
        continue
      }
      if scalar == " " || scalar == "\n" || scalar == "\t" {
        if selector.hasPrefix("offset:") { selector = "" }
      }
      selector.unicodeScalars.append(scalar)
      index += 1
    }
    return result
  }

  /// `#` outside nested arguments as `replacement`.
  static func replacingHash(_ text: String, with replacement: String) -> String {
    var result = ""
    var depth = 0
    for scalar in text.unicodeScalars {
      if scalar == "{" { depth += 1 }
      if scalar == "}" { depth -= 1 }
      if scalar == "#", depth == 0 {
        result += replacement
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}

extension String {
  /// Without leading and trailing spaces, tabs and newlines.
  var trimmingWhitespace: String {
    var slice = self[...]
    while let first = slice.first, first.isWhitespace { slice.removeFirst() }
    while let last = slice.last, last.isWhitespace { slice.removeLast() }
    return String(slice)
  }
}
