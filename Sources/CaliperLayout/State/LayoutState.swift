/// Named values that observations write and frames, paddings and conditions read.
///
/// A state value is a number or a Boolean. A key that no observation has written yet reads
/// as missing: arithmetic on it is missing too, a frame dimension that is missing is
/// unspecified (the frame takes its child's size), and a condition on it is false.
public enum StateValue: Sendable, Hashable, CustomStringConvertible {
  case number(Double)
  case bool(Bool)

  public var description: String {
    switch self {
    case .number(let value): return formatNumber(value)
    case .bool(let value): return value ? "true" : "false"
    }
  }

  /// Equal, with numbers compared to within 1e-6 (sums of advances carry rounding error).
  func settles(with other: StateValue?) -> Bool {
    switch (self, other) {
    case (.number(let a), .number(let b)?): return a == b || abs(a - b) <= 1e-6
    case (.bool(let a), .bool(let b)?): return a == b
    default: return false
    }
  }
}

/// The state a layout is evaluated in.
///
/// ```swift
/// let state: LayoutState = ["isWide": .bool(false)]
/// ```
public struct LayoutState: Sendable, Hashable, ExpressibleByDictionaryLiteral {
  public var values: [String: StateValue]

  public init(_ values: [String: StateValue] = [:]) {
    self.values = values
  }

  public init(dictionaryLiteral elements: (String, StateValue)...) {
    self.init(Dictionary(elements, uniquingKeysWith: { $1 }))
  }

  public subscript(key: String) -> StateValue? {
    get { values[key] }
    set { values[key] = newValue }
  }

  /// Whether every key has the same value in both (numbers within 1e-6).
  func settles(with other: LayoutState) -> Bool {
    let keys = Set(values.keys).union(other.values.keys)
    return keys.allSatisfy { key in
      guard let value = values[key] else { return other.values[key] == nil }
      return value.settles(with: other.values[key])
    }
  }
}
