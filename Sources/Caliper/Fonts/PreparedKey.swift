/// The key of a prepared text: the text's UTF-8 bytes (exact scalars), its style and
/// spans, and the library's face generation when it was prepared.
struct PreparedKey: CacheKey {
  let utf8: [UInt8]
  let style: TextStyle
  let generation: UInt64
  let spans: [TextSpan]
  /// The hash of all the above, made once: the cache hashes a key at its lookup, its insert
  /// (twice) and its eviction, and hashing the text and every field of its style each time
  /// cost the bulk job about 3 K instructions a text per hash. `==` still compares every
  /// field.
  private let digest: Int

  init(utf8: [UInt8], style: TextStyle, generation: UInt64, spans: [TextSpan] = []) {
    self.utf8 = utf8
    self.style = style
    self.generation = generation
    self.spans = spans
    var hasher = Hasher()
    utf8.withUnsafeBytes { hasher.combine(bytes: $0) }  // one block, not byte by byte
    hasher.combine(style)
    hasher.combine(generation)
    hasher.combine(spans)
    digest = hasher.finalize()
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(digest)
  }

  static func == (lhs: PreparedKey, rhs: PreparedKey) -> Bool {
    lhs.digest == rhs.digest && lhs.generation == rhs.generation && lhs.utf8 == rhs.utf8
      && lhs.style == rhs.style && lhs.spans == rhs.spans
      && sameFileBytes(lhs.style.fonts, rhs.style.fonts)
      && zip(lhs.spans, rhs.spans).allSatisfy { sameFileBytes($0.fonts ?? [], $1.fonts ?? []) }
  }

  /// Whether fonts that `==` found equal name their files by the same bytes: `String`'s
  /// `==` calls canonically equivalent paths equal (an "é" precomposed or not), and on
  /// Linux those are two files (`FaceKey` compares its paths so too).
  private static func sameFileBytes(_ lhs: [FontReference], _ rhs: [FontReference]) -> Bool {
    zip(lhs, rhs).allSatisfy { pair in
      switch pair {
      case (.file(let one), .file(let other)), (.face(let one, _), .face(let other, _)):
        return one.utf8.elementsEqual(other.utf8)
      default:
        return true
      }
    }
  }
}
