/// A public view of itemization: a stretch of text and the face that draws it.
public struct FaceRun: Sendable {
  /// Offsets in Unicode scalars.
  public let range: Range<Int>
  /// The text of the run.
  public let text: String
  /// The face chosen for it by the cascade.
  public let font: Font
  /// Whether the run is right-to-left.
  public let isRightToLeft: Bool
  /// The size it is set at: the text's, or its span's.
  public let size: Double
  /// Points its baseline is raised by (its span's `baselineOffset`; 0 without spans).
  public let baselineOffset: Double
}

extension PreparedText {
  /// Consecutive runs of one face (script and direction changes within a face are merged).
  public var faceRuns: [FaceRun] {
    var result: [FaceRun] = []
    var index = 0
    while index < runs.count {
      var end = index + 1
      while end < runs.count && runs[end].face == runs[index].face
        && runs[end].isRightToLeft == runs[index].isRightToLeft
      {
        end += 1
      }
      let range = runs[index].range.lowerBound..<runs[end - 1].range.upperBound
      if let font = cascadeFonts[runs[index].face], !isPlaceholder(face: runs[index].face) {
        result.append(
          FaceRun(
            range: range, text: substring(range), font: font,
            isRightToLeft: runs[index].isRightToLeft, size: style(ofFace: runs[index].face).size,
            baselineOffset: baselineOffset(ofFace: runs[index].face)))
      }
      index = end
    }
    return result
  }
}
