/// Shaped words, shared by every preparation of one `FontLibrary`.
///
/// Problem: prose repeats its words ("the", "and", names), and shaping is the largest part
/// of preparing a paragraph. Solution (as browsers' word caches): where a face's space
/// glyph takes part in no OpenType lookup (`Font.spaceIsInert`), shaping cannot reach
/// across a space, so a word with its trailing spaces shapes the same alone as in the
/// paragraph; such words are shaped alone and kept by (face, script, direction, language,
/// features, scalars). So are the words of a run holding none of the scalars that can wake
/// the lookups a face's space is only context in (`SpaceWakers`, `Shaper.shapesByWord`). Inertness looks at every lookup of the face, enabled or not, so it
/// holds whatever features are turned on; features limited to a range of the text shape
/// the whole run instead (the range is in the paragraph's offsets). A varied instance of a
/// face is a face of its own (its own serial), so variations are in the key too. The
/// advances are kept in font units (shaping happens at units-per-em scale, unhinted), so
/// the font size is not part of the key: it scales the result after.
/// Bound: `byteLimit` bytes, unused entries first out (second chance, `LRUCache`).
final class ShapeCache: Sendable {
  /// Words longer than this are shaped alone but not kept: they rarely repeat.
  static let longestWord = 48

  let cache: LRUCache<ShapeKey, ShapedPiece>

  init(byteLimit: Int) {
    cache = LRUCache(byteLimit: byteLimit)
  }

  var isEnabled: Bool { cache.byteLimit > 0 }
}

/// The shaping of a stretch of scalars, per scalar: the advance in font units of the
/// cluster starting there (0 for the cluster's other scalars), whether a HarfBuzz cluster
/// starts there, whether breaking before it is unsafe, and whether the cluster holds a
/// `.notdef` glyph. Packed as `advance << 3 | missing << 2 | unsafe << 1 | clusterStart`
/// in one array (one allocation per word).
struct ShapedPiece: Sendable {
  let packed: [Int64]
  /// Whether every scalar starts a cluster with a glyph of its own and none is unsafe to
  /// break before or a line separator: what a fresh `ShapedText` already says of every
  /// offset, so storing the piece writes its advances alone (`ShapedText.storeWord`).
  /// Found once, when the word is shaped, rather than per scalar of every store.
  let isPlain: Bool
  /// Whether no scalar has a `.notdef` glyph or is a line separator: storing the piece then
  /// writes its advances and sets only the flags that differ from a fresh `ShapedText`'s
  /// (a ligature's later scalars, a kerned pair's unsafe offset), without the per-scalar
  /// questions of the general store. `isPlain` implies it.
  let isClean: Bool

  static func pack(
    advance: Int64, clusterStart: Bool, unsafeBefore: Bool, missingGlyph: Bool = false
  ) -> Int64 {
    advance << 3 | (missingGlyph ? 4 : 0) | (unsafeBefore ? 2 : 0) | (clusterStart ? 1 : 0)
  }

  static func advance(_ value: Int64) -> Int64 { value >> 3 }
  static func clusterStart(_ value: Int64) -> Bool { value & 1 != 0 }
  static func unsafeBefore(_ value: Int64) -> Bool { value & 2 != 0 }
  static func missingGlyph(_ value: Int64) -> Bool { value & 4 != 0 }
  /// Whether `value` is a cluster start that is safe to break before and has a glyph.
  static func isPlainCluster(_ value: Int64) -> Bool { value & 7 == 1 }

  /// `value` with its flags replaced.
  static func with(_ value: Int64, clusterStart: Bool, unsafeBefore: Bool) -> Int64 {
    pack(
      advance: advance(value), clusterStart: clusterStart, unsafeBefore: unsafeBefore,
      missingGlyph: missingGlyph(value))
  }
}
