#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The key of a face: its file and the axis values it is set to (none: the file's default).
struct FaceKey: CacheKey {
  let path: String
  let variations: [FontVariation]
  /// The styles a synthesized instance draws (`Font.synthesis`); empty for the face itself.
  let synthesis: FontSynthesis
  /// `hash(path:variations:synthesis:)`, found once per key: the library keeps the bundled
  /// faces' keys (`FontLibrary.bundledFont`), which every preparation looks up.
  let cacheHash: Int32

  init(path: String, variations: [FontVariation] = [], synthesis: FontSynthesis = []) {
    self.path = path
    self.variations = variations
    self.synthesis = synthesis
    cacheHash = Self.hash(path: path, variations: variations, synthesis: synthesis)
  }

  /// The face cache's hash without SipHash over the whole path: every prepare looks its
  /// first face up, and hashing a 60-byte path was about 900 instructions of it. The path's
  /// length and last 32 bytes (the file's name, which tells the faces of one folder apart)
  /// by FNV-1a; a varied or synthesized instance's axes and styles through `hashValue`.
  /// Equal keys hash equally; `==` still compares every field.
  private static func hash(
    path: String, variations: [FontVariation], synthesis: FontSynthesis
  ) -> Int32 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(path.utf8.count)
    var path = path
    path.withUTF8 { bytes in
      for byte in bytes.suffix(32) { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    }
    if !variations.isEmpty || !synthesis.isEmpty {
      var hasher = Hasher()
      hasher.combine(variations)
      hasher.combine(synthesis)
      hash ^= UInt64(bitPattern: Int64(hasher.finalize()))
    }
    return Int32(truncatingIfNeeded: hash ^ hash >> 32)
  }

  /// The paths compared by their bytes, as `cacheHash` reads them and the file system names
  /// files: `String`'s `==` calls canonically equivalent paths (an "é" precomposed or not)
  /// equal, and those are two files whose keys hashed apart.
  static func == (lhs: FaceKey, rhs: FaceKey) -> Bool {
    sameBytes(lhs.path, rhs.path) && lhs.variations == rhs.variations
      && lhs.synthesis == rhs.synthesis
  }

  /// Whether `first` and `second` are the same UTF-8 bytes (one `memcmp` for native
  /// strings: every prepare's face lookup compares its key once).
  private static func sameBytes(_ first: String, _ second: String) -> Bool {
    let (one, other) = (first.utf8, second.utf8)
    guard one.count == other.count else { return false }
    let compared = one.withContiguousStorageIfAvailable { one in
      other.withContiguousStorageIfAvailable { other in
        one.isEmpty || memcmp(one.baseAddress!, other.baseAddress!, one.count) == 0
      }
    }
    return (compared ?? nil) ?? one.elementsEqual(other)
  }
}
