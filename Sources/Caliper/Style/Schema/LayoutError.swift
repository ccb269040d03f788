/// A layout description that cannot be laid out: what is wrong, and where (a JSON path
/// such as `$.children[2].modifiers[0].frame.width` for a JSON layout, the chain of views
/// for one built in Swift).
public struct LayoutError: Error, Sendable, Hashable, CustomStringConvertible {
  public var path: String
  public var message: String

  public init(path: String, message: String) {
    self.path = path
    self.message = message
  }

  public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}
