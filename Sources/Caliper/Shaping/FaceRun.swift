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
      if let font = cascadeFonts[runs[index].face] {
        result.append(
          FaceRun(
            range: range, text: substring(range), font: font,
            isRightToLeft: runs[index].isRightToLeft))
      }
      index = end
    }
    return result
  }
}
