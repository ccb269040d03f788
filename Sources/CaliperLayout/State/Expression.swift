/// An expression over layout state, evaluated afresh in every layout pass.
///
/// Frames and paddings take numeric expressions (`.state("badgeWidth") + 16`), conditional
/// children take Boolean ones (`.state("isWide")`), and observations take expressions over
/// the observed view's `.width` and `.height` (`.width > 200`). The same expressions are
/// written as text in the JSON layout description (`"state.badgeWidth + 16"`, parsed by
/// `Expression(parsing:)`).
public indirect enum Expression: Sendable, Hashable, CustomStringConvertible {
  case number(Double)
  case bool(Bool)
  /// A named state value.
  case state(String)
  /// The observed view's width (observations only).
  case width
  /// The observed view's height (observations only).
  case height
  /// A guide of the view whose alignment guide is computed (`firstTextBaseline`,
  /// `guide.valueEdge`; alignment guides only).
  case guide(String)
  case negate(Expression)
  case not(Expression)
  case binary(BinaryOperator, Expression, Expression)
  case minimum(Expression, Expression)
  case maximum(Expression, Expression)

  public enum BinaryOperator: String, Sendable, Hashable {
    case add = "+"
    case subtract = "-"
    case multiply = "*"
    case divide = "/"
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
    case equal = "=="
    case notEqual = "!="
    case and = "&&"
    case or = "||"

    var precedence: Int {
      switch self {
      case .or: return 1
      case .and: return 2
      case .equal, .notEqual: return 3
      case .less, .lessOrEqual, .greater, .greaterOrEqual: return 4
      case .add, .subtract: return 5
      case .multiply, .divide: return 6
      }
    }
  }

  /// The state keys the expression reads.
  public var stateKeys: Set<String> {
    switch self {
    case .number, .bool, .width, .height, .guide: return []
    case .state(let key): return [key]
    case .negate(let operand), .not(let operand): return operand.stateKeys
    case .binary(_, let lhs, let rhs), .minimum(let lhs, let rhs), .maximum(let lhs, let rhs):
      return lhs.stateKeys.union(rhs.stateKeys)
    }
  }

  /// Whether the expression reads the observed view's geometry.
  var readsGeometry: Bool {
    switch self {
    case .width, .height, .guide: return true
    case .number, .bool, .state: return false
    case .negate(let operand), .not(let operand): return operand.readsGeometry
    case .binary(_, let lhs, let rhs), .minimum(let lhs, let rhs), .maximum(let lhs, let rhs):
      return lhs.readsGeometry || rhs.readsGeometry
    }
  }

  /// The value in `state`, with `geometry` as the observed size; `nil` when it reads a
  /// missing key.
  public func evaluate(in state: LayoutState, geometry: Size? = nil) -> StateValue? {
    switch self {
    case .number(let value): return .number(value)
    case .bool(let value): return .bool(value)
    case .state(let key): return state[key]
    case .width: return geometry.map { .number($0.width) }
    case .height: return geometry.map { .number($0.height) }
    case .guide: return nil  // read only through `evaluate(in:)` with view dimensions
    case .negate(let operand):
      guard case .number(let value)? = operand.evaluate(in: state, geometry: geometry) else {
        return nil
      }
      return .number(-value)
    case .not(let operand):
      return .bool(!(operand.evaluate(in: state, geometry: geometry)?.isTrue ?? false))
    case .minimum(let lhs, let rhs), .maximum(let lhs, let rhs):
      guard case .number(let a)? = lhs.evaluate(in: state, geometry: geometry),
        case .number(let b)? = rhs.evaluate(in: state, geometry: geometry)
      else { return nil }
      if case .minimum = self { return .number(min(a, b)) }
      return .number(max(a, b))
    case .binary(let op, let lhs, let rhs):
      return Self.apply(
        op, lhs.evaluate(in: state, geometry: geometry), rhs.evaluate(in: state, geometry: geometry)
      )
    }
  }

  private static func apply(_ op: BinaryOperator, _ lhs: StateValue?, _ rhs: StateValue?)
    -> StateValue?
  {
    switch op {
    case .and: return .bool((lhs?.isTrue ?? false) && (rhs?.isTrue ?? false))
    case .or: return .bool((lhs?.isTrue ?? false) || (rhs?.isTrue ?? false))
    case .equal: return .bool(lhs.map { $0.settles(with: rhs) } ?? (rhs == nil))
    case .notEqual: return .bool(!(lhs.map { $0.settles(with: rhs) } ?? (rhs == nil)))
    default: break
    }
    guard case .number(let a)? = lhs, case .number(let b)? = rhs else {
      // A comparison with a missing value is false; arithmetic with one is missing.
      return [.less, .lessOrEqual, .greater, .greaterOrEqual].contains(op) ? .bool(false) : nil
    }
    switch op {
    case .add: return .number(a + b)
    case .subtract: return .number(a - b)
    case .multiply: return .number(a * b)
    case .divide: return .number(a / b)
    case .less: return .bool(a < b)
    case .lessOrEqual: return .bool(a <= b)
    case .greater: return .bool(a > b)
    case .greaterOrEqual: return .bool(a >= b)
    case .and, .or, .equal, .notEqual: return nil
    }
  }

  public var description: String { text(parentPrecedence: 0) }

  private func text(parentPrecedence: Int) -> String {
    switch self {
    case .number(let value): return formatNumber(value)
    case .bool(let value): return value ? "true" : "false"
    case .state(let key): return "state." + key
    case .width: return "width"
    case .height: return "height"
    case .guide(let name): return Self.builtInGuides.contains(name) ? name : "guide." + name
    case .negate(let operand): return "-" + operand.text(parentPrecedence: 7)
    case .not(let operand): return "!" + operand.text(parentPrecedence: 7)
    case .minimum(let lhs, let rhs): return "min(\(lhs), \(rhs))"
    case .maximum(let lhs, let rhs): return "max(\(lhs), \(rhs))"
    case .binary(let op, let lhs, let rhs):
      let body =
        "\(lhs.text(parentPrecedence: op.precedence)) \(op.rawValue) "
        + rhs.text(parentPrecedence: op.precedence + 1)
      return op.precedence < parentPrecedence ? "(\(body))" : body
    }
  }

  public static func + (lhs: Expression, rhs: Expression) -> Expression {
    .binary(.add, lhs, rhs)
  }
  public static func + (lhs: Expression, rhs: Double) -> Expression { lhs + .number(rhs) }
  public static func - (lhs: Expression, rhs: Expression) -> Expression {
    .binary(.subtract, lhs, rhs)
  }
  public static func - (lhs: Expression, rhs: Double) -> Expression { lhs - .number(rhs) }
  public static func * (lhs: Expression, rhs: Double) -> Expression {
    .binary(.multiply, lhs, .number(rhs))
  }
  public static func > (lhs: Expression, rhs: Double) -> Expression {
    .binary(.greater, lhs, .number(rhs))
  }
  public static func >= (lhs: Expression, rhs: Double) -> Expression {
    .binary(.greaterOrEqual, lhs, .number(rhs))
  }
  public static func < (lhs: Expression, rhs: Double) -> Expression {
    .binary(.less, lhs, .number(rhs))
  }
  public static func <= (lhs: Expression, rhs: Double) -> Expression {
    .binary(.lessOrEqual, lhs, .number(rhs))
  }
  public static prefix func ! (operand: Expression) -> Expression { .not(operand) }
}

extension StateValue {
  var isTrue: Bool {
    switch self {
    case .bool(let value): return value
    case .number(let value): return value != 0 && !value.isNaN
    }
  }
}
