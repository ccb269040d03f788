/// Break: how wide any start..<end of a prepared text is as a line.
///
/// Problem: the prefix sums of `PreparedText` give the paragraph's advances, but a line is
/// not always their sum: an edge where HarfBuzz marks breaking unsafe (kerning or a
/// ligature across it) shapes differently when cut, a tab reaches the next tab stop from
/// wherever it falls, letter spacing stops at the line's last cluster, a line broken at a
/// soft hyphen shows a hyphen, and a paragraph's first line is indented. Solution: one
/// type answers every "how wide is start..<end" question, and the line breaker,
/// truncation and drawing all ask it (`width`, `penAdvance`, `softHyphenWidths`,
/// `trailingWidth`, `indent`); its parts are in `LineWidths+Edges.swift`,
/// `LineWidths+Tabs.swift` and `SoftHyphen.swift`. It is a view over the immutable
/// prepared data: making one copies no arrays. Limitation: tab stops assume left-to-right
/// lines.
struct LineWidths {
  /// The prepared text measured.
  let text: PreparedText
  /// What the widths remember between calls: nil for measuring a text without tabs (one
  /// optional reference, so that making a `LineWidths` per relayout stays small: the text's
  /// three words and this one).
  let memo: Memo?

  /// The widths of `text`'s lines; `drawing` keeps reshaped stretches in a `StretchMemo`.
  init(_ text: PreparedText, drawing: Bool = false) {
    self.text = text
    let hasTabs = text.tabStops != nil && !text.tabs.isEmpty
    memo =
      hasTabs || drawing
      ? Memo(tabs: hasTabs ? TabProgress() : nil, stretches: drawing ? StretchMemo() : nil) : nil
  }

  /// The widths of the lines of `text`, which has no tab stops, for measuring: no memo
  /// (`init(_:drawing:)` makes none for such a text either). With nothing of its own to
  /// free, a `LineWidths` made for one scan only borrows the text's references: a relayout
  /// no longer retains and releases them (`PreparedText.sizeOnlyFit(containing:into:)`).
  @inline(__always)
  init(untabbed text: PreparedText) {
    self.text = text
    memo = nil
  }

  /// Where the last tabbed line measured got to (`tabbedWidth`): only for a text with tabs.
  var tabProgress: TabProgress? { memo?.tabs }
  /// For drawing, which asks for the pen at every cluster of a line: the last reshaped
  /// stretch's advances, kept so that each is shaped once (nil: measuring, which asks the
  /// text's `LineBreakCache`).
  var stretchMemo: StretchMemo? { memo?.stretches }

  /// What one `LineWidths` remembers between calls, used by one thread at a time.
  final class Memo {
    let tabs: TabProgress?
    let stretches: StretchMemo?

    init(tabs: TabProgress?, stretches: StretchMemo?) {
      self.tabs = tabs
      self.stretches = stretches
    }
  }

  /// The width of a line from `start` whose content ends at `contentEnd` and which breaks
  /// at `end`: prefix arithmetic, except that where HarfBuzz marks an edge unsafe to break
  /// (kerning or a ligature across it) the stretch between that edge and the nearest safe
  /// offset inside the line is reshaped on its own. HarfBuzz guarantees that text cut at a
  /// safe offset shapes the same on both sides, so only that stretch can change; the line
  /// in between keeps its paragraph advances. This keeps the cost of a line edge
  /// independent of the line's length. Tabs in the line advance to the tab stops, and
  /// letter spacing is not added after the line's last cluster (`lineEdgeSpacing`).
  @inline(__always)
  func width(from start: Int, to contentEnd: Int, breakingAt end: Int) -> Double {
    let width = penAdvance(from: start, to: contentEnd, breakingAt: end)
    return contentEnd > start ? width - lineEdgeSpacing(before: contentEnd) : width
  }

  /// Whether a line starting at `start` starts where HarfBuzz marks breaking unsafe.
  func isUnsafeStart(_ start: Int) -> Bool {
    start > 0 && start < text.analysis.scalars.count && text.unsafeBefore[start]
  }

  /// Whether `offset` falls inside a HarfBuzz cluster (a ligature across it): breaking there
  /// reshapes both sides (`width`), and the cluster's advance, on its first scalar, is not
  /// the line's.
  func isInsideCluster(_ offset: Int) -> Bool {
    offset > 0 && offset < text.analysis.scalars.count && !text.clusterStart[offset]
  }

  /// The letter spacing a line's content width leaves out when its content ends at `end`:
  /// the one after its last cluster, in that cluster's style (a span's, or the text's).
  @inline(__always)
  func lineEdgeSpacing(before end: Int) -> Double {
    guard text.hasLetterSpacing, end > 0 else { return 0 }
    return letterSpacing(before: end)
  }

  /// The letter spacing of the cluster before `end` (a span's, or the text's).
  @inline(never)
  private func letterSpacing(before end: Int) -> Double {
    text.slotStyles.isEmpty
      ? text.style.letterSpacing : text.slotStyles[text.face(at: end - 1)].letterSpacing
  }

  /// How far the pen moves across start..<end (breaking at `breakAt`): the stretch's
  /// advances, its edges reshaped where unsafe, its tabs at their stops, and the spacing
  /// after its last cluster kept (a stretch that a line goes on past). A line's `width` is
  /// this less `lineEdgeSpacing`.
  @inline(__always)
  func penAdvance(from start: Int, to end: Int, breakingAt breakAt: Int) -> Double {
    text.tabStops == nil
      ? untabbedWidth(from: start, to: end, breakingAt: breakAt)
      : tabbedWidth(from: start, to: end, breakingAt: breakAt)
  }

  /// Whether a line's width is more than prefix arithmetic: tabs move to stops, letter
  /// spacing leaves the line's edge (the line breaker then asks `width`).
  var adjustsLineWidths: Bool { text.tabStops != nil || text.hasLetterSpacing }

  /// The indent of a line starting at `start`: the first-line head indent where a
  /// paragraph starts (the text's start, or after a hard break), else the head indent.
  @inline(__always)
  func indent(atLineStart start: Int) -> Double {
    guard text.storage.breakFacts.contains(.indents) else { return 0 }
    return paragraphIndent(atLineStart: start)
  }

  /// The first-line or head indent of a line starting at `start`, read from the style.
  private func paragraphIndent(atLineStart start: Int) -> Double {
    // Read in place: binding the paragraph style would copy (and retain) its tab stops.
    let first = text.style.paragraph.firstLineHeadIndent
    let head = text.style.paragraph.headIndent
    return start == 0 || text.analysis.isLineSeparator(start - 1) ? first : head
  }

}

extension PreparedText {
  /// The widths of this text's lines (`LineWidths`). Inlined, so that a relayout's
  /// `LineWidths`, which lives no longer than the call, retains nothing.
  @inline(__always)
  var widths: LineWidths { LineWidths(self) }
}
