import Caliper
import CaliperRender
import Testing

/// Drawing uses what measuring used: the varied face (its weight), justification's space
/// and tab stops land in the pixels where the measurement put them.
@Suite struct MeasuredFacesRenderTests {
  static let inter = RenderFixtures.root + "/Fonts/Inter-roman.var.ttf"
  static let scale = 2.0
  static let options = RenderOptions(scale: scale, margin: 8, overlays: [])

  /// The darkness of an image: the sum over its pixels of 255 − red (black text on white).
  static func ink(_ image: Image) -> Int {
    var total = 0
    for y in 0..<image.height {
      for x in 0..<image.width { total += 255 - Int(image.pixel(x: x, y: y)!.red) }
    }
    return total
  }

  /// Inter at weight 100 and 900: the black instance's ink is much heavier, and every glyph's
  /// ink lies inside its advance box (its pen x to x + advance, the line's height), one pixel
  /// of anti-aliasing allowed. Drawn with the file's default outlines (weight 400) over the
  /// thin instance's advances, "Hamburg" would overflow them; over the black one's, it would
  /// be the same weight as the thin one's.
  ///
  /// Inter's stems (its design: Thin 100 ≈ 0.03 em, Black 900 ≈ 0.2 em), so the black
  /// instance covers several times the ink of the thin one; the test asks for three times.
  @Test func heavierWeightDrawsHeavierInkInsideItsAdvances() throws {
    let fonts = try RenderFixtures.library.get()
    var inks: [Int] = []
    for weight in [100.0, 900] {
      let style = TextStyle(
        size: 16, fonts: [.file(Self.inter)],
        variations: [try FontVariation(tag: "wght", value: weight)])
      let text = try fonts.prepare("Hamburg", style: style)
      let rendering = try TextRenderer(options: Self.options).render(
        text, proposal: .unspecified, fonts: fonts)
      let line = try #require(rendering.measurement.lines.first)
      let runs = text.glyphRuns(in: line)
      let glyphs = runs.flatMap(\.glyphs)
      #expect(glyphs.count == 7)
      // hb-shape --font-size=2816 --variations=wght=900 Fonts/Inter-roman.var.ttf Hamburg:
      // 2112+1664+2648+1816+1828+1132+1828 = 13028 units × 16 / 2816 = 74.0227 pt.
      if weight == 900 { #expect(abs(line.width - 13028 * 16 / 2816.0) < 1e-9) }
      let origin = rendering.origin
      let box = rendering.lineBox(0)
      for ink in rendering.ink {
        let glyph = try #require(glyphs.first { $0.cluster == ink.cluster })
        let left = origin.x + (line.x + glyph.x) * Self.scale
        let right = left + glyph.advance * Self.scale
        #expect(Double(ink.box.x0) >= left - 1, "weight \(weight) glyph \(ink.cluster)")
        #expect(Double(ink.box.x1) <= right + 1, "weight \(weight) glyph \(ink.cluster)")
        #expect(Double(ink.box.y0) >= box.y0 - 1 && Double(ink.box.y1) <= box.y1 + 1)
      }
      #expect(rendering.ink.count == 7)
      inks.append(Self.ink(rendering.image))
    }
    print("Inter Hamburg ink at weight 100: \(inks[0]), at 900: \(inks[1])")
    #expect(inks[1] > 3 * inks[0])
  }

  /// A justified paragraph: every line but the last reaches the text's width. Its first
  /// glyph's ink starts where the same line's does when leading-aligned, and its last
  /// glyph's ink ends the line's slack further right (the box less indent and width), within
  /// one pixel at scale 2.
  @Test func justifiedLinesSpanTheTextWidth() throws {
    let fonts = try RenderFixtures.library.get()
    let text = try fonts.prepare(
      "Caliper measures text the way a layout system needs it measured: real glyph advances"
        + " from the font, line breaks at a proposed width, and the size that a label, a"
        + " column or a wrapping row of controls should report.")
    let proposal = ProposedViewSize(width: 200, height: nil)
    let renderer = TextRenderer(options: Self.options)
    let leading = try renderer.render(text, proposal: proposal, fonts: fonts)
    let justified = try renderer.render(
      text, proposal: proposal, fonts: fonts,
      textOptions: TextContainerOptions(alignment: .justified))
    let lines = justified.measurement.lines
    #expect(lines.count > 3)
    #expect(lines.dropLast().filter { $0.justification > 0 }.count >= lines.count - 2)
    let width = justified.measurement.size.width
    for index in lines.indices.dropLast() {
      let line = lines[index]
      let slack = (width - line.indent - line.width) * Self.scale
      #expect(line.justification > 0 || slack == 0)  // the widest line has no slack
      let plain = leading.ink.filter { $0.line == index }
      let spread = justified.ink.filter { $0.line == index }
      #expect(plain.count == spread.count)
      let first = (plain.map(\.box.x0).min()!, spread.map(\.box.x0).min()!)
      let last = (plain.map(\.box.x1).max()!, spread.map(\.box.x1).max()!)
      #expect(abs(first.1 - first.0) <= 1, "line \(index): starts \(first)")
      #expect(
        abs(Double(last.1 - last.0) - slack) <= 1,
        "line \(index): ends \(last), slack \(slack) px")
    }
  }

  /// Tabs: "a\tb" in Noto Sans at 16 pt puts "b" at the first default stop, 8 spaces of
  /// the face (hb-shape --font-size=1000 Fonts/NotoSans-Regular.ttf " ": 260 units, so
  /// 8 × 4.16 = 33.28 pt); with stops at 50 and 120 pt, "Name\tQty\tPrice" puts "Q" at 50
  /// and "P" at 120. The glyphs drawn are there, and their ink sits as far from it as the
  /// same glyph's ink does from 0 when drawn alone (within a pixel of sub-pixel placement).
  @Test(arguments: [
    ("a\tb", TabStops(), [2: 33.28]),
    ("Name\tQty\tPrice", TabStops([50, 120]), [5: 50.0, 9: 120]),
  ])
  func tabbedGlyphsDrawAtTheMeasuredStops(
    _ string: String, _ stops: TabStops, _ expected: [Int: Double]
  ) throws {
    let fonts = try RenderFixtures.library.get()
    let style = TextStyle(size: 16, paragraph: ParagraphStyle(tabStops: stops))
    let text = try fonts.prepare(string, style: style)
    let rendering = try TextRenderer(options: Self.options).render(
      text, proposal: .unspecified, fonts: fonts)
    let line = try #require(rendering.measurement.lines.first)
    let glyphs = text.glyphRuns(in: line).flatMap(\.glyphs)
    let scalars = Array(string.unicodeScalars)
    for (cluster, x) in expected {
      let glyph = try #require(glyphs.first { $0.cluster == cluster })
      #expect(abs(glyph.x - x) < 1e-9, "\(scalars[cluster]) at \(glyph.x), not \(x)")
      let alone = try TextRenderer(options: Self.options).render(
        try fonts.prepare(String(scalars[cluster]), style: style), proposal: .unspecified,
        fonts: fonts)
      let bearing = try #require(alone.ink.first).box.x0 - Int(alone.origin.x)
      let ink = try #require(rendering.ink.first { $0.cluster == cluster })
      let drawn = Double(ink.box.x0 - bearing) - rendering.origin.x
      #expect(abs(drawn - x * Self.scale) <= 1, "\(scalars[cluster]) inked at \(drawn) px")
    }
  }
}
