/// A colour with straight (not premultiplied) alpha, 8 bits a channel.
public struct Color: Sendable, Hashable {
  public var red: UInt8
  public var green: UInt8
  public var blue: UInt8
  public var alpha: UInt8

  public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// The same colour at `alpha` (0…255).
  public func opacity(_ alpha: UInt8) -> Color {
    Color(red: red, green: green, blue: blue, alpha: alpha)
  }

  public static let white = Color(red: 255, green: 255, blue: 255)
  public static let black = Color(red: 0, green: 0, blue: 0)
}
