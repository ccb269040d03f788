/// An ordered list of faces and the rule that picks one per grapheme cluster.
///
/// Problem: no single face covers every script. Solution (as in Pango and browsers): each
/// grapheme cluster goes to the first face whose cmap covers the whole cluster; combining
/// marks stay in the face of the run they are in when it covers them; a cluster with emoji
/// presentation goes to the emoji face first. Spaces, controls and the like choose no face
/// here (`choosesNoFace`): `FaceChooser` gives them one by Pango's rule. Limitation:
/// coverage is the cmap only (a face that maps a character to an empty glyph still
/// "covers" it).
///
/// With `TextStyle.systemFallback`, a cluster that no face covers goes to the system face
/// fontconfig sorts first among those that have all of its characters; such faces are
/// appended to the preparation's face list (after `paths`) as they are met.
public struct FontCascade: Sendable {
  /// The most faces one cascade may hold (a style's fonts, the bundled ones and system
  /// fallback faces added while preparing; past it, a cluster stays uncovered).
  public static let mostFaces = 4096
  let library: FontLibrary
  /// Face files in cascade order (a collection's face other than 0 as its path, a NUL and
  /// the index).
  public let paths: [String]
  let emojiIndex: Int?
  /// The style's variable-font axis positions, applied to each face that has the axes.
  let variations: [FontVariation]
  /// Axis positions of single faces, by cascade index (a `FontDescriptor`'s weight on a
  /// variable face), applied before `variations`.
  var ownVariations: [Int: [FontVariation]] = [:]
  /// Whether uncovered clusters are given a system face (`TextStyle.systemFallback`).
  let systemFallback: Bool
  /// The weight and slant asked for (the style's first `FontDescriptor`'s): every face of
  /// the cascade that lacks them, fallback faces included, is drawn with them synthesized,
  /// of the styles `synthesis` allows (`FontSynthesis`, `TextStyle.fontSynthesis`).
  var request = (weight: FontDescriptor.regular, slant: FontDescriptor.Slant.roman)
  var synthesis: FontSynthesis = []
  /// The time the faces' files are checked against (`FontLibrary.fileCheckNow()`), read
  /// once when the cascade was made, for every face a preparation with it looks up.
  let checkedAt: UInt64
  /// Whether this is the library's bundled cascade, whose first face per scalar the
  /// library keeps for every preparation (`FirstFaceTable`).
  var sharesFirstFaces = false

  /// Picks faces, opening them lazily. One per `PreparedText` preparation.
  struct Resolver {
    let cascade: FontCascade
    /// The cascade's faces, then the system fallback faces added while itemizing.
    private(set) var paths: [String]
    private(set) var fonts: [Font?]

    /// For each ASCII character, the first cascade face whose cmap has it (-1: not yet
    /// looked up, -2: none), filled as characters are met. 16 bits a character (a cascade
    /// holds at most `mostFaces`): made, filled and freed by every prepare, in 4 cache
    /// lines rather than 16.
    private var asciiFirst = [Int16](filled: -1, count: 128)
    /// The rules' answers for the scalars met (`ScalarFacts`).
    private var memo = ScalarFactsMemo()
    /// Whether this preparation asks and tells the library's first faces of the bundled
    /// cascade (`FontLibrary.bundledFirstFaces`; other cascades' first faces `memo` keeps
    /// for this preparation), under `faceReads`: the library's count of font files read
    /// when it started. Every face it opens is then one read before, unless the count moved
    /// while it opened one (a file read, here or by another thread: a face opened, or read
    /// again after an eviction or a change): from then on it keeps its first faces in
    /// `memo`. (A flag, not the table: a reference would be retained with each copy.)
    private var sharesFirstFaces: Bool
    private let faceReads: UInt64
    /// The library's first faces, read without retaining the library at each lookup (the
    /// cascade holds it).
    private let firstFaces: FirstFaceTable.Reader
    /// The faces `0..<opened` are open (`openFaces(through:)`).
    private var opened = 0

    init(_ cascade: FontCascade) {
      self.cascade = cascade
      paths = cascade.paths
      fonts = Array(filled: nil, count: cascade.paths.count)
      sharesFirstFaces = cascade.sharesFirstFaces
      faceReads = sharesFirstFaces ? cascade.library.faceReads.load(ordering: .relaxed) : 0
      firstFaces = cascade.library.bundledFirstFaces.reader
    }

    /// `face(for:previous:)` for a cluster of one ASCII character, without the general
    /// rules' property lookups: the first face that has it. (Spaces and controls choose no
    /// face: `choosesNoFace`.)
    @inline(__always)
    mutating func face(ascii scalar: Unicode.Scalar, previous: Int?) throws(CaliperError)
      -> (index: Int, covered: Bool)
    {
      let value = Int(scalar.value)
      // Known already: a load (the common case, inlined into the itemizer's loop).
      if value >= 0x20 && value != 0x7F && asciiFirst[value] >= 0 {
        return (Int(asciiFirst[value]), true)
      }
      return try firstLookup(ascii: scalar, previous: previous)
    }

    /// The face `face(ascii:previous:)` has already found for printable ASCII `value`
    /// (0x21...0x7E), or a negative number when it has not looked or no face has it.
    @inline(__always)
    func knownFace(ascii value: Int) -> Int { Int(asciiFirst[value]) }

    /// `face(ascii:previous:)` the first time a character is met, or when no face has it.
    private mutating func firstLookup(ascii scalar: Unicode.Scalar, previous: Int?)
      throws(CaliperError) -> (index: Int, covered: Bool)
    {
      let value = Int(scalar.value)
      if value < 0x20 || value == 0x7F { return (try previousOrFirst(previous), true) }
      if asciiFirst[value] == -1 {
        // `firstFace`'s walk (the library's table keeps its answer for the bundled cascade:
        // a load at each later preparation, with the same faces opened).
        asciiFirst[value] = -2
        if let found = try firstFace(scalar) { asciiFirst[value] = Int16(found) }
      }
      let first = Int(asciiFirst[value])
      if first >= 0 { return (first, true) }
      if let system = try systemFace(for: [scalar]) { return (system, true) }
      return (previous ?? 0, false)
    }

    /// `previous`, or the first face (opened, since a run will be shaped in it) when a
    /// text starts with characters that need no glyph ("\n\n").
    private mutating func previousOrFirst(_ previous: Int?) throws(CaliperError) -> Int {
      if let previous { return previous }
      _ = try font(0)
      return 0
    }

    /// The face for a stretch that chose none (only spaces and controls): the first face
    /// with a space, as Pango takes `get_font (' ')`; the first face if none has one.
    mutating func spaceFace() throws(CaliperError) -> Int {
      try face(ascii: " ", previous: nil).index
    }

    /// Opens face `index` as `font(_:)` does, where this preparation has not.
    @inline(__always)
    mutating func open(_ index: Int) throws(CaliperError) {
      if fonts[index] == nil { _ = try font(index) }
    }

    mutating func font(_ index: Int) throws(CaliperError) -> Font {
      if let font = fonts[index] { return font }
      // Face `index`'s axes: its own (nil where the cascade has none per face: no dictionary
      // lookup, the bundled cascade's case), then the cascade's. Both the list and whether it
      // is empty come from `own`; the list is joined only for a face that is not the bundled
      // one, rather than an array retained and released each face.
      let own = cascade.ownVariations.isEmpty ? nil : cascade.ownVariations[index]
      func variations() -> [FontVariation] {
        own.map { $0 + cascade.variations } ?? cascade.variations
      }
      let hasAxes = !cascade.variations.isEmpty || !(own?.isEmpty ?? true)
      // (The bundled cascade's faces without axes: from the keys the library keeps.
      // `bundledFont(index)` is face `index` of `paths` only because `sharesFirstFaces` is
      // set for the cascade made with the library's bundled paths alone: `cascade(for:)`
      // of a style without fonts of its own.)
      assert(!cascade.sharesFirstFaces || cascade.library.isBundledCascade(cascade.paths))
      let bundled = cascade.sharesFirstFaces && index < cascade.paths.count && !hasAxes
      var font =
        bundled
        ? try cascade.library.bundledFont(index, now: cascade.checkedAt)
        : try cascade.library.font(
          key: paths[index], variations: variations(), now: cascade.checkedAt)
      let missing = font.missingStyles(
        weight: cascade.request.weight, slant: cascade.request.slant, allowed: cascade.synthesis)
      if !missing.isEmpty {
        font = try cascade.library.font(
          key: paths[index], variations: variations(), synthesis: missing,
          now: cascade.checkedAt)
      }
      fonts[index] = font
      if sharesFirstFaces && cascade.library.faceReads.load(ordering: .relaxed) != faceReads {
        sharesFirstFaces = false
      }
      return font
    }

    /// Whether face `index` covers every drawn scalar of the cluster.
    mutating func covers(_ index: Int, _ cluster: ArraySlice<Unicode.Scalar>) throws(CaliperError)
      -> Bool
    {
      let font = try font(index)
      return cluster.allSatisfy { facts($0) & ScalarFacts.needsGlyph == 0 || font.covers($0) }
    }

    /// `ScalarFacts` of `scalar`, from the memo.
    func facts(_ scalar: Unicode.Scalar) -> UInt8 { memo.facts(scalar) }

    /// `hasEmojiPresentation(_:)`, its properties from the memo.
    mutating func emojiPresentation(_ cluster: ArraySlice<Unicode.Scalar>) -> Bool {
      guard let first = cluster.first else { return false }
      if first.value < 0x80 && cluster.count == 1 { return false }
      if Self.isProsePunctuation(first.value) { return false }
      let facts = facts(first)
      if facts & ScalarFacts.emojiPresentation != 0 { return true }
      return facts & ScalarFacts.emoji != 0 && cluster.contains { $0.value == 0xFE0F }
    }

    /// The face index for a cluster, and whether any face covered it.
    mutating func face(
      for cluster: ArraySlice<Unicode.Scalar>, previous: Int?
    ) throws(CaliperError) -> (index: Int, covered: Bool) {
      guard let first = cluster.first else { return (try previousOrFirst(previous), true) }
      if cluster.count == 1, first.value < 0x80 {
        return try face(ascii: first, previous: previous)
      }
      if let previous, facts(first) & ScalarFacts.staysInRun != 0, try covers(previous, cluster) {
        return (previous, true)
      }
      if let emoji = cascade.emojiIndex, emojiPresentation(cluster),
        try covers(emoji, cluster)
      {
        return (emoji, true)
      }
      // The first face that covers the whole cluster is at or after the first face of
      // each of its drawn scalars (looked up once per scalar): the walk starts at the
      // latest of them, and where all are that one face, it is the answer. The faces
      // before it are opened as the walk from the first face would open them.
      var start = 0
      var oneFace = true
      var seen = false
      for scalar in cluster where facts(scalar) & ScalarFacts.needsGlyph != 0 {
        guard let face = try firstFace(scalar) else {
          start = cascade.paths.count  // no face has it, so none has the cluster
          oneFace = false
          break
        }
        if seen && face != start { oneFace = false }
        start = max(start, face)
        seen = true
      }
      if oneFace, start < cascade.paths.count {
        // A face the memo names was opened when it was found; with no drawn scalar, the
        // walk would open the first face.
        if !seen { _ = try font(start) }
        return (start, true)
      }
      for index in start..<cascade.paths.count where try covers(index, cluster) {
        return (index, true)
      }
      if let system = try systemFace(for: cluster) { return (system, true) }
      return (previous ?? 0, false)
    }

    /// `face(for:previous:)` of a cluster beyond ASCII whose first scalar is drawn, no mark,
    /// no space and no emoji (its facts say so, so the rules for marks, emoji and clusters
    /// that choose no face do not apply, whatever `previous`), and whose drawn scalars all
    /// have the same first face: that face. Nil for any other cluster (after asking the
    /// first faces of its drawn scalars, as `face(for:previous:)` would).
    @inline(__always)
    mutating func plainFace(_ cluster: ArraySlice<Unicode.Scalar>) throws(CaliperError) -> Int? {
      guard let first = cluster.first, let face = try plainFirstFace(first) else { return nil }
      var index = cluster.startIndex + 1
      while index < cluster.endIndex {
        let scalar = cluster[index]
        index += 1
        // The library's table answers both questions in one load where it knows the scalar
        // (the faces through `face` are open: `firstFace` would open none and answer so).
        if sharesFirstFaces,
          let known = firstFaces.face(scalar, generation: faceReads),
          known.facts & ScalarFacts.needsGlyph == 0 || known.face == UInt64(face + 1)
        {
          continue
        }
        if facts(scalar) & ScalarFacts.needsGlyph != 0, try firstFace(scalar) != face {
          return nil
        }
      }
      return face
    }

    /// `plainFace(scalars[cluster])` where the library's table knows every scalar of it and
    /// the face is open (so that `plainFace` would open nothing and read only the table):
    /// that face; nil where it may be otherwise (ask `plainFace`). Small enough to inline
    /// into the itemizer's loop, which `plainFace` is not.
    @inline(__always)
    func knownPlainFace(_ scalars: UnsafeBufferPointer<Unicode.Scalar>, _ cluster: Range<Int>)
      -> Int?
    {
      guard sharesFirstFaces,
        let known = firstFaces.face(scalars[cluster.lowerBound], generation: faceReads),
        known.facts & (ScalarFacts.needsGlyph | Self.notPlain) == ScalarFacts.needsGlyph,
        known.face != ScalarFactsMemo.noFace, Int(known.face) <= opened
      else { return nil }
      var index = cluster.lowerBound + 1
      while index < cluster.upperBound {
        guard let other = firstFaces.face(scalars[index], generation: faceReads),
          other.facts & ScalarFacts.needsGlyph == 0 || other.face == known.face
        else { return nil }
        index += 1
      }
      return Int(known.face) - 1
    }

    /// A match that holds for a scalar whose one-scalar cluster `knownPlainFace` finds
    /// `face` from its slot's entry (`FirstFaceTable.Match`): the same checks as one compare;
    /// where it does not hold, ask `knownPlainFace`. Holds for none where this preparation
    /// does not share the table's faces or `face` is not open.
    @inline(__always)
    func plainMatch(_ face: Int) -> FirstFaceTable.Match {
      firstFaces.match(
        face: sharesFirstFaces && face >= 0 && face < opened ? UInt64(face + 1) : 0,
        facts: ScalarFacts.needsGlyph, factsMask: ScalarFacts.needsGlyph | Self.notPlain,
        generation: faceReads)
    }

    /// The facts that make a drawn scalar's cluster other than plain (`plainFace`).
    private static let notPlain =
      ScalarFacts.staysInRun | ScalarFacts.choosesNoFace | ScalarFacts.emojiPresentation
      | ScalarFacts.emoji

    /// `firstFace(scalar)` where `scalar`'s facts are plain (it needs a glyph and is no
    /// emoji, stays in no run and chooses a face), else nil without looking its face up:
    /// for the bundled cascade, one entry of the library's table answers both.
    @inline(__always)
    private mutating func plainFirstFace(_ scalar: Unicode.Scalar) throws(CaliperError) -> Int? {
      let plain = ScalarFacts.needsGlyph
      let notPlain = Self.notPlain
      if sharesFirstFaces,
        let known = firstFaces.face(scalar, generation: faceReads)
      {
        guard known.facts & (plain | notPlain) == plain else { return nil }
        // As `firstFace` takes an answer from the table.
        let found = known.face == ScalarFactsMemo.noFace ? nil : Int(known.face) - 1
        try openFaces(through: found ?? cascade.paths.count - 1)
        if sharesFirstFaces { return found }
      }
      guard facts(scalar) & (plain | notPlain) == plain else { return nil }
      return try firstFace(scalar)
    }

    /// The first cascade face whose cmap has `scalar` (nil: none), looked up once per
    /// scalar and kept (in the library's `FirstFaceTable` for the bundled cascade, else in
    /// the memo); the faces before it are opened on the way, as the cluster rule's walk
    /// opens them.
    private mutating func firstFace(_ scalar: Unicode.Scalar) throws(CaliperError) -> Int? {
      if sharesFirstFaces {
        // Found by an earlier preparation: open the faces its walk opened, as this one's
        // would have (the same errors, the same faces listed as opened); the answer stands
        // unless a font file was read meanwhile.
        if let known = firstFaces.face(scalar, generation: faceReads) {
          let found = known.face == ScalarFactsMemo.noFace ? nil : Int(known.face) - 1
          try openFaces(through: found ?? cascade.paths.count - 1)
          if sharesFirstFaces { return found }
        }
      } else if let known = memo.face(scalar) {
        return known == ScalarFactsMemo.noFace ? nil : Int(known) - 1
      }
      var found: Int?
      for index in cascade.paths.indices where try font(index).covers(scalar) {
        found = index
        break
      }
      let face = found.map { UInt64($0 + 1) } ?? ScalarFactsMemo.noFace
      if sharesFirstFaces {
        cascade.library.bundledFirstFaces.setFace(
          scalar, face, facts: facts(scalar), generation: faceReads)
      } else {
        memo.setFace(scalar, face)
      }
      return found
    }

    /// Opens the cascade's faces up to `last`, in order, each once per preparation.
    private mutating func openFaces(through last: Int) throws(CaliperError) {
      while opened <= last {
        _ = try font(opened)
        opened += 1
      }
    }

    /// The index of the system face for a cluster the whole cascade lacks (appended to
    /// `paths` the first time), when the style asks for system fallback and fontconfig has
    /// a face with every drawn scalar of it.
    private mutating func systemFace(for cluster: ArraySlice<Unicode.Scalar>)
      throws(CaliperError) -> Int?
    {
      guard cascade.systemFallback else { return nil }
      let drawn = cluster.filter(Self.needsGlyph).map(\.value)
      guard !drawn.isEmpty, let key = cascade.library.systemFonts.fallback(for: drawn) else {
        return nil
      }
      if let known = paths.firstIndex(of: key) {
        guard fonts[known] != nil else { return nil }
        return try covers(known, cluster) ? known : nil
      }
      guard paths.count < FontCascade.mostFaces else { return nil }
      paths.append(key)
      fonts.append(nil)
      let index = paths.count - 1
      // A system face Caliper cannot open is no fallback; it stays listed, unopened, so
      // it is not tried again.
      guard (try? font(index)) != nil else { return nil }
      // fontconfig's charset and the face's cmap may disagree: the cmap decides.
      return try covers(index, cluster) ? index : nil
    }
  }
}
