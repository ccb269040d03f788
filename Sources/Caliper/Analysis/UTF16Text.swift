/// Analysis: the text as ICU reads it.
///
/// A text as UTF-16, ICU's form: the units, and where a scalar past U+FFFF makes two, the
/// scalar offset of each unit.
struct UTF16Text {
  let units: [UInt16]
  /// scalarAt[u] = scalar offset of UTF-16 offset u (u at a scalar boundary); empty when
  /// no character is past U+FFFF, where every scalar is one unit and the offset is u.
  let scalarAt: [Int32]

  init(_ scalars: [Unicode.Scalar]) {
    var beyond: UInt32 = 0
    // Not for an empty text: the standard library's empty array is one shared object, and
    // `unsafeUninitializedCapacity` stores its count (0) there, a write two threads race on
    // (ThreadSanitizer reports it).
    var units: [UInt16] = []
    if !scalars.isEmpty {
      units = [UInt16](unsafeUninitializedCapacity: scalars.count) { units, initialized in
        scalars.withUnsafeBufferPointer { source in
          for index in source.indices {
            let value = source[index].value
            beyond |= value >> 16
            units[index] = UInt16(truncatingIfNeeded: value)
          }
        }
        initialized = scalars.count
      }
    }
    var scalarAt: [Int32] = []
    if beyond != 0 {
      units = []
      units.reserveCapacity(scalars.count)
      scalarAt.reserveCapacity(scalars.count + 1)
      for (index, scalar) in scalars.enumerated() {
        for unit in UTF16.encode(scalar)! {
          units.append(unit)
          scalarAt.append(Int32(index))
        }
      }
      scalarAt.append(Int32(scalars.count))
    }
    self.units = units
    self.scalarAt = scalarAt
  }

  /// The scalar offset of UTF-16 offset `unit`.
  func scalarOffset(_ unit: Int32) -> Int {
    scalarAt.isEmpty ? Int(unit) : Int(scalarAt[Int(unit)])
  }
}
