@_spi(Benchmarks) import Caliper

/// W2 and W3 for vertical text: Japanese set in columns (`writing-mode: vertical-rl`), against
/// Pango with gravity east (its vertical layout), on `vertical-japanese.txt`.
///
/// Cold: Caliper prepares the paragraph with `TextStyle.writingMode = .verticalRL` and locale
/// "ja" (upright runs shaped top to bottom, sideways runs left to right) and asks
/// `sizeThatFitsColumns` at a column height of 240 pt; Pango makes a vertical layout (the
/// context's base gravity east, language "ja"), sets the width (the column length) to 240 and
/// asks its size. Relayout: as W3 "new width", at up to 16 column heights below the paragraph's
/// column length, each in a different breaking's range (so each misses Caliper's breaking
/// cache), for paragraphs with at least 9 such; Pango sets the width and asks the size of its
/// existing layout. SkParagraph has no vertical layout and sits out.
extension Bench {
  /// The style of the vertical rows: this bench's, turned, in Japanese.
  var vertical: Bench {
    var style = style
    style.writingMode = .verticalRL
    style.locale = "ja"
    return Bench(fonts: fonts, style: style, passes: passes)
  }

  /// The language both sides set the vertical corpus in.
  static let verticalLanguage = "ja"

  /// A proposal of a column `height` points long.
  static func column(_ height: Double) -> ProposedViewSize {
    ProposedViewSize(width: nil, height: height)
  }

  /// Both vertical rows on `corpus`; call on a bench whose style is `vertical`'s.
  func verticalRows(_ corpus: Corpus) -> (cold: Row, relayout: Row) {
    let paragraphs = corpus.paragraphs
    let cold = Race(
      Array(paragraphs.indices), passes: passes,
      caliper: { index in
        Stopwatch.time {
          blackHole(prepare(paragraphs[index]).sizeThatFitsColumns(Self.column(240)).size)
        }
      },
      pango: { index in
        Stopwatch.time {
          let layout = PangoText(vertical: paragraphs[index], language: Self.verticalLanguage)
          layout.setWidth(240)
          blackHole(layout.size)
        }
      })
    let texts = paragraphs.map(prepare)
    // A vertical text's `sizeThatFits` is its columns as lines (the block turned), so the
    // heights with distinct breakings are W3's widths.
    let items = texts.indices.map { (index: $0, heights: Self.distinctWidths(texts[$0])) }
      .filter { $0.heights.count > 8 }
    let layouts = items.map {
      PangoText(vertical: paragraphs[$0.index], language: Self.verticalLanguage)
    }
    let relayout = Race(
      Array(items.indices), passes: passes,
      caliper: { number in
        let text = texts[items[number].index]
        return Stopwatch.time {
          for height in items[number].heights {
            blackHole(text.sizeThatFitsColumns(Self.column(height)).size)
          }
        }
      },
      pango: { number in
        let layout = layouts[number]
        return Stopwatch.time {
          for height in items[number].heights {
            layout.setWidth(height)
            blackHole(layout.size)
          }
        }
      })
    let calls = items.reduce(0) { $0 + $1.heights.count }
    return (
      Row(
        workload: "W2 cold measure (240), vertical-rl", corpus: corpus.name,
        operations: paragraphs.count, segments: texts.reduce(0) { $0 + $1.segmentCount },
        bytes: corpus.byteCount, race: cold, target: Target(pango: 5)),
      Row(
        workload: "W3 relayout, new height, vertical-rl", corpus: corpus.name, operations: calls,
        segments: items.reduce(0) { $0 + texts[$1.index].segmentCount * $1.heights.count },
        bytes: items.reduce(0) { $0 + paragraphs[$1.index].byteCount * $1.heights.count },
        race: relayout, target: Target(pango: 800))
    )
  }
}
