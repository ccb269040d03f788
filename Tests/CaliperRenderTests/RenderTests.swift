import Caliper
import CaliperRender
import CaliperTestSupport
import Testing

/// The fonts folder, library and corpus every test target shares (Tests/CaliperTestSupport).
typealias RenderFixtures = TestFonts

extension TestFonts {
  /// A fresh path under the temporary directory.
  static func temporaryPath(_ name: String) -> String {
    TemporaryFiles.path(name + ".png")
  }

  /// Every 20th paragraph of the test corpus longer than 40 characters (Gatsby, then the
  /// multilingual sample).
  static let sample = paragraphs.enumerated().filter { $0.offset % 20 == 0 }.map(\.element)
}

@Suite struct RenderTests {
  static let noOverlays = RenderOptions(scale: 2, margin: 8, overlays: [])

  struct SizeCase: Sendable, CustomTestStringConvertible {
    let text: String
    let width: Double?
    let scale: Double
    let margin: Double
    var testDescription: String {
      "\(text.prefix(20)) @\(width.map { "\($0)" } ?? "ideal") ×\(scale)"
    }
  }

  static let sizeCases: [SizeCase] = [
    SizeCase(text: "Blue tile with a longer local label", width: 120, scale: 2, margin: 8),
    SizeCase(text: "Blue tile with a longer local label", width: nil, scale: 1, margin: 0),
    SizeCase(text: "Hello नमस्ते 你好 😀 שלום", width: 90, scale: 3, margin: 4.5),
    SizeCase(text: "Supercalifragilisticexpialidocious", width: 60, scale: 1.5, margin: 10),
  ]

  /// The PNG reads back through libpng with the pixels written, and its size is the
  /// measured size rounded up to the pixel grid, times the scale, plus the margin on each
  /// side: ceil(w × s) + 2 ceil(m × s) by ceil(h × s) + 2 ceil(m × s).
  @Test(arguments: sizeCases)
  func pngSizeIsMeasuredSizeTimesScalePlusMargin(_ item: SizeCase) throws {
    let fonts = try RenderFixtures.library.get()
    let text = try fonts.prepare(item.text)
    let proposal = ProposedViewSize(width: item.width, height: nil)
    let options = RenderOptions(scale: item.scale, margin: item.margin, overlays: [])
    let rendering = try TextRenderer(options: options).render(
      text, proposal: proposal, fonts: fonts)
    // One file per case: the cases run in parallel.
    let path = RenderFixtures.temporaryPath("size-\(item.scale)")
    defer { TemporaryFiles.remove(path) }
    try PNGFile.write(rendering.image, to: path)
    let back = try PNGFile.read(path)
    let measured = text.measure(proposal).size.rounded(toScale: item.scale)
    let margin = Int((item.margin * item.scale).rounded(.up))
    #expect(back.width == Int((measured.width * item.scale).rounded()) + 2 * margin)
    #expect(back.height == Int((measured.height * item.scale).rounded()) + 2 * margin)
    #expect(back == rendering.image)
  }

  /// With the legend and the guide, the image grows by the legend's strip (and to the
  /// proposal, when it is wider than the text).
  @Test func legendAndGuideAddTheirDeclaredSpace() throws {
    let fonts = try RenderFixtures.library.get()
    let text = try fonts.prepare("Blue tile")
    let proposal = ProposedViewSize(width: 200, height: nil)
    let rendering = try TextRenderer(options: RenderOptions(overlays: [.guide, .legend]))
      .render(text, proposal: proposal, fonts: fonts)
    let measured = text.measure(proposal).size
    #expect(measured.width < 200)
    #expect(rendering.legendHeight > 0)
    #expect(rendering.image.width >= 400 + 2 * 16)
    #expect(
      rendering.image.height
        == RenderOptions.pixels(measured.height, scale: 2) + 2 * 16 + rendering.legendHeight)
  }

  /// Ink stays in its line's box: every glyph's FreeType bitmap (trimmed to inked pixels)
  /// lies inside the box of its line (x 0…width incl. trailing whitespace, y over the
  /// line's height), up to an overhang; every non-background pixel is some glyph's ink.
  ///
  /// Allowed overhang: ink is bounded neither by advances nor by ascent and descent, and
  /// fonts document how far it reaches in their 'head' bounding box. Noto Sans (read from
  /// its tables): head yMin −389 against hhea descent 293 units per 1000, so a descender
  /// such as "J" or "j" may reach 0.096 em below the line box; xMin −621 lets a glyph start
  /// left of its origin. The test allows 0.15 em plus one pixel of anti-aliasing on every
  /// side and prints the largest overhang seen.
  @Test func inkStaysInsideLineBoxes() throws {
    let fonts = try RenderFixtures.library.get()
    var largest = (pixels: 0.0, em: 0.0, text: "")
    var paragraphs = 0
    let scale = 2.0
    for paragraph in RenderFixtures.sample {
      let text = try fonts.prepare(paragraph)
      let rendering = try TextRenderer(options: Self.noOverlays).render(
        text, proposal: ProposedViewSize(width: 320, height: nil), fonts: fonts)
      let allowed = 0.15 * text.style.size * scale + 1
      for ink in rendering.ink {
        let line = rendering.measurement.lines[ink.line]
        let box = rendering.lineBox(ink.line)
        let right = box.x0 + line.widthIncludingTrailingWhitespace * scale
        let overhang = max(
          0, box.x0 - Double(ink.box.x0), Double(ink.box.x1) - right, box.y0 - Double(ink.box.y0),
          Double(ink.box.y1) - box.y1)
        #expect(overhang <= allowed, "\(paragraph.prefix(30)): line \(ink.line) \(ink.box)")
        if overhang > largest.pixels {
          largest = (overhang, overhang / (text.style.size * scale), String(line.text.prefix(40)))
        }
      }
      // Every pixel that is not background is inside some glyph's ink box.
      let image = rendering.image
      var inked = [Bool](repeating: false, count: image.width * image.height)
      for ink in rendering.ink {
        for y in max(0, ink.box.y0)..<min(image.height, ink.box.y1) {
          for x in max(0, ink.box.x0)..<min(image.width, ink.box.x1) {
            inked[y * image.width + x] = true
          }
        }
      }
      var stray = 0
      for y in 0..<image.height {
        for x in 0..<image.width where !inked[y * image.width + x] {
          if image.pixel(x: x, y: y) != .white { stray += 1 }
        }
      }
      #expect(stray == 0, "\(paragraph.prefix(30)): \(stray) pixels outside every glyph box")
      paragraphs += 1
    }
    #expect(paragraphs >= 20)
    print(
      "largest ink overhang in \(paragraphs) paragraphs: \(largest.pixels) px = \(largest.em) em"
        + " on \"\(largest.text)\"")
  }

  /// Latin + Devanagari + CJK + emoji: no `.notdef` with the bundled fonts, and every run
  /// has ink inside its own box (x from run.x to run.x + width, over its line).
  @Test func everyScriptHasInkInItsRunBox() throws {
    let fonts = try RenderFixtures.library.get()
    let text = try fonts.prepare("Label नमस्ते दुनिया 你好世界 😀👍 done")
    #expect(text.missing.isEmpty)
    let proposal = ProposedViewSize(width: 150, height: nil)
    let rendering = try TextRenderer(options: Self.noOverlays).render(
      text, proposal: proposal, fonts: fonts)
    #expect(rendering.notdefCount == 0)
    #expect(rendering.glyphCount > 0)
    let faces = Set(text.faces.map { $0.path.split(separator: "/").last.map(String.init) ?? "" })
    #expect(
      faces == [
        "NotoSans-Regular.ttf", "NotoSansDevanagari-Regular.ttf", "DroidSansFallbackFull.ttf",
        "NotoColorEmoji.ttf",
      ])
    let scale = 2.0
    for (lineIndex, line) in rendering.measurement.lines.enumerated() {
      for (runIndex, run) in text.runs(in: line).enumerated() where !run.isTrailingWhitespace {
        guard run.text.contains(where: { !$0.isWhitespace }) else { continue }
        let lineBox = rendering.lineBox(lineIndex)
        let x0 = lineBox.x0 + run.x * scale
        let x1 = x0 + run.width * scale
        let inside = rendering.ink.filter { ink in
          ink.line == lineIndex && ink.run == runIndex
            && Double(ink.box.x0) < x1 && Double(ink.box.x1) > x0
            && Double(ink.box.y0) < lineBox.y1 && Double(ink.box.y1) > lineBox.y0
        }
        #expect(!inside.isEmpty, "no ink for run \"\(run.text)\" on line \(lineIndex)")
      }
    }
    // The emoji are drawn in colour: some pixel is neither gray nor white.
    let image = rendering.image
    var coloured = 0
    for y in 0..<image.height {
      for x in 0..<image.width {
        let pixel = image.pixel(x: x, y: y)!
        if abs(Int(pixel.red) - Int(pixel.blue)) > 60 { coloured += 1 }
      }
    }
    #expect(coloured > 100)
  }

  @Test func unwritablePathIsAClearError() throws {
    let image = Image(width: 2, height: 2)
    #expect(throws: RenderError.self) {
      try PNGFile.write(image, to: "/nonexistent-dir/x.png")
    }
    #expect(throws: RenderError.self) { _ = try PNGFile.read("/nonexistent-dir/x.png") }
  }
}

/// The truncation mark: on a truncated line, the ellipsis's box is outlined in the mark's
/// colour; without the overlay (or without truncation) no pixel has it.
@Suite struct TruncationMarkTests {
  static let markColour = Color(red: 150, green: 40, blue: 220)

  static func markPixels(_ rendering: TextRendering) -> [(x: Int, y: Int)] {
    var found: [(x: Int, y: Int)] = []
    let image = rendering.image
    for y in 0..<image.height {
      for x in 0..<image.width where image.pixel(x: x, y: y) == markColour { found.append((x, y)) }
    }
    return found
  }

  @Test func ellipsisBoxIsMarkedOnlyWhenTruncated() throws {
    let fonts = try RenderFixtures.library.get()
    let text = try fonts.prepare("Blue tile with a longer local label")
    let proposal = ProposedViewSize(width: 120, height: nil)
    let truncating = TextContainerOptions(lineLimit: 1, truncationMode: .middle)
    let marked = try TextRenderer(options: RenderOptions(overlays: [.truncationMarks]))
      .render(text, proposal: proposal, fonts: fonts, textOptions: truncating)
    let line = try #require(marked.measurement.lines.first)
    #expect(line.truncation != nil)
    let ellipsis = try #require(text.runs(in: line).first { $0.isInserted })
    let pixels = Self.markPixels(marked)
    #expect(!pixels.isEmpty)
    // Every mark pixel lies on the ellipsis's box (x from line.x + run.x over its width).
    let box = marked.lineBox(0)
    let x0 = box.x0 + ellipsis.x * marked.scale
    let x1 = x0 + ellipsis.width * marked.scale
    #expect(pixels.allSatisfy { Double($0.x) >= x0.rounded(.down) - 1 && Double($0.x) <= x1 + 1 })
    let plain = try TextRenderer(options: RenderOptions(overlays: [])).render(
      text, proposal: proposal, fonts: fonts, textOptions: truncating)
    #expect(Self.markPixels(plain).isEmpty)
    let untruncated = try TextRenderer(options: RenderOptions(overlays: [.truncationMarks]))
      .render(text, proposal: proposal, fonts: fonts)
    #expect(Self.markPixels(untruncated).isEmpty)
  }
}
