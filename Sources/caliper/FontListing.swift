import Caliper

/// What `caliper fonts` prints: the bundled faces (`--list`), and which face draws each run
/// of a text, with the characters no face has in runs of their own.
enum FontListing {
  /// Every bundled face: file, family, style, variation axes, and its place in the default
  /// cascade ("no" for a face outside it, such as Inter).
  static func bundledFaces(_ fonts: FontLibrary) throws -> String {
    var rows = [["file", "family", "style", "axes", "cascade"]]
    for entry in BundledFonts.entries {
      let font = try fonts.font(path: fonts.fontsDirectory + "/" + entry.file)
      let axes = font.variationAxes.map { axis in
        "\(axis.tag) \(formatNumber(axis.minimum))–\(formatNumber(axis.maximum))"
          + " (default \(formatNumber(axis.defaultValue)))"
      }
      let place = BundledFonts.cascade.firstIndex(of: entry.file).map { String($0 + 1) } ?? "no"
      rows.append([
        entry.file, entry.family, entry.style, axes.isEmpty ? "-" : axes.joined(separator: ", "),
        place,
      ])
    }
    let widths = (0..<4).map { column in rows.map { $0[column].count }.max() ?? 0 }
    var text = "Bundled faces in \(fonts.fontsDirectory):\n"
    for row in rows {
      var line = "  "
      for column in 0..<4 {
        line += NumberFormat.padded(row[column], widths[column] + 2, right: false)
      }
      text += line + row[4] + "\n"
    }
    return text
  }

  /// One stretch of a text and the face that draws it; `face` is nil for characters no
  /// face has (drawn as a box by the run's face, but not *covered* by it).
  struct Row: Equatable {
    let range: Range<Int>
    let face: String?
    let text: String
  }

  /// The text's face runs, with every stretch of characters that no face covers split out
  /// of the run it sits in (`face` nil).
  static func rows(_ prepared: PreparedText) -> [Row] {
    let scalars = Array(prepared.string.unicodeScalars)
    let missing = Set(prepared.missing)
    func text(_ range: Range<Int>) -> String {
      var result = ""
      result.unicodeScalars.append(contentsOf: scalars[range])
      return result
    }
    var rows: [Row] = []
    for run in prepared.faceRuns {
      var start = run.range.lowerBound
      while start < run.range.upperBound {
        let uncovered = missing.contains(scalars[start])
        var end = start + 1
        while end < run.range.upperBound, missing.contains(scalars[end]) == uncovered { end += 1 }
        rows.append(
          Row(
            range: start..<end, face: uncovered ? nil : run.font.displayName,
            text: text(start..<end)))
        start = end
      }
    }
    return rows
  }
}
