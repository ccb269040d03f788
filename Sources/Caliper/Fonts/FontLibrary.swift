import Synchronization

/// Finds fonts, opens each file once, and prepares text with a cascade of faces.
///
/// A library is `Sendable`, and owns three caches, each bounded in bytes (`CacheLimits`),
/// entries unused for longest first out (second chance, `LRUCache`), emptied by
/// `removeAll()` and counted in `cacheStatistics`:
/// - faces, keyed by path (and, for a varied instance, its axis values) and checked against
///   the file's identity (device, inode, size, modification time) by a lookup at most once
///   per `CacheLimits.fileCheckInterval` (one second by default; zero: every lookup), so
///   that a font rewritten on disk is read again, within that interval, rather than
///   measured from stale bytes; a face is opened the first time a cluster needs it (the
///   11 MB emoji font is read only when text has emoji or characters no earlier face
///   covers);
/// - shaped words, keyed by face (a varied instance is a face of its own), script,
///   direction, language, OpenType features and the word's scalars;
/// - prepared texts, keyed by the text's exact scalars (not Swift's canonical equivalence:
///   "é" and "e\u{301}" measure differently), the style (features and variations included) and the library's face generation
///   (bumped whenever a face is reloaded); a prepared text found in the cache is checked
///   against the files of the faces it opened, at the same interval, so a changed font
///   answers from it for no longer than a face lookup would.
/// Each cache has its own lock; values are computed outside the locks. Threads that open
/// one face at once may each read it, but all go on with the first one stored
/// (`LRUCache.keep`): a library has one `Font` a face, and fonts compare by identity.
///
/// Sendable because every stored property is immutable or synchronised: the caches are
/// `LRUCache`s (one `Mutex` each), the generation is an `Atomic`, and what the caches hold
/// (`Font`, `PreparedText`, shaped words) is itself `Sendable` and immutable.
///
/// ```swift
/// let fonts = try FontLibrary.bundled()
/// let text = try fonts.prepare("Blue tile with a longer local label", style: TextStyle(size: 16))
/// let wrapped = text.measure(ProposedViewSize(width: 120, height: nil))
/// print(fonts.cacheStatistics.shapes.hitRate)
/// ```
public final class FontLibrary: Sendable {
  /// The folder of bundled fonts.
  public let fontsDirectory: String
  /// The bounds of the caches.
  public let limits: CacheLimits
  /// The bounds on texts, font files and sizes.
  public let inputLimits: InputLimits
  /// Where system families and fallback faces come from (fontconfig, loaded lazily).
  public var systemFontConfiguration: SystemFontConfiguration { systemFonts.configuration }
  let systemFonts: SystemFonts
  private let faces: LRUCache<FaceKey, Font>
  let shapes: ShapeCache
  let prepared: LRUCache<PreparedKey, PreparedText>
  /// The bundled cascade's paths, and the emoji face's place in it.
  private let bundledCascade: [String]
  /// The face cache's keys of `bundledCascade`'s faces, and their paths and face indices
  /// (`bundledFont`).
  private let bundledFaces: [(key: FaceKey, path: String, index: Int)]
  private let bundledEmojiIndex: Int?
  /// Bumped when a face is reloaded or the caches are emptied; part of every prepared key.
  let generation = Atomic<UInt64>(0)
  /// The number of font files read (a face opened, or opened again after it was evicted,
  /// found changed, or the caches emptied), bumped before the face is in the cache: the
  /// epoch under which `bundledFirstFaces` are found, as a face read again can have
  /// another cmap (the generation moves only when a cached face is found changed, so it
  /// misses a file read again after an eviction or with the face cache off).
  let faceReads = Atomic<UInt64>(0)
  /// The bundled cascade's first face for each scalar met, under the `faceReads` count it
  /// was found at (`FontCascade.Resolver`).
  let bundledFirstFaces = FirstFaceTable()
  /// `limits.fileCheckInterval` in nanoseconds (`FileCheck`); 0: every lookup checks.
  let fileCheckInterval: UInt64

  /// A library over a folder holding the bundled fonts.
  ///
  /// - Parameters:
  ///   - fontsDirectory: the folder holding the bundled fonts (`Fonts/`).
  ///   - limits: the bounds of the face, shaped-word and prepared-text caches.
  ///   - inputLimits: the bounds on texts, font files and sizes; past them `prepare` and
  ///     `font(path:)` throw an error naming the bound.
  ///   - systemFonts: where families that are not bundled, and faces for
  ///     `TextStyle.systemFallback`, are looked up: the machine's fontconfig configuration
  ///     by default, or only the fonts in some folders.
  public init(
    fontsDirectory: String, limits: CacheLimits = CacheLimits(),
    inputLimits: InputLimits = InputLimits(),
    systemFonts: SystemFontConfiguration = .installed
  ) throws(CaliperError) {
    guard BundledFonts.isFontsDirectory(fontsDirectory) else {
      throw .fontsDirectoryNotFound(searched: [fontsDirectory])
    }
    self.fontsDirectory = fontsDirectory
    self.limits = limits
    fileCheckInterval = FileCheck.nanoseconds(limits.fileCheckInterval)
    self.inputLimits = inputLimits
    self.systemFonts = SystemFonts(systemFonts)
    bundledCascade = BundledFonts.cascade.map { fontsDirectory + "/" + $0 }
    bundledFaces = bundledCascade.map { key in
      let (path, index) = Self.faceKeyParts(key)
      return (FaceKey(path: key), path, index)
    }
    bundledEmojiIndex = bundledCascade.firstIndex(of: fontsDirectory + "/" + BundledFonts.emojiFile)
    faces = LRUCache(byteLimit: limits.faceBytes)
    shapes = ShapeCache(byteLimit: limits.shapeBytes)
    prepared = LRUCache(byteLimit: limits.preparedBytes)
  }

  /// A library over the bundled fonts, found by `BundledFonts.directory()`'s lookup order.
  public static func bundled(
    limits: CacheLimits = CacheLimits(), inputLimits: InputLimits = InputLimits(),
    systemFonts: SystemFontConfiguration = .installed
  ) throws(CaliperError) -> FontLibrary {
    try FontLibrary(
      fontsDirectory: BundledFonts.directory(), limits: limits, inputLimits: inputLimits,
      systemFonts: systemFonts)
  }

  /// How many times this library asked fontconfig (a family match or a fallback sort;
  /// answers it had cached do not count): 0 means fontconfig was never loaded, which is
  /// the case for any text the bundled fonts and the style's files cover.
  public var systemFontQueries: Int { systemFonts.queries }

  /// The font in the file at `path` (face `index` of a collection), opened once and shared
  /// while the file stays the same.
  ///
  /// - Throws: `CaliperError.unreadableFontFile` when the file is gone or unreadable,
  ///   `.fontFileTooLarge`, `.unsupportedFontFormat`, `.malformedFont`,
  ///   `.fontIndexOutOfRange`, or `.notAFont` when FreeType refuses it.
  public func font(path: String, index: Int = 0) throws(CaliperError) -> Font {
    try font(path: path, index: index, now: fileCheckNow())
  }

  /// `font(path:index:)` with the time of this request's file checks (`fileCheckNow()`).
  func font(path: String, index: Int = 0, now: UInt64) throws(CaliperError) -> Font {
    guard !path.utf8.contains(0) else {
      throw .unreadableFontFile(path: path, reason: "the path contains a NUL character")
    }
    return try font(key: Self.faceKey(path: path, index: index), now: now)
  }

  /// The time against which one request (a prepare, a face lookup) checks the files of its
  /// faces: read once per request, not per face (`FileCheck`); 0, unread, when every lookup
  /// checks.
  func fileCheckNow() -> UInt64 {
    fileCheckInterval == 0 ? 0 : FileCheck.now()
  }

  /// The key of a face in the face cache and in cascades: its path, with the face index
  /// after a NUL (which no path holds) when it is not 0.
  static func faceKey(path: String, index: Int) -> String {
    index == 0 ? path : path + "\u{0}" + String(index)
  }

  /// The font a face key names (see `faceKey`), its file checked unless it was less than
  /// `fileCheckInterval` before `now` (`fileCheckNow()`).
  func font(key: String, now: UInt64) throws(CaliperError) -> Font {
    let (path, index) = Self.faceKeyParts(key)
    return try font(cacheKey: FaceKey(path: key), path: path, index: index, now: now)
  }

  /// A face key's path and face index (see `faceKey`).
  private static func faceKeyParts(_ key: String) -> (path: String, index: Int) {
    // Split at the NUL by bytes: a split by Characters walks the path's grapheme breaks,
    // which cost more than the rest of the lookup (every prepare looks its faces up here).
    // (Over the contiguous bytes: `UTF8View.firstIndex(of:)` costs ~40 instructions a byte.)
    let nulOffset =
      key.utf8.withContiguousStorageIfAvailable { $0.firstIndex(of: 0) }
      ?? key.utf8.firstIndex(of: 0).map { key.utf8.distance(from: key.utf8.startIndex, to: $0) }
    guard let nulOffset else { return (key, 0) }
    let nul = key.utf8.index(key.utf8.startIndex, offsetBy: nulOffset)
    return (String(key[..<nul]), Int(String(key[key.utf8.index(after: nul)...])) ?? 0)
  }

  /// Face `index` of the bundled cascade (`cascade(for:)` of a style without fonts of its
  /// own), as `font(key:now:)` gives it, from the key and parts kept for it: every
  /// preparation opens its faces through here, without splitting and hashing their paths
  /// again.
  func bundledFont(_ index: Int, now: UInt64) throws(CaliperError) -> Font {
    // Looked up with the key read in place, the entry copied out only to open the face: a
    // copy of it (two strings and an array) was retained and released for each face a
    // preparation opens, six a fallback-heavy paragraph. (The optimizer still copies the
    // key to pass it to the cache: report-cold.md, i32rc.)
    let cached = faces.value(for: bundledFaces[index].key)
    if let cached, cached.file.isUnchanged(now: now, interval: fileCheckInterval) {
      return cached
    }
    let face = bundledFaces[index]
    return try load(
      cacheKey: face.key, path: face.path, index: face.index, now: now, stale: cached != nil)
  }

  /// Whether `paths` are the bundled cascade's, those `bundledFont` opens (a debug check
  /// of the cascades that ask it).
  func isBundledCascade(_ paths: [String]) -> Bool { paths == bundledCascade }

  /// `font(key:now:)` with the key's path and face index found and its cache key made.
  private func font(cacheKey: FaceKey, path: String, index: Int, now: UInt64)
    throws(CaliperError) -> Font
  {
    let cached = faces.value(for: cacheKey)
    if let cached, cached.file.isUnchanged(now: now, interval: fileCheckInterval) {
      return cached
    }
    return try load(cacheKey: cacheKey, path: path, index: index, now: now, stale: cached != nil)
  }

  /// Reads the face `font(cacheKey:path:index:now:)` did not find, or found `stale` (its
  /// file rewritten, replaced or gone: read again, or the error says why it cannot be).
  private func load(cacheKey: FaceKey, path: String, index: Int, now: UInt64, stale: Bool)
    throws(CaliperError) -> Font
  {
    if stale {
      faces.removeValue(for: cacheKey)
      generation.add(1, ordering: .relaxed)
    }
    let font = try Font(path: path, index: index, maxFileBytes: inputLimits.maxFontFileBytes)
    font.file.checked(at: now)
    faceReads.add(1, ordering: .relaxed)  // before another thread can take the face
    // A thread that read the same file meanwhile stored its font first: go on with that
    // one, so that a library has one `Font` a face (fonts compare by identity).
    return faces.keep(font, for: cacheKey, cost: font.fileSize) {
      $0.fileIdentity == font.fileIdentity
    }
  }

  /// The font in the file at `path` set to `variations`, on the axes it has: the file's
  /// own font when it has none of them; otherwise one shared instance per (file, axis
  /// values), with its own HarfBuzz font and so its own cache entries.
  ///
  /// - Throws: as `font(path:)`.
  public func font(path: String, variations: [FontVariation]) throws(CaliperError) -> Font {
    guard !path.utf8.contains(0) else {
      throw .unreadableFontFile(path: path, reason: "the path contains a NUL character")
    }
    return try font(key: path, variations: variations, now: fileCheckNow())
  }

  /// `font(path:variations:)` for a face key (see `faceKey`), checked at `now`.
  func font(key path: String, variations: [FontVariation], now: UInt64) throws(CaliperError)
    -> Font
  {
    let base = try font(key: path, now: now)
    guard !variations.isEmpty else { return base }
    let axes = Set(base.variationAxes.map(\.tag))
    let applied = FontVariation.normalized(variations).filter { axes.contains($0.tag) }
    guard !applied.isEmpty else { return base }
    let key = FaceKey(path: path, variations: applied)
    if let font = faces.value(for: key), font.fileIdentity == base.fileIdentity { return font }
    let font = Font(base: base, variations: applied)
    // The instance shares the base's bytes: it costs its HarfBuzz font, not the file.
    return faces.keep(font, for: key, cost: Self.variedFontCost) {
      $0.fileIdentity == base.fileIdentity
    }
  }

  /// An estimate of a varied instance's own memory (HarfBuzz font and coordinates).
  static let variedFontCost = 4096

  /// `font(key:variations:)` drawn with `synthesis` (`FontSynthesis`): the instance itself
  /// when `synthesis` is empty, else one shared synthesized instance per (file, axis values,
  /// styles), which measures as the instance does.
  func font(
    key path: String, variations: [FontVariation], synthesis: FontSynthesis, now: UInt64
  ) throws(CaliperError) -> Font {
    let base = try font(key: path, variations: variations, now: now)
    guard !synthesis.isEmpty else { return base }
    let key = FaceKey(path: path, variations: base.variations, synthesis: synthesis)
    if let font = faces.value(for: key), font.fileIdentity == base.fileIdentity { return font }
    let font = Font(base: base, synthesis: synthesis)
    return faces.keep(font, for: key, cost: Self.variedFontCost) {
      $0.fileIdentity == base.fileIdentity
    }
  }

  /// A bundled family ("Noto Sans", "Noto Sans Bold Italic"), else an installed family.
  public func font(family: String) throws(CaliperError) -> Font {
    try font(family: family, now: fileCheckNow())
  }

  /// `font(family:)` checked at `now`.
  func font(family: String, now: UInt64) throws(CaliperError) -> Font {
    if let entry = BundledFonts.entry(named: family) {
      return try font(path: fontsDirectory + "/" + entry.file, now: now)
    }
    return try font(FontDescriptor(family: family), now: now)
  }

  /// The face a descriptor names: among the bundled faces for a bundled family (the
  /// nearest of its styles), else the installed face fontconfig matches, of that family.
  /// A variable font is set to the weight and width on its `wght` and `wdth` axes (the
  /// descriptor's for a bundled one such as Inter; a system one's named instance's).
  ///
  /// - Throws: `.invalidStyle` for a weight or width out of range, `.library` (`dlopen`)
  ///   when a family is not bundled and libfontconfig cannot be loaded, `.unknownFontFamily`
  ///   when neither the bundled fonts nor the system have the family.
  public func font(_ descriptor: FontDescriptor) throws(CaliperError) -> Font {
    try font(descriptor, now: fileCheckNow())
  }

  /// `font(_:)` for a descriptor, checked at `now`.
  func font(_ descriptor: FontDescriptor, now: UInt64) throws(CaliperError) -> Font {
    if let problem = descriptor.problem { throw .invalidStyle(problem) }
    let face: SystemFace
    if let entry = BundledFonts.entry(matching: descriptor) {
      face = SystemFace(
        path: fontsDirectory + "/" + entry.file, index: 0,
        weight: descriptor.weight == FontDescriptor.regular ? nil : Double(descriptor.weight),
        width: descriptor.width == 100 ? nil : descriptor.width)
    } else {
      guard let found = systemFonts.face(descriptor) else {
        // Not bundled, and the system's fonts cannot be asked: say why, not "no family".
        if let reason = SystemFonts.unavailable {
          throw .library(function: "dlopen", code: 0, name: reason)
        }
        throw .unknownFontFamily(descriptor.family)
      }
      face = found
    }
    var axes: [FontVariation] = []
    if let weight = face.weight { axes.append(try FontVariation(tag: "wght", value: weight)) }
    if let width = face.width { axes.append(try FontVariation(tag: "wdth", value: width)) }
    return try font(
      key: Self.faceKey(path: face.path, index: face.index), variations: axes, now: now)
  }

  /// The font a reference names.
  public func font(_ reference: FontReference) throws(CaliperError) -> Font {
    try font(reference, now: fileCheckNow())
  }

  /// `font(_:)` for a reference, checked at `now`.
  func font(_ reference: FontReference, now: UInt64) throws(CaliperError) -> Font {
    switch reference {
    case .family(let name): return try font(family: name, now: now)
    case .file(let path): return try font(path: path, now: now)
    case .face(let path, let index): return try font(path: path, index: index, now: now)
    case .descriptor(let descriptor): return try font(descriptor, now: now)
    }
  }

  /// The cascade for a style: its own fonts, then the bundled default cascade.
  ///
  /// The time its faces' files are checked against is read here, once (`fileCheckNow()`).
  public func cascade(for style: TextStyle) throws(CaliperError) -> FontCascade {
    let now = fileCheckNow()
    // Fallback to the system's fonts asked for where they cannot be looked up: say so, where
    // each character would otherwise be reported missing without a reason.
    if style.systemFallback, let reason = SystemFonts.unavailable {
      throw .library(function: "dlopen", code: 0, name: reason)
    }
    guard !style.fonts.isEmpty else {
      return FontCascade(
        library: self, paths: bundledCascade, emojiIndex: bundledEmojiIndex,
        variations: style.variations, systemFallback: style.systemFallback, checkedAt: now,
        sharesFirstFaces: true)
    }
    guard style.fonts.count + bundledCascade.count <= FontCascade.mostFaces else {
      throw .tooManyFonts(count: style.fonts.count, limit: FontCascade.mostFaces)
    }
    var paths: [String] = []
    var ownVariations: [Int: [FontVariation]] = [:]
    // The weight and slant asked for, which faces that lack them synthesize: the first
    // descriptor's (a span's weight or slant makes each of its fonts one).
    var request = (weight: FontDescriptor.regular, slant: FontDescriptor.Slant.roman)
    for case .descriptor(let descriptor) in style.fonts {
      request = (descriptor.weight, descriptor.slant)
      break
    }
    for reference in style.fonts {
      let font = try font(reference, now: now)
      // A descriptor's weight on a variable face: the style's own variations come after.
      if !font.variations.isEmpty { ownVariations[paths.count] = font.variations }
      paths.append(Self.faceKey(path: font.path, index: font.faceIndex))
    }
    for path in bundledCascade where !paths.contains(path) { paths.append(path) }
    let emoji = paths.firstIndex(of: fontsDirectory + "/" + BundledFonts.emojiFile)
    return FontCascade(
      library: self, paths: paths, emojiIndex: emoji, variations: style.variations,
      ownVariations: ownVariations, systemFallback: style.systemFallback,
      request: request, synthesis: style.fontSynthesis, checkedAt: now)
  }

  /// The counters of the face, shaped-word and prepared-text caches.
  public var cacheStatistics: CacheReport {
    CacheReport(
      faces: faces.statistics, shapes: shapes.cache.statistics, prepared: prepared.statistics)
  }

  /// Empties every cache (faces stay alive while prepared texts use them), and the system
  /// fallback answers.
  public func removeAll() {
    generation.add(1, ordering: .relaxed)
    systemFonts.removeAll()
    prepared.removeAll()
    shapes.cache.removeAll()
    faces.removeAll()
  }
}
