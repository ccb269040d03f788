/// Placeholders replaced by sample values before a string is measured.
///
/// A placeholder is measured as the text a user will see in its place: a constraint's
/// samples for it (by its text, `%1$s`, or its name, `1`, `count`), else the format's own
/// example (`.arb` placeholder `example`, Android `<xliff:g example>`), else a default by
/// kind. Of several samples the widest in the string's style is used.
///
/// | placeholder | name | default sample |
/// |---|---|---|
/// | `%d %i %u %ld %lld %zd %x` (printf integers), `%1$d` | `1` for `%1$d` | `100` |
/// | `%f %.2f %e %g`, `%1$.1f` | | `100.00` |
/// | `%@ %s %1$s %1$@` (objects, strings) | | `Placeholder` |
/// | `%c` | | `W` |
/// | `%(name)s` (Python) | `name` | by its conversion |
/// | `{name}`, `{0}`, ICU `#` | `name` | `Placeholder`; `100` for a plural's `#` |
/// | XLIFF `<x id="n"/>`, `<ph>` without text | `equiv-text`, `disp` or `{n}` | `Placeholder` |
///
/// `%%` is a percent sign.
enum Placeholders {
  static let integerSample = "100"
  static let floatSample = "100.00"
  static let stringSample = "Placeholder"
  static let characterSample = "W"

  /// A placeholder found in a text.
  struct Token: Equatable {
    /// Where it is, in the text's scalars.
    var range: Range<Int>
    /// As written (`%1$s`, `{count}`).
    var text: String
    /// Its name (`1`, `count`), if it has one.
    var name: String?
    /// The sample when nothing else says.
    var fallback: String
  }

  /// The placeholders of `text`, in order.
  static func tokens(_ text: String, pluralArguments: Set<String> = []) -> [Token] {
    // Most strings have no placeholder: one pass over the bytes for the two that start
    // one, before an array of the scalars is made (2.4 k instructions a string).
    guard text.utf8.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "{") })
    else { return [] }
    let scalars = Array(text.unicodeScalars)
    var tokens: [Token] = []
    var index = 0
    while index < scalars.count {
      if scalars[index] == "%", let token = printf(scalars, at: index) {
        tokens.append(token)
        index = token.range.upperBound
      } else if scalars[index] == "{", let token = brace(scalars, at: index, pluralArguments) {
        tokens.append(token)
        index = token.range.upperBound
      } else {
        index += 1
      }
    }
    return tokens
  }

  /// `text` with every placeholder replaced: `choose` picks one of the candidate samples
  /// (the caller measures them); `samples` maps a placeholder's text or name to samples.
  static func substitute(
    _ text: String, samples: [String: [String]], pluralArguments: Set<String> = [],
    choose: ([String]) -> String
  ) -> String {
    let tokens = tokens(text, pluralArguments: pluralArguments)
    guard !tokens.isEmpty else { return text }
    let scalars = Array(text.unicodeScalars)
    var result = String.UnicodeScalarView()
    var position = 0
    for token in tokens {
      result.append(contentsOf: scalars[position..<token.range.lowerBound])
      let candidates =
        samples[token.text] ?? token.name.flatMap { samples[$0] } ?? [token.fallback]
      result.append(
        contentsOf: (candidates.count == 1 ? candidates[0] : choose(candidates)).unicodeScalars)
      position = token.range.upperBound
    }
    result.append(contentsOf: scalars[position...])
    return String(result)
  }

  static let integerConversions: Set<Unicode.Scalar> = ["d", "i", "u", "x", "X", "o"]
  static let floatConversions: Set<Unicode.Scalar> = ["f", "F", "e", "E", "g", "G", "a", "A"]
  static let stringConversions: Set<Unicode.Scalar> = ["s", "S", "@"]
  static let lengthModifiers: Set<Unicode.Scalar> = ["h", "l", "L", "q", "j", "z", "t"]
  static let flags: Set<Unicode.Scalar> = ["-", "+", " ", "#", "0", "'"]

  /// A printf conversion at `start` (`%`): `%[n$][flags][width][.precision][length]conv`,
  /// Python's `%(name)s`, or `%%`.
  static func printf(_ scalars: [Unicode.Scalar], at start: Int) -> Token? {
    var index = start + 1
    guard index < scalars.count else { return nil }
    if scalars[index] == "%" {
      return Token(range: start..<(index + 1), text: "%%", name: nil, fallback: "%")
    }
    var name: String?
    if scalars[index] == "(" {
      guard let close = scalars[index...].firstIndex(of: ")") else { return nil }
      name = String(String.UnicodeScalarView(scalars[(index + 1)..<close]))
      index = close + 1
    } else {
      var digits = ""
      var probe = index
      while probe < scalars.count, ("0"..."9").contains(scalars[probe]) {
        digits.unicodeScalars.append(scalars[probe])
        probe += 1
      }
      if !digits.isEmpty, probe < scalars.count, scalars[probe] == "$" {
        name = digits
        index = probe + 1
      }
    }
    while index < scalars.count, flags.contains(scalars[index]) { index += 1 }
    while index < scalars.count, ("0"..."9").contains(scalars[index]) || scalars[index] == "." {
      index += 1
    }
    while index < scalars.count, lengthModifiers.contains(scalars[index]) { index += 1 }
    guard index < scalars.count else { return nil }
    let conversion = scalars[index]
    let fallback: String
    if integerConversions.contains(conversion) {
      fallback = integerSample
    } else if floatConversions.contains(conversion) {
      fallback = floatSample
    } else if stringConversions.contains(conversion) {
      fallback = stringSample
    } else if conversion == "c" || conversion == "C" {
      fallback = characterSample
    } else {
      return nil
    }
    let range = start..<(index + 1)
    return Token(
      range: range, text: String(String.UnicodeScalarView(scalars[range])), name: name,
      fallback: fallback)
  }

  /// `{name}` at `start`: a name of letters, digits, `_` and `.`.
  static func brace(_ scalars: [Unicode.Scalar], at start: Int, _ plural: Set<String>) -> Token? {
    var index = start + 1
    var name = ""
    while index < scalars.count, scalars[index] != "}" {
      let scalar = scalars[index]
      guard
        scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_"
          || scalar == "."
      else { return nil }
      name.unicodeScalars.append(scalar)
      index += 1
    }
    guard index < scalars.count, !name.isEmpty else { return nil }
    return Token(
      range: start..<(index + 1), text: "{\(name)}", name: name,
      fallback: plural.contains(name) ? integerSample : stringSample)
  }
}
