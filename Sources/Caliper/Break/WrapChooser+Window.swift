/// Break, wrap styles: a paragraph's greedy lines held only as far as the wrap style may
/// re-choose them.
///
/// Problem: `balance` and `pretty` re-choose at most a paragraph's last few greedy lines
/// (`pretty` its last 4, `balance` a paragraph of 2 to 6), but every greedy line was kept in
/// an array made at each width (an allocation a call, two where it grew, and its release),
/// and a paragraph's lines copied again into another for `pretty`.
/// Solution: this sink, between the greedy breaker and the caller's sink, holds the lines
/// of the open paragraph in scratch memory the caller lends (`capacity` spans: on the stack)
/// and hands the others on as they come: under `pretty`, all but the last 4 of a paragraph
/// in order; under `balance`, a paragraph's lines once there are more than 6 (Blink keeps
/// its greedy lines); under the other styles, every line. At the paragraph's end (a hard
/// break or the text's end, or the last line of all) the held lines go to
/// `WrapChooser.choose` with whether any line of the paragraph overflowed, which hands on
/// the same lines in the same order as over the whole paragraph.
struct WrapWindow<Sink: LineSink>: LineSink {
  /// The spans the scratch memory holds: `balance`'s most lines and more, so that `pretty`
  /// moves its last 4 down once every 4 lines, not at each.
  static var capacity: Int { 8 }

  let chooser: WrapChooser
  let wrapStyle: TextStyle.WrapStyle
  /// The caller's scratch (`capacity` spans) and sink, both outliving this window.
  let held: UnsafeMutableBufferPointer<LineBreaker.Span>
  let sink: UnsafeMutablePointer<Sink>
  /// The text's length: a line ending there ends its paragraph.
  let textEnd: Int
  /// The most lines of a paragraph the style re-chooses: `pretty`'s window, the most
  /// `balance` takes; 0 where it re-chooses none.
  let most: Int
  /// The most lines held before some are handed on: `pretty`'s scratch, `balance`'s most.
  let room: Int
  /// The lines held (the first `count` of `held`).
  var count = 0
  /// Whether the open paragraph's lines are handed on as they come (`balance`, past its
  /// most): none is held.
  var passing = false
  /// Whether a line of the open paragraph overflows (`LineBreaker.Span.overflows(_:)`).
  var overflows = false
  /// The open paragraph's number in the text.
  var number = 0

  /// The chooser made here from `text` borrowed (made by the caller and copied in, its
  /// references were retained twice).
  @inline(__always)
  init(
    _ text: borrowing PreparedText, available: Double, declined: Bool,
    _ wrapStyle: TextStyle.WrapStyle, textEnd: Int,
    held: UnsafeMutableBufferPointer<LineBreaker.Span>, sink: UnsafeMutablePointer<Sink>
  ) {
    precondition(held.count >= Self.capacity, "a window's scratch too small")
    chooser = WrapChooser(text: text, available: available, declined: declined)
    self.wrapStyle = wrapStyle
    self.textEnd = textEnd
    self.held = held
    self.sink = sink
    switch wrapStyle {
    case .pretty: most = ScoreLineBreaker.maxLinesForPretty
    case .balance: most = ScoreLineBreaker.maxLinesForBalance
    case .auto, .stable: most = 0
    }
    room = wrapStyle == .pretty ? Self.capacity : most
    passing = most == 0
  }

  mutating func append(_ span: LineBreaker.Span) {
    overflows = overflows || span.overflows(chooser.available)
    if passing {
      sink.pointee.append(span)
    } else if count < room {
      held[count] = span
      count &+= 1
    } else if wrapStyle == .balance {
      // More lines than `balance` takes: the paragraph keeps its greedy lines.
      for index in 0..<count { sink.pointee.append(held[index]) }
      sink.pointee.append(span)
      count = 0
      passing = true
    } else {
      // `pretty`, the scratch full: all but the last `most - 1` handed on, those moved down.
      let kept = most &- 1
      let handed = count &- kept
      for index in 0..<handed { sink.pointee.append(held[index]) }
      for index in 0..<kept { held[index] = held[handed &+ index] }
      held[kept] = span
      count = most
    }
    if span.end == textEnd
      || (span.end > span.start && chooser.text.analysis.isLineSeparator(span.end - 1))
    {
      endParagraph()
    }
  }

  /// Hands on the open paragraph's held lines, re-chosen by the style where it applies.
  mutating func endParagraph() {
    if count > 0 {
      chooser.choose(
        UnsafeBufferPointer(rebasing: held[..<count]), overflows: overflows, number: number,
        wrapStyle, into: &sink.pointee)
    }
    count = 0
    passing = most == 0
    overflows = false
    number &+= 1
  }

  /// Whether the paragraph open after the last line has lines not yet handed on (the
  /// breaker's lines end without a paragraph's end: its last line closes it all the same).
  var isOpen: Bool { count > 0 }
}
