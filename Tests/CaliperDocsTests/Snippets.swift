import Caliper
import CaliperLayout
import CaliperTestSupport
import Testing

/// Every Swift example of the README and the DocC catalogs, verbatim (DocumentationExamples
/// checks that each block appears here line for line), one per test function so that no name
/// is shared; the `#expect`s after each example check the values its comments show.
@Suite struct Snippets {
  /// True when `value` prints as `shown` with the documentation's three decimals.
  func shows(_ value: Double, _ shown: Double) -> Bool {
    abs(value - shown) < 0.0005
  }

  /// README.md, "Library". The example catches its errors (a program's top level must), so
  /// the values its comments show are measured again after it, the same way, and checked.
  @Test func readmeLibrary() throws {
    do {
      let fonts = try FontLibrary.bundled()
      let text = try fonts.prepare(
        "Blue tile with a longer local label", style: TextStyle(size: 16))

      let ideal = text.idealSize  // one line: 242.656 × 21.792
      let wrapped = text.measure(ProposedViewSize(width: 120, height: nil))
      let size = wrapped.size  // 110.32 × 65.376: the widest line × 3 lines
      let lines = wrapped.lines.map(\.text)  // ["Blue tile with a ", "longer local ", "label"]
      let pixels = wrapped.rounded(toScale: 2).size  // ceil to a 2× pixel grid: 110.5 × 65.5
      let minWidth = text.minWidth  // the widest unbreakable word: 49.168
      print(ideal, size, lines, pixels, minWidth)  // 242.656 × 21.792 110.32 × 65.376 […]
    } catch {
      print("error: \(error)")  // one line, such as every place searched for missing fonts
    }

    let text = try TestFonts.library.get().prepare(
      "Blue tile with a longer local label", style: TextStyle(size: 16))
    let ideal = text.idealSize
    let wrapped = text.measure(ProposedViewSize(width: 120, height: nil))
    let size = wrapped.size
    #expect(shows(ideal.width, 242.656) && shows(ideal.height, 21.792))
    #expect(shows(size.width, 110.32) && shows(size.height, 65.376))
    #expect(wrapped.lineCount == 3)
    #expect(wrapped.lines.map(\.text) == ["Blue tile with a ", "longer local ", "label"])
    #expect(wrapped.rounded(toScale: 2).size == Size(width: 110.5, height: 65.5))
    #expect(shows(text.minWidth, 49.168))
  }

  /// Caliper.docc, GettingStarted.md (checked as the README's example is).
  @Test func gettingStarted() throws {
    do {
      let fonts = try FontLibrary.bundled()
      let text = try fonts.prepare(
        "Blue tile with a longer local label", style: TextStyle(size: 16))

      let wrapped = text.measure(ProposedViewSize(width: 120, height: nil))
      let size = wrapped.size  // 110.32 × 65.376: the widest line × three lines
      let lines = wrapped.lines.map(\.text)  // ["Blue tile with a ", "longer local ", "label"]
      print(size, lines)
    } catch {
      print("error: \(error)")  // one line, such as every place searched for missing fonts
    }

    let text = try TestFonts.library.get().prepare(
      "Blue tile with a longer local label", style: TextStyle(size: 16))
    let wrapped = text.measure(ProposedViewSize(width: 120, height: nil))
    #expect(shows(wrapped.size.width, 110.32) && shows(wrapped.size.height, 65.376))
    #expect(wrapped.lines.map(\.text) == ["Blue tile with a ", "longer local ", "label"])
  }

  /// Caliper.docc, AutomaticHyphenation.md.
  @Test func hyphenation() throws {
    let fonts = try FontLibrary.bundled()
    var style = TextStyle(size: 16, locale: "en-US")
    style.hyphenation = .auto
    let text = try fonts.prepare("hyphenation", style: style)
    let lines = text.measure(ProposedViewSize(width: 70, height: nil)).lines
    let shown = lines.map(\.text)  // ["hyphen‐", "ation"]: 61.84 pt with its hyphen, then 38.448
    let narrowest = text.minWidth  // 43.792: "phen‐", the widest syllable with its hyphen

    #expect(shown == ["hyphen\u{2010}", "ation"])
    #expect(shows(lines[0].width, 61.84) && shows(lines[1].width, 38.448))
    #expect(shows(narrowest, 43.792))
  }

  /// Caliper.docc, CharacterRectsAndHitTesting.md.
  @Test func characterRectsAndHitTesting() throws {
    let fonts = try FontLibrary.bundled()
    let text = try fonts.prepare("The word שלום עולם means hello world")
    let measured = text.measure(ProposedViewSize(width: 200, height: nil))
    let geometry = text.characterGeometry(of: measured)
    let rects = geometry.rects(for: 4..<14)  // "word שלום ": two pieces, left to right
    let caret = geometry.caret(at: 9)  // before "ש": its right edge, x 148.064
    let index = geometry.characterIndex(for: Point(x: 2, y: 10))  // 0: the left half of "T"

    #expect(rects.count == 2 && rects[0].maxX < rects[1].minX)
    #expect(shows(try #require(caret).x, 148.064))
    #expect(index == 0)
  }

  /// Caliper.docc, InkBoundsOfText.md.
  @Test func inkBounds() throws {
    let fonts = try FontLibrary.bundled()
    let style = TextStyle(size: 30, fonts: [.family("Noto Sans Italic")])
    let text = try fonts.prepare("fjord", style: style)
    let measured = text.measure(.unspecified)
    let ink = text.inkBounds(of: measured)
    let left = ink.rect?.minX  // -3.36: the italic "f" starts 112 units left of its origin

    #expect(shows(try #require(left), -3.36))
  }

  /// Caliper.docc, TrimmingLineBoxes.md.
  @Test func trimmingLineBoxes() throws {
    var style = TextStyle(size: 16)
    style.paragraph.textBoxTrim = .trimBoth
    style.paragraph.textBoxEdge = TextBoxEdge(over: .cap, under: .alphabetic)
    let text = try FontLibrary.bundled().prepare("Hxg", style: style)
    let height = text.idealSize.height  // 11.424: Noto Sans's cap height, 714 units × 16 / 1000

    #expect(shows(height, 11.424))
  }

  /// Caliper.docc, SynthesizedStyles.md.
  @Test func synthesizedStyles() throws {
    let fonts = try FontLibrary.bundled()
    let bold = FontDescriptor(family: "Noto Sans Mono", weight: 700)
    let text = try fonts.prepare("Hi", style: TextStyle(size: 16, fonts: [.descriptor(bold)]))
    let drawn = text.faces[0].synthesis  // .weight: emboldened when drawn; 19.2 pt wide, as regular

    #expect(drawn == .weight)
    #expect(shows(text.idealWidth, 19.2))
  }

  /// Caliper.docc, DecoratingSpans.md.
  @Test func decoratingSpans() throws {
    let fonts = try FontLibrary.bundled()
    let underline = TextDecoration(lines: .underline, style: .wavy)
    let text = try fonts.prepare("Hxg xyz", spans: [TextSpan(0..<3, decoration: underline)])
    let strokes = text.decorations(of: text.measure(.unspecified))
    let top = strokes[0].rect.minY  // 18.704: 1.6 pt below the baseline at 17.104

    #expect(shows(top, 18.704))
  }

  /// Caliper.docc, InlinePlaceholders.md.
  @Test func inlinePlaceholders() throws {
    let fonts = try FontLibrary.bundled()
    let avatar = Placeholder(width: 24, height: 24, alignment: .middle, label: "avatar")
    let text = try fonts.prepare(
      "Sent by \u{FFFC} today", spans: [TextSpan(8..<9, placeholder: avatar)])
    let measured = text.measure(ProposedViewSize(width: 120, height: nil))
    let box = text.characterGeometry(of: measured).placeholders[0]
    let rect = box.rect  // x 59.472, y 0, 24 × 24: after "Sent by " on the first line

    #expect(shows(rect.minX, 59.472) && rect.minY == 0 && box.line == 0)
    #expect(rect.width == 24 && rect.height == 24)
  }

  /// Caliper.docc, LinesAndTruncation.md.
  @Test func linesAndTruncation() throws {
    let fonts = try FontLibrary.bundled()
    let text = try fonts.prepare("Blue tile with a longer local label", style: TextStyle(size: 16))

    let one = TextContainerOptions(lineLimit: 1)  // truncated at the tail
    let cut = text.measure(ProposedViewSize(width: 100, height: nil), options: one)
    let shown = cut.lines.map(\.text)  // ["Blue tile wit…"]: 99.952 pt with the ellipsis, ≤ 100
    let hidden = (cut.truncated, cut.hiddenRange)  // true, 13..<35 (Unicode scalars not shown)
    let ideal = text.measure(.unspecified, options: one).size.width  // 242.656: untouched

    // A fixed-height frame: with a truncation mode (or a line limit) a finite proposed
    // height keeps only the lines that fit (at least one) and truncates the last.
    let framed = text.measure(
      ProposedViewSize(width: 120, height: 50),
      options: TextContainerOptions(truncationMode: .middle))
    let count = framed.lineCount  // 2 (each line 21.792)

    let centered = text.measure(
      ProposedViewSize(width: 120, height: nil), options: TextContainerOptions(alignment: .center))
    let xs = centered.lines.map(\.x)  // [0, 11.2, 37.112]: (widest − line width) / 2

    #expect(shown == ["Blue tile wit…"])
    #expect(shows(cut.lines[0].width, 99.952) && cut.lines[0].width <= 100)
    #expect(hidden.0 && hidden.1 == 13..<35)
    #expect(shows(ideal, 242.656))
    #expect(count == 2 && framed.lines.allSatisfy { shows($0.height, 21.792) })
    #expect(xs.count == 3 && shows(xs[0], 0) && shows(xs[1], 11.2) && shows(xs[2], 37.112))
  }

  /// Caliper.docc, StyleOptions.md: features and variations.
  @Test func featuresAndVariations() throws {
    let fonts = try FontLibrary.bundled()
    let tabular = TextStyle(fonts: [.family("Inter")], features: [try FontFeature(parsing: "tnum")])
    let ones = try fonts.prepare("1111", style: tabular).idealSize.width  // 41.455, as "0000"
    let heavy = try FontVariation(parsing: "wght=700")
    let bold = TextStyle(fonts: [.family("Inter")], variations: [heavy])
    let axes = try fonts.font(family: "Inter").variationAxes  // [wght 100…400…900]

    #expect(shows(ones, 41.455))
    #expect(ones == (try fonts.prepare("0000", style: tabular).idealWidth))
    let regular = try fonts.prepare("Hamburg", style: TextStyle(fonts: [.family("Inter")]))
    #expect(try fonts.prepare("Hamburg", style: bold).idealWidth > regular.idealWidth)
    #expect(axes.map(\.tag) == ["wght"])
    #expect(axes.map(\.minimum) == [100] && axes.map(\.defaultValue) == [400])
    #expect(axes.map(\.maximum) == [900])
  }

  /// Caliper.docc, StyleOptions.md: spacing, line heights and tabs.
  @Test func spacingLineHeightsAndTabs() throws {
    var style = TextStyle(size: 16, letterSpacing: 0.5, wordSpacing: 2)
    style.paragraph = ParagraphStyle(
      tabStops: TabStops([40, 120]), lineSpacing: 4, lineHeightMultiple: 1.2, paragraphSpacing: 8)
    style.paragraph.lineHeight = 24  // a fixed height instead of the multiple
    style.paragraph.firstLineHeadIndent = 20  // or headIndent: 20 for a hanging indent

    // One line: its fixed height, 24, and no line spacing after the last line.
    let text = try FontLibrary.bundled().prepare("a\tb", style: style)
    #expect(shows(text.idealSize.height, 24))
  }

  /// Caliper.docc, WrapStyles.md.
  @Test func wrapStyles() throws {
    var style = TextStyle(size: 16)
    style.wrapStyle = .balance
    let label = "Blue tile with a longer local label"
    let text = try FontLibrary.bundled().prepare(label, style: style)
    let lines = text.measure(ProposedViewSize(width: 200, height: nil)).lines
    // "Blue tile with a " (110.32 pt) and "longer local label" (128.176 pt),
    // where greedy filling gives "Blue tile with a longer " and "local label".

    // hb-shape --font-size=1000, Noto Sans: 6895 and 8011 units.
    #expect(lines.map(\.text) == ["Blue tile with a ", "longer local label"])
    #expect(shows(lines[0].width, 110.32) && shows(lines[1].width, 128.176))
  }

  /// Caliper.docc, BrowserExactMode.md.
  /// Caliper.docc, VerticalText.md: Droid Sans Fallback's 16-pt vmtx advance per
  /// ideograph, its (267 + 68) × 16 / 256 = 20.9375-pt column; "る。" moves together.
  @Test func verticalText() throws {
    let fonts = try FontLibrary.bundled()
    var style = TextStyle(size: 16, locale: "ja")
    style.writingMode = .verticalRL
    let text = try fonts.prepare("吾輩は猫である。名前はまだ無い。", style: style)
    let block = text.measureColumns(ProposedViewSize(width: nil, height: 120))
    let columns = block.columns.map(\.text)  // ["吾輩は猫であ", "る。名前はまだ", "無い。"]
    let size = block.size  // 62.8125 × 112: three columns of 20.9375, the longest 112

    #expect(columns == ["吾輩は猫であ", "る。名前はまだ", "無い。"])
    #expect(size == Size(width: 3 * 20.9375, height: 7 * 16))
  }

  @Test func browserExactMode() throws {
    var style = TextStyle(size: 16)
    style.breakRules = .css  // lines, heights and min/max-content as Chromium's
    style.whiteSpace = .preWrap
    style.overflowWrap = .anywhere
    let label = "Blue tile with a longer local label"
    let text = try FontLibrary.bundled().prepare(label, style: style)
    let size = text.measure(ProposedViewSize(width: 120, height: nil)).size  // 110.32 × 66

    // Three Noto Sans lines of Blink's 22 pt (17 + 5); the widest as in `.unicode` mode.
    #expect(shows(size.width, 110.32) && size.height == 66)
  }

  /// Caliper.docc, FontsAndFallback.md.
  @Test func systemFonts() throws {
    // System fonts from one folder only, for results that do not change with the machine's
    // fonts (here the tests' Lohit Tamil); the default, `.installed`, is the machine's fonts.
    let fonts = try FontLibrary.bundled(
      systemFonts: .directories(["Tests/CaliperTests/Fixtures/SystemFonts"]))
    let bold = FontDescriptor(family: "Lohit Tamil", weight: 700)
    let file = try fonts.font(bold).path  // ".../SystemFonts/Lohit-Tamil.ttf": its nearest face
    let style = TextStyle(systemFallback: true)  // characters the cascade lacks: system fonts
    let faces = try fonts.prepare("Tamil தமிழ்", style: style).faces.map(\.path)
    // [".../Fonts/NotoSans-Regular.ttf", ".../SystemFonts/Lohit-Tamil.ttf"]

    #expect(file.hasSuffix("/SystemFonts/Lohit-Tamil.ttf"))
    #expect(faces.count == 2)
    #expect(faces.first?.hasSuffix("/Fonts/NotoSans-Regular.ttf") == true)
    #expect(faces.last?.hasSuffix("/SystemFonts/Lohit-Tamil.ttf") == true)
  }

  /// Caliper.docc, HostileInput.md.
  @Test func inputLimits() throws {
    let fonts = try FontLibrary.bundled(inputLimits: InputLimits(maxTextBytes: 1 << 20))
    let hugeText = String(repeating: "a", count: 2_000_000)
    var message = ""
    do { _ = try fonts.prepare(hugeText) } catch { message = "\(error)" }
    // text of 2000000 bytes of UTF-8 is over the limit of 1048576 bytes (InputLimits.maxTextBytes)

    #expect(
      message
        == "text of 2000000 bytes of UTF-8 is over the limit of 1048576 bytes (InputLimits.maxTextBytes)"
    )
  }

  /// Caliper.docc, ManyWidths.md.
  @Test func caches() throws {
    let fonts = try FontLibrary.bundled(limits: CacheLimits(preparedBytes: 0))  // 0 = off
    _ = try fonts.prepare("Blue tile", style: TextStyle())
    let report = fonts.cacheStatistics  // hits, misses, hit rate, entries, bytes, evictions
    fonts.removeAll()

    #expect(report.faces.misses == 1)
    #expect(report.prepared.entries == 0)
    #expect(fonts.cacheStatistics.faces.entries == 0)
  }

  /// CaliperLayout.docc, LayoutContainers.md.
  @Test func layoutContainers() throws {
    let fonts = try FontLibrary.bundled()
    let labels = try ["Amber tile", "Blue tile with a longer local label", "Green tile"].map {
      try Text($0, fonts: fonts).padding(10).frame(maxWidth: .infinity, alignment: .leading).id($0)
    }
    let panel = VStack(alignment: .leading, spacing: 12) {
      EqualWidthColumn(gap: 8) { labels }
      WrappingLayout(spacing: 8) {
        Box(width: 80, height: 24)
        Box(width: 100, height: 24)
        Box(width: 90, height: 24)
      }
    }
    let outcome = try LayoutEngine().layout(panel, in: ProposedViewSize(width: 320, height: nil))
    let amber = outcome.result["Amber tile"]?.frame  // x 0, y 0, width 262.656, height 41.792

    let frame = try #require(amber)
    #expect(frame.origin.x == 0 && frame.origin.y == 0)
    #expect(shows(frame.size.width, 262.656) && shows(frame.size.height, 41.792))
  }

  /// CaliperLayout.docc, FormsBaselinesAndGrids.md.
  @Test func formsBaselinesAndGrids() throws {
    let fonts = try FontLibrary.bundled()
    let name = try Text("Name:", fonts: fonts)
    let value = try Text(
      "Blue tile with a longer local label",
      style: TextStyle(size: 28), fonts: fonts)
    let form = Grid(alignment: .leadingFirstTextBaseline, horizontalSpacing: 12) {
      GridRow {
        name.gridColumnAlignment(.trailing)
        value
      }
      Box(minWidth: 0, idealWidth: 0, maxWidth: .infinity, height: 1)
        .gridCellUnsizedAxes(.horizontal)  // a divider that never widens a column
    }
    let result = try LayoutEngine().layout(form, in: ProposedViewSize(width: 300, height: nil))
      .result

    // The label's and the value's first baselines are one line; the value wraps.
    let texts = result.nodes.filter { $0.kind == "text" }
    let baselines = texts.map { $0.frame.minY + ($0.text?.lines[0].baseline ?? 0) }
    #expect(texts.count == 2 && abs(baselines[0] - baselines[1]) < 1e-9)
    #expect(texts[1].text?.lineCount ?? 0 > 1)
    #expect(result.size.width <= 300)
    // The guide below lines boxes up on their leading edges by default.
    let column = VStack(alignment: .valueEdge) {
      Box(width: 40, height: 10)
      Box(width: 10, height: 10)
    }
    #expect(try LayoutEngine().layout(column, in: .unspecified).result.size.width == 40)
  }

  /// Caliper.docc, UsingCaliperInAPackage.md: a first program.
  @Test func usingCaliperFirstProgram() throws {
    do {
      let fonts = try FontLibrary.bundled()
      let text = try fonts.prepare("Blue tile with a longer local label")
      print(text.measure(ProposedViewSize(width: nil, height: nil)))
      // 242.656 × 21.792 pt, 1 line at the ideal width
    } catch {
      print("error: \(error)")  // a CaliperError; for missing fonts, every place searched
    }

    let text = try FontLibrary.bundled().prepare("Blue tile with a longer local label")
    let shown = "\(text.measure(ProposedViewSize(width: nil, height: nil)))"
    #expect(shown == "242.656 × 21.792 pt, 1 line at the ideal width")
  }

  /// Caliper.docc, UsingCaliperInAPackage.md: shipping your own fonts.
  @Test func usingCaliperWithOwnFonts() throws {
    let appFonts = TestFonts.directory
    let fonts = try FontLibrary(fontsDirectory: appFonts)  // the folder your app ships
    let label = try fonts.prepare("Blue tile with a longer local label")

    #expect(label.faces.map(\.path) == [appFonts + "/NotoSans-Regular.ttf"])
  }
}

enum ValueEdge: AlignmentID {
  static func defaultValue(in d: ViewDimensions) -> Double { d[.leading] }
}
extension HorizontalAlignment { static let valueEdge = HorizontalAlignment(ValueEdge.self) }
