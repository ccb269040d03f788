import Caliper

/// The rows of one text's answer in `caliper measure` and `caliper serve`: a measurement
/// per proposal, made when it is written, and its lines handed on one at a time.
///
/// Problem: 10 MB of prose at 100 pt is 800,000 lines; holding them (and their spans) to
/// write them took most of a 454 MB peak. Solution: each row is broken once
/// (`MeasuredBreaking`, its spans held while it is written): its size comes first, then its
/// lines, made from those spans as each is written.
package struct MeasuredRows {
  package let text: PreparedText
  package let proposals: [ProposedViewSize]
  package let options: TextContainerOptions
  package let format: MeasureFormat
  /// Whether each row is broken into lines: for lines or characters' places, and for
  /// placeholders and decorations, which are placed from the lines (found once, not a row).
  private let keepsBreaking: Bool

  package init(
    text: PreparedText, proposals: [ProposedViewSize], options: TextContainerOptions,
    format: MeasureFormat
  ) {
    self.text = text
    self.proposals = proposals
    self.options = options
    self.format = format
    keepsBreaking =
      format.needsLines
      || text.spans.contains(where: { $0.placeholder != nil || $0.decoration != nil })
  }

  package var count: Int { proposals.count }

  /// `format.scale`: a row keeps the scale alone, not a copy of the whole format (its
  /// arrays retained and released for each of the bulk job's 16,430 rows).
  private var scale: Double? { format.scale }

  /// Row `index`, broken once: its size (rounded when a scale is given), then its lines
  /// and its characters' places, all read from that one breaking (`MeasuredBreaking`).
  /// Without lines or character places (`--no-lines`), the size alone (`sizeThatFits`).
  package func row(_ index: Int) -> Row {
    let proposal = proposals[index]
    guard keepsBreaking else {
      return Row(size: text.sizeThatFits(proposal, options: options), breaking: nil, scale: scale)
    }
    let breaking = text.measuredBreaking(proposal, options: options)
    return Row(size: breaking.measurement, breaking: breaking, scale: scale)
  }

  /// One row of the answer: a measurement and, when it needs them, the lines it was made
  /// from.
  package struct Row {
    private let size: TextMeasurement
    private let breaking: MeasuredBreaking?
    private let scale: Double?

    fileprivate init(size: TextMeasurement, breaking: MeasuredBreaking?, scale: Double?) {
      self.size = size
      self.breaking = breaking
      self.scale = scale
    }

    /// The row without its lines, rounded when a scale is given.
    package var measurement: TextMeasurement {
      scale.map { size.rounded(toScale: $0) } ?? size
    }

    /// The row's lines, each handed to `each` as it is made (none without `needsLines`).
    package func lines(each: (Line) -> Void) { breaking?.forEachLine(each) }

    /// The row measured with its lines (for placing characters), unrounded.
    package var withLines: TextMeasurement { breaking?.withLines ?? size }
  }
}
