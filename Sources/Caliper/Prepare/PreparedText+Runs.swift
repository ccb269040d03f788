/// The itemized run and the paragraph direction at an offset: what breaking, truncating,
/// aligning and drawing all ask of a prepared text.
extension PreparedText {
  /// The itemized run holding scalar `offset` (binary search: runs are in text order and
  /// tile the text).
  func itemizedRun(containing offset: Int) -> TextRun { runs[itemizedRunIndex(containing: offset)] }

  /// The index of the itemized run holding scalar `offset`.
  func itemizedRunIndex(containing offset: Int) -> Int {
    var low = 0
    var high = runs.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if runs[middle].range.lowerBound <= offset { low = middle } else { high = middle - 1 }
    }
    return low
  }

  /// The UAX #9 paragraph level (0 or 1) of the paragraph holding scalar `index`: the one
  /// bidi resolution's (`TextAnalysis.paragraphLevel(at:)`); in `.css` mode always 0 (CSS
  /// `direction: ltr`).
  func paragraphLevel(at index: Int) -> UInt8 {
    style.breakRules == .css ? 0 : analysis.paragraphLevel(at: index)
  }
}
