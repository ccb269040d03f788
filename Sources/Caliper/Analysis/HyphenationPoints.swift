/// Where words may be hyphenated: the offsets inside a text's words that the locale's
/// dictionary gives.
///
/// A word is a run of letters and combining marks (general categories L and M); a run
/// holding a soft hyphen is left as its author hyphenated it (as browsers do under
/// `hyphens: auto`). A point that is not a grapheme-cluster boundary is dropped.
extension HyphenationDictionary {
  /// The offsets (ascending, in `scalars`) where a line may break with a hyphen shown.
  /// `isGraphemeStart(offset)` says whether a grapheme cluster starts at an offset.
  func points(in scalars: [Unicode.Scalar], isGraphemeStart: (Int) -> Bool) -> [Int] {
    var points: [Int] = []
    var start: Int?
    var hasSoftHyphen = false
    for index in 0...scalars.count {
      let scalar = index < scalars.count ? scalars[index] : " "
      let isSoftHyphen = scalar == "\u{AD}"
      if Self.isWordScalar(scalar) || isSoftHyphen {
        if start == nil {
          start = index
          hasSoftHyphen = false
        }
        hasSoftHyphen = hasSoftHyphen || isSoftHyphen
        continue
      }
      guard let wordStart = start else { continue }
      start = nil
      guard !hasSoftHyphen, index - wordStart > 1 else { continue }
      for point in self.points(in: scalars[wordStart..<index])
      where isGraphemeStart(wordStart + point) {
        points.append(wordStart + point)
      }
    }
    return points
  }

  /// Letters and marks.
  static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
      .nonspacingMark, .spacingMark, .enclosingMark:
      return true
    default:
      return false
    }
  }
}
