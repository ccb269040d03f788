import Caliper

/// The rows of one text's answer in `caliper measure` and `caliper serve`: a measurement
/// per proposal, made when it is written, and its lines handed on one at a time.
///
/// Problem: 10 MB of prose at 100 pt is 800,000 lines; holding them (and their spans) to
/// write them took most of a 454 MB peak. Solution: a row's size comes from `sizeThatFits`
/// (no lines built, the breaking cached), and its lines from
/// `measure(_:options:eachLine:)`, written as each is made.
package struct MeasuredRows {
  package let text: PreparedText
  package let proposals: [ProposedViewSize]
  package let options: TextContainerOptions
  package let format: MeasureFormat

  package init(
    text: PreparedText, proposals: [ProposedViewSize], options: TextContainerOptions,
    format: MeasureFormat
  ) {
    self.text = text
    self.proposals = proposals
    self.options = options
    self.format = format
  }

  package var count: Int { proposals.count }

  /// Row `index` without its lines, rounded when a scale is given.
  package func measurement(_ index: Int) -> TextMeasurement {
    let row = text.sizeThatFits(proposals[index], options: options)
    return format.scale.map { row.rounded(toScale: $0) } ?? row
  }

  /// Row `index`'s lines, each handed to `each` as it is made.
  package func lines(_ index: Int, each: (Line) -> Void) {
    _ = text.measure(proposals[index], options: options, eachLine: each)
  }

  /// Row `index`'s ink boxes (`InkBounds`): its lines measured, held and shaped again.
  package func inkBounds(_ index: Int) -> InkBounds {
    text.inkBounds(of: text.measure(proposals[index], options: options))
  }
}
