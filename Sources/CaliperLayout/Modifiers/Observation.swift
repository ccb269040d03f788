/// An observation of a view's geometry after layout: SwiftUI's
/// `onGeometryChange(for:of:action:)`, writing the observed value into named state.
///
/// `value` is an expression over the observed view's `.width` and `.height`, numeric
/// (`.width`) or Boolean (`.width > 200`). After every pass the engine evaluates each
/// observation and writes `key`; if the state changed, it lays out again.
struct Observation: Sendable, Hashable {
  public var value: Expression
  public var key: String

  public init(_ value: Expression, into key: String) {
    self.value = value
    self.key = key
  }
}

extension View {
  /// Writes `value` (an expression over this view's `.width` and `.height`) into the
  /// state `key` after every layout pass.
  public func onGeometryChange(of value: Expression, write key: String) -> AnyView {
    AnyView(.observed(Observation(value, into: key), body))
  }
}
