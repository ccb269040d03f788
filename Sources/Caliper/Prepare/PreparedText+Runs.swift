internal import CICU

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

  /// The UAX #9 paragraph level (0 or 1) of the paragraph holding scalar `index`, from ICU.
  func paragraphLevel(at index: Int) -> UInt8 {
    let scalars = analysis.scalars
    // In `.css` mode the paragraph is left-to-right (CSS `direction: ltr`).
    guard !scalars.isEmpty, style.breakRules != .css else { return 0 }
    func isParagraphSeparator(_ value: UInt32) -> Bool {
      value == 0x0A || value == 0x0D || value == 0x85 || value == 0x2029
        || (0x1C...0x1E).contains(value)
    }
    var start = min(index, scalars.count)
    while start > 0, !isParagraphSeparator(scalars[start - 1].value) { start -= 1 }
    var end = min(index, scalars.count)
    while end < scalars.count, !isParagraphSeparator(scalars[end].value) { end += 1 }
    guard analysis.hasBidi, (start..<end).contains(where: { analysis.level(at: $0) != 0 }) else {
      return 0
    }
    var utf16: [UInt16] = []
    utf16.reserveCapacity(end - start)
    for scalar in scalars[start..<end] { utf16.append(contentsOf: UTF16.encode(scalar)!) }
    let level = cicu_bidi_paragraph_level(utf16, Int32(utf16.count))
    return level == 1 ? 1 : 0  // an ICU failure leaves the text left-to-right
  }
}
