extension PreparedText {
  /// The text of `range`, encoded straight into a new string's UTF-8 storage.
  func substring(_ range: Range<Int>) -> String {
    let scalars = analysis.scalars[range]
    var count = 0
    for scalar in scalars { count += UTF8.width(scalar) }
    return String(unsafeUninitializedCapacity: count) { buffer in
      var offset = 0
      for scalar in scalars {
        let value = scalar.value
        if value < 0x80 {
          buffer[offset] = UInt8(value)
          offset += 1
        } else {
          for unit in UTF8.encode(scalar)! {
            buffer[offset] = unit
            offset += 1
          }
        }
      }
      return offset
    }
  }
}
