/// An ordered list of faces and the rule that picks one per grapheme cluster.
///
/// Problem: no single face covers every script. Solution (as in Pango and browsers): each
/// grapheme cluster goes to the first face whose cmap covers the whole cluster; whitespace
/// and combining marks stay in the face of the run they are in when it covers them; a
/// cluster with emoji presentation goes to the emoji face first. Limitation: coverage is
/// the cmap only (a face that maps a character to an empty glyph still "covers" it).
public struct FontCascade: Sendable {
  let library: FontLibrary
  /// Face files in cascade order.
  public let paths: [String]
  let emojiIndex: Int?

  /// Picks faces, opening them lazily. One per `PreparedText` preparation.
  struct Resolver {
    let cascade: FontCascade
    private(set) var fonts: [Font?]

    /// For each ASCII character, the first cascade face whose cmap has it (-1: not yet
    /// looked up, -2: none), filled as characters are met.
    private var asciiFirst = [Int](repeating: -1, count: 128)

    init(_ cascade: FontCascade) {
      self.cascade = cascade
      fonts = Array(repeating: nil, count: cascade.paths.count)
    }

    /// `face(for:previous:)` for a cluster of one ASCII character, without the general
    /// rules' property lookups: controls need no glyph and stay in the run, a space stays
    /// in the run's face where that face has one, anything else takes the first face that
    /// has it.
    mutating func face(ascii scalar: Unicode.Scalar, previous: Int?) throws(CaliperError)
      -> (index: Int, covered: Bool)
    {
      let value = Int(scalar.value)
      if value < 0x20 || value == 0x7F {
        // Open the face even so: a text of controls alone still needs its line metrics.
        let index = previous ?? 0
        _ = try font(index)
        return (index, true)
      }
      if value == 0x20, let previous, try font(previous).covers(scalar) { return (previous, true) }
      if asciiFirst[value] == -1 {
        asciiFirst[value] = -2
        for index in cascade.paths.indices where try font(index).covers(scalar) {
          asciiFirst[value] = index
          break
        }
      }
      let first = asciiFirst[value]
      return first >= 0 ? (first, true) : (previous ?? 0, false)
    }

    mutating func font(_ index: Int) throws(CaliperError) -> Font {
      if let font = fonts[index] { return font }
      let font = try cascade.library.font(path: cascade.paths[index])
      fonts[index] = font
      return font
    }

    /// Whether face `index` covers every drawn scalar of the cluster.
    mutating func covers(_ index: Int, _ cluster: ArraySlice<Unicode.Scalar>) throws(CaliperError)
      -> Bool
    {
      let font = try font(index)
      return cluster.allSatisfy { !Self.needsGlyph($0) || font.covers($0) }
    }

    /// The face index for a cluster, and whether any face covered it.
    mutating func face(
      for cluster: ArraySlice<Unicode.Scalar>, previous: Int?
    ) throws(CaliperError) -> (index: Int, covered: Bool) {
      guard let first = cluster.first else { return (previous ?? 0, true) }
      if cluster.count == 1, first.value < 0x80 {
        return try face(ascii: first, previous: previous)
      }
      if let previous, Self.staysInRun(first), try covers(previous, cluster) {
        return (previous, true)
      }
      if let emoji = cascade.emojiIndex, Self.hasEmojiPresentation(cluster),
        try covers(emoji, cluster)
      {
        return (emoji, true)
      }
      for index in cascade.paths.indices where try covers(index, cluster) {
        return (index, true)
      }
      return (previous ?? 0, false)
    }

    /// Characters that are not drawn need no glyph: controls, line separators and default
    /// ignorables (ZWJ, variation selectors, soft hyphen...).
    static func needsGlyph(_ scalar: Unicode.Scalar) -> Bool {
      if scalar.value < 0x80 { return scalar.value >= 0x20 && scalar.value != 0x7F }
      let properties = scalar.properties
      switch properties.generalCategory {
      case .control, .format, .lineSeparator, .paragraphSeparator: return false
      default: return !properties.isDefaultIgnorableCodePoint
      }
    }

    static func staysInRun(_ scalar: Unicode.Scalar) -> Bool {
      if scalar.value < 0x80 { return scalar.value <= 0x20 || scalar.value == 0x7F }
      switch scalar.properties.generalCategory {
      case .nonspacingMark, .spacingMark, .enclosingMark: return true
      default: return scalar.properties.isWhitespace || !needsGlyph(scalar)
      }
    }

    static func hasEmojiPresentation(_ cluster: ArraySlice<Unicode.Scalar>) -> Bool {
      guard let first = cluster.first else { return false }
      // ASCII has no emoji presentation of its own; keycaps ("1️⃣") are longer clusters.
      if first.value < 0x80 && cluster.count == 1 { return false }
      if first.properties.isEmojiPresentation { return true }
      return first.properties.isEmoji && cluster.contains { $0.value == 0xFE0F }
    }
  }
}
