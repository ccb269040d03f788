import CaliperLayout
import Testing

/// The shared-width label column with real text: three labels in Noto Sans 16 pt, 10 pt
/// padding, each label's frame as wide as the column.
@Suite struct LabelColumnTests {
  static let labels = ["Amber tile", "Blue tile with a longer local label", "Green tile"]

  static func column() throws -> AnyView {
    let texts = try labels.map(TestFonts.text)
    return EqualWidthColumn(gap: 8) {
      for (label, text) in zip(labels, texts) {
        text.id("text " + label).padding(10).frame(maxWidth: .infinity, alignment: .leading)
          .id(label)
      }
    }
  }

  /// The widest ideal label: the long one, 242.656 pt (hb-shape) plus 2 × 10 padding.
  static let idealWidth = NotoSans.blueTile + 20

  @Test func idealWidthWhenThereIsRoom() throws {
    let result = try LayoutEngine().layout(Self.column(), in: .width(600)).result
    #expect(close(result.size.width, Self.idealWidth))
    // One line each: 3 × (21.792 + 20) + 2 gaps of 8.
    #expect(close(result.size.height, 3 * (NotoSans.lineHeight + 20) + 16))
    for label in Self.labels {
      #expect(close(try #require(result[label]).frame.width, Self.idealWidth))
    }
    #expect(close(try #require(result["text Amber tile"]).frame.width, NotoSans.amberTile))
  }

  @Test func shrinkingWidths() throws {
    let column = try Self.column()
    var previousHeight = 0.0
    for width in stride(from: 600.0, through: 60, by: -10) {
      let result = try LayoutEngine().layout(column, in: .width(width)).result
      let expectedWidth = min(Self.idealWidth, width)
      #expect(close(result.size.width, expectedWidth), "width \(width)")
      let frames = try Self.labels.map { try #require(result[$0]).frame }
      #expect(frames.allSatisfy { close($0.width, expectedWidth) }, "one width at \(width)")
      #expect(result.size.height >= previousHeight - 1e-9, "height never decreases")
      previousHeight = result.size.height
      let long = try #require(result["text Blue tile with a longer local label"]?.text)
      #expect((long.lineCount > 1) == (width - 20 < NotoSans.blueTile - 1e-6), "wraps at \(width)")
      // Frames stack from the top with 8 pt gaps, each as tall as its text plus padding.
      var y = 0.0
      for (label, frame) in zip(Self.labels, frames) {
        #expect(close(frame.minY, y), "\(label) at \(width)")
        let text = try #require(result["text " + label]?.text)
        #expect(close(frame.height, text.size.height + 20))
        y += frame.height + 8
      }
      #expect(close(result.size.height, y - 8))
    }
  }

  @Test func measurementAndPlacementAgree() throws {
    for width in [60.0, 120, 200, 262.656, 300, 600] {
      let findings = try LayoutEngine().audit(Self.column(), in: .width(width))
      #expect(findings.isEmpty, "\(findings)")
    }
  }

  @Test func unspecifiedAndInfiniteGiveTheIdealWidth() throws {
    for proposal in [ProposedViewSize.unspecified, .infinity, .width(.infinity)] {
      let result = try LayoutEngine().layout(Self.column(), in: proposal).result
      #expect(close(result.size.width, Self.idealWidth))
    }
  }

  @Test func emptyColumnIsZero() throws {
    let result = try LayoutEngine().layout(EqualWidthColumn(gap: 8) {}, in: .width(300)).result
    #expect(result.size == .zero)
  }
}
