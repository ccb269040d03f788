/// Parses the text form of an `Expression`: numbers, `inf`, `true`/`false`, `state.name`,
/// `width`, `height`, guides (`firstTextBaseline`, `leading`, …, `guide.name`), `+ - * /`, comparisons, `&& || !`, `min(a, b)`, `max(a, b)` and
/// parentheses, with the usual precedence.
extension Expression {
  /// The most terms (numbers, names and `state.` values) in an expression read from text
  /// (`maxExpressionTerms`). A chain of binary operators makes a tree as deep as it is
  /// long, which evaluating, printing, comparing and freeing walk recursively; a longer one
  /// is refused by `init(parsing:)` with an error naming the limit. Parentheses, `-` and
  /// `!` nest at most 64 deep.
  public static let maxTerms = 1_000

  /// Parses `text`, throwing a message that says where it went wrong.
  ///
  /// - Throws: `LayoutError` for a syntax error, nesting deeper than 64, or more than
  ///   `Expression.maxTerms` terms.
  public init(parsing text: String) throws(LayoutError) {
    var parser = ExpressionParser(scalars: Array(text.unicodeScalars), text: text)
    let expression = try parser.parseBinary(minimumPrecedence: 1)
    parser.skipSpaces()
    guard parser.position == parser.scalars.count else {
      throw parser.error("unexpected '\(parser.rest)'")
    }
    self = expression
  }
}

private struct ExpressionParser {
  let scalars: [Unicode.Scalar]
  let text: String
  var position = 0
  var depth = 0
  /// Terms read so far, against `Expression.maxTerms`.
  var terms = 0

  var rest: String {
    var view = String.UnicodeScalarView()
    view.append(contentsOf: scalars[position...])
    return String(view)
  }

  func error(_ message: String) -> LayoutError {
    // A long expression is quoted by its first 60 characters.
    let quoted = text.unicodeScalars.count <= 60 ? text : String(text.prefix(60)) + "…"
    return LayoutError(path: "", message: "in expression '\(quoted)': \(message)")
  }

  mutating func skipSpaces() {
    while position < scalars.count, scalars[position] == " " || scalars[position] == "\t" {
      position += 1
    }
  }

  mutating func parseBinary(minimumPrecedence: Int) throws(LayoutError) -> Expression {
    var lhs = try parseUnary()
    while true {
      skipSpaces()
      guard let op = peekOperator(), op.precedence >= minimumPrecedence else { return lhs }
      position += op.rawValue.unicodeScalars.count
      let rhs = try parseBinary(minimumPrecedence: op.precedence + 1)
      lhs = .binary(op, lhs, rhs)
    }
  }

  func peekOperator() -> Expression.BinaryOperator? {
    let two = scalars[position..<min(position + 2, scalars.count)].map(String.init).joined()
    for op in ["<=", ">=", "==", "!=", "&&", "||"] where two == op {
      return Expression.BinaryOperator(rawValue: op)
    }
    guard position < scalars.count else { return nil }
    return Expression.BinaryOperator(rawValue: String(scalars[position]))
  }

  mutating func parseUnary() throws(LayoutError) -> Expression {
    skipSpaces()
    depth += 1
    defer { depth -= 1 }
    guard depth < 64 else { throw error("nested too deeply") }
    guard position < scalars.count else { throw error("expected a value at the end") }
    switch scalars[position] {
    case "-":
      position += 1
      return .negate(try parseUnary())
    case "!":
      position += 1
      return .not(try parseUnary())
    case "(":
      position += 1
      let inner = try parseBinary(minimumPrecedence: 1)
      try expect(")")
      return inner
    default: return try parsePrimary()
    }
  }

  mutating func expect(_ scalar: Unicode.Scalar) throws(LayoutError) {
    skipSpaces()
    guard position < scalars.count, scalars[position] == scalar else {
      throw error("expected '\(scalar)'")
    }
    position += 1
  }

  mutating func parsePrimary() throws(LayoutError) -> Expression {
    terms += 1
    guard terms <= Expression.maxTerms else {
      throw error(
        "more than maxExpressionTerms (\(Expression.maxTerms)) terms")
    }
    let start = position
    if scalars[position].properties.numericType != nil || scalars[position] == "." {
      while position < scalars.count,
        scalars[position].properties.numericType != nil
          || "eE.".unicodeScalars.contains(
            scalars[position])
          || ("+-".unicodeScalars.contains(scalars[position])
            && "eE".unicodeScalars.contains(
              scalars[position - 1]))
      {
        position += 1
      }
      let literal = String(String.UnicodeScalarView(scalars[start..<position]))
      guard let value = Double(literal), value.isFinite else {
        throw error("'\(literal)' is not a number")
      }
      return .number(value)
    }
    let word = identifier()
    switch word {
    case "inf", "infinity": return .number(.infinity)
    case "true": return .bool(true)
    case "false": return .bool(false)
    case "width": return .width
    case "height": return .height
    case _ where Expression.builtInGuides.contains(word): return .guide(word)
    case "guide":
      try expect(".")
      let name = identifier()
      guard !name.isEmpty else { throw error("expected a guide name after 'guide.'") }
      return .guide(name)
    case "min", "max":
      try expect("(")
      let lhs = try parseBinary(minimumPrecedence: 1)
      try expect(",")
      let rhs = try parseBinary(minimumPrecedence: 1)
      try expect(")")
      return word == "min" ? .minimum(lhs, rhs) : .maximum(lhs, rhs)
    case "state":
      try expect(".")
      let key = identifier()
      guard !key.isEmpty else { throw error("expected a state name after 'state.'") }
      return .state(key)
    case "": throw error("unexpected '\(rest)'")
    default:
      throw error(
        "unknown name '\(word)' (expected state.<name>, width, height, a guide, min, max)")
    }
  }

  mutating func identifier() -> String {
    let start = position
    while position < scalars.count,
      scalars[position].properties.isAlphabetic || scalars[position] == "_"
        || (position > start && scalars[position].properties.numericType != nil)
    {
      position += 1
    }
    return String(String.UnicodeScalarView(scalars[start..<position]))
  }
}
