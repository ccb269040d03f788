/// The memory bounds of a `FontLibrary`'s caches, in bytes (0 turns a cache off), and how
/// often their faces' files are checked.
///
/// ```swift
/// let fonts = try FontLibrary.bundled(limits: CacheLimits(preparedBytes: 0))  // no reuse
/// print(fonts.cacheStatistics)
/// ```
public struct CacheLimits: Sendable, Hashable {
  /// Opened font files (a face costs its file's size). Faces still used by prepared texts
  /// stay alive when evicted; the next lookup opens the file again.
  public var faceBytes: Int
  /// Shaped words: per-scalar advances of a word in one face, script, direction and
  /// language, so that a word seen before is not shaped again. 0 also turns off shaping
  /// word by word (each run is then shaped whole) and the tables of shaped pairs (each
  /// run then goes to HarfBuzz).
  public var shapeBytes: Int
  /// Prepared texts, for repeated (text, style) pairs. A text is weighed with what its
  /// relayouts keep (its last breakings' lines, from its second new width its table of
  /// line ends, some 20 bytes a segment, 24 in several faces; a balanced paragraph's
  /// candidates, some 50), counted as they are made: the bound holds for
  /// texts relaid out at many widths too, and an evicted text is released at once.
  public var preparedBytes: Int
  /// How long a font file found unchanged is trusted before it is checked again (its
  /// device, inode, size and modification time, one `stat`), as fontconfig's rescan
  /// interval: a font rewritten on disk is read again by the first lookup, or prepared
  /// text from the cache, at least this long after the last check; until then the old face
  /// answers. Zero checks on every lookup. Default one second.
  public var fileCheckInterval: Duration

  public init(
    faceBytes: Int = 256 << 20, shapeBytes: Int = 32 << 20, preparedBytes: Int = 64 << 20,
    fileCheckInterval: Duration = .seconds(1)
  ) {
    self.faceBytes = faceBytes
    self.shapeBytes = shapeBytes
    self.preparedBytes = preparedBytes
    self.fileCheckInterval = fileCheckInterval
  }
}

/// The counters of each of a `FontLibrary`'s caches.
public struct CacheReport: Sendable, Hashable, CustomStringConvertible {
  public var faces: CacheStatistics
  public var shapes: CacheStatistics
  public var prepared: CacheStatistics

  public var description: String {
    "faces: \(faces)\nshapes: \(shapes)\nprepared: \(prepared)"
  }
}
