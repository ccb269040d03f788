import CaliperTestSupport
import Foundation
import Testing

@testable import Caliper

/// Properties of `TextStyle.wrapStyle` and `TextMeasurement.tightWidth` over the
/// paragraphs of the reference corpus (`TestFonts.paragraphs`) and Chromium's corpus, in
/// both break-rule modes, at widths from 40 to 600 pt. The lines Chromium gives are
/// `ChromiumWrapStyleTests`'.
@Suite struct WrapStyleTests {
  static let widths = stride(from: 40.0, through: 600, by: 37).map { $0 }

  /// Texts: the reference corpus's first paragraphs and one of each class of Chromium's.
  static let texts: [String] = {
    var texts = Array(TestFonts.paragraphs.prefix(12))
    let corpus =
      (try? String(contentsOfFile: TestFonts.fixtures + "/chromium-corpus.txt", encoding: .utf8))
      ?? ""
    var section = ""
    for line in corpus.split(separator: "\n") where !line.hasPrefix("#") {
      if line.hasPrefix("[") {
        section = String(line)
      } else if !section.isEmpty {
        texts.append(String(line))
        section = ""
      }
    }
    return texts
  }()

  static func prepared(_ text: String, _ rules: BreakRules, _ wrapStyle: TextStyle.WrapStyle)
    throws -> PreparedText
  {
    var style = TextStyle(size: 16)
    style.breakRules = rules
    style.wrapStyle = wrapStyle
    return try TestFonts.library.get().prepare(text, style: style)
  }

  /// Balancing never adds a line (Blink keeps the greedy lines where its choice has more),
  /// nor does `pretty`; `stable` is `auto`.
  @Test(arguments: [BreakRules.unicode, .css])
  func wrapStylesNeverAddLines(_ rules: BreakRules) throws {
    #expect(Self.texts.count > 20)
    var changed = 0
    for text in Self.texts {
      let auto = try Self.prepared(text, rules, .auto)
      let balance = try Self.prepared(text, rules, .balance)
      let pretty = try Self.prepared(text, rules, .pretty)
      let stable = try Self.prepared(text, rules, .stable)
      for width in Self.widths {
        let proposal = ProposedViewSize(width: width, height: nil)
        let greedy = auto.measure(proposal)
        let balanced = balance.measure(proposal)
        #expect(balanced.lineCount <= greedy.lineCount, "\(text.prefix(30)) at \(width)")
        #expect(pretty.measure(proposal).lineCount <= greedy.lineCount)
        #expect(stable.measure(proposal).lines == greedy.lines)
        // Sizes without lines are the measured ones.
        #expect(balance.sizeThatFits(proposal).size == balanced.size)
        if balanced.lines.map(\.range) != greedy.lines.map(\.range) { changed += 1 }
      }
    }
    // The property is not vacuous: balancing changed lines.
    #expect(changed > 20)
  }

  /// A size alone, asked first (`sizeThatFits`: the chosen lines go into their size, none
  /// kept), is the size of the lines measured after it (made again, with their lines), for
  /// `balance` and `pretty`, at every width: the same size, line count and tight width.
  @Test(arguments: [BreakRules.unicode, .css])
  func sizesAloneAreTheMeasuredOnes(_ rules: BreakRules) throws {
    var compared = 0
    for text in Self.texts {
      for wrapStyle in [TextStyle.WrapStyle.balance, .pretty] {
        // A size no other test prepares: no breaking of this text is cached yet.
        var style = TextStyle(size: 15)
        style.breakRules = rules
        style.wrapStyle = wrapStyle
        let prepared = try TestFonts.library.get().prepare(text, style: style)
        for width in Self.widths {
          let proposal = ProposedViewSize(width: width, height: nil)
          let alone = prepared.sizeThatFits(proposal)
          let measured = prepared.measure(proposal)
          #expect(alone.size == measured.size, "\(text.prefix(30)) at \(width), \(wrapStyle)")
          #expect(alone.lineCount == measured.lines.count)
          #expect(alone.tightWidth == measured.tightWidth)
          compared += 1
        }
      }
    }
    #expect(compared > 500)
  }

  /// A balanced paragraph's lines are no further apart in width than the greedy ones, and
  /// the text of every line is the text (nothing lost or repeated).
  @Test func balancedLinesCoverTheText() throws {
    for text in Self.texts.prefix(12) {
      let balance = try Self.prepared(text, .unicode, .balance)
      for width in Self.widths {
        let lines = balance.measure(ProposedViewSize(width: width, height: nil)).lines
        #expect(lines.first?.range.lowerBound == 0)
        for (line, next) in zip(lines, lines.dropFirst()) {
          #expect(line.range.upperBound == next.range.lowerBound)
        }
        #expect(lines.last?.range.upperBound == balance.analysis.scalars.count)
      }
    }
  }

  /// A size alone of wrap-styled lines (`LineFit` handed the chosen lines, which
  /// `WrapChooser.emit` adds with no span made for plain lines) is the size of the same
  /// lines made as spans (`LineBreaker.emit`, then `LineFit(_:)`), to the bit: both wrap
  /// styles, both break-rule modes, in faces of one line height and not.
  @Test(arguments: [BreakRules.unicode, .css])
  func sizeAloneIsItsLinesSize(_ rules: BreakRules) throws {
    var plain = 0
    for text in Self.texts {
      for wrapStyle in [TextStyle.WrapStyle.balance, .pretty] {
        let prepared = try Self.prepared(text, rules, wrapStyle)
        let facts = prepared.storage.breakFacts
        for width in Self.widths {
          var fit = LineFit()
          prepared.wrapStyledLines(at: width, into: &fit)
          let spans = prepared.wrapStyledLines(at: width)
          let expected = LineFit(spans)
          let note = "\(wrapStyle), \(rules), \(width): \(text.prefix(30))"
          #expect(fit.count == expected.count, "\(note)")
          #expect(fit.widest.bitPattern == expected.widest.bitPattern, "\(note)")
          #expect(fit.height.bitPattern == expected.height.bitPattern, "\(note)")
          #expect(fit.firstAscent.bitPattern == expected.firstAscent.bitPattern, "\(note)")
          #expect(
            fit.lastBelowBaseline.bitPattern == expected.lastBelowBaseline.bitPattern,
            "\(note)")
          if facts.contains(.plainLines), facts.contains(.sameLineMetrics), spans.count > 1 {
            plain += 1
          }
        }
      }
    }
    // Not vacuous: many sizes of plain lines of known metrics, re-chosen or not.
    #expect(plain > 200)
  }

  /// `line-break: anywhere` breaks before spaces, which hang at a line's end
  /// (`WrapChooser.hangingSpaces`). Where a paragraph's kept candidates say no segment is
  /// spaces alone (`WrapCandidates.hasSpaceSegments`), `emit` of plain lines takes each
  /// chosen end as it is: `hangingSpaces` must move no end there, checked for every end
  /// (before the paragraph's last) against the general code; and the size alone of the
  /// balanced lines is that of the same lines made as spans (every end looked at). Both
  /// break-rule modes, over the paragraphs' ASCII, with spaces and without (some of them
  /// plain lines).
  @Test(arguments: [BreakRules.unicode, .css])
  func endsNotLookedAtHangNothing(_ rules: BreakRules) throws {
    var style = TextStyle(size: 16)
    style.breakRules = rules
    style.lineBreak = .anywhere
    style.wrapStyle = .balance
    var moved = 0
    var still = 0
    var plainSizes = 0
    for paragraph in Self.texts {
      let spaced = String(String.UnicodeScalarView(paragraph.unicodeScalars.filter(\.isASCII)))
      for text in [spaced, spaced.filter { $0 != " " }] {
        let prepared = try TestFonts.library.get().prepare(text, style: style)
        let facts = prepared.storage.breakFacts
        let plain = facts.contains(.plainLines) && facts.contains(.sameLineMetrics)
        for width in stride(from: 40.0, through: 2000, by: 7) {
          var fit = LineFit()
          prepared.wrapStyledLines(at: width, into: &fit)
          let expected = LineFit(prepared.wrapStyledLines(at: width))
          let note = "\(rules), \(width): \(text.prefix(30))"
          #expect(fit.count == expected.count, "\(note)")
          #expect(fit.widest.bitPattern == expected.widest.bitPattern, "\(note)")
          #expect(fit.height.bitPattern == expected.height.bitPattern, "\(note)")
          if plain, expected.count > 1 { plainSizes += 1 }
        }
        guard
          let kept = prepared.lineBreaks.withWrapCandidates({
            $0.values.compactMap(\.candidates).first
          })
        else { continue }
        kept.candidates.withUnsafeBufferPointer { candidates in
          for end in candidates.indices.dropFirst().dropLast() {
            let ends = [end, candidates.count - 1]
            let point = ends.withUnsafeBufferPointer {
              WrapChooser.hangingSpaces(candidates, $0, 0, end, prepared.segments)
            }
            if point.offset != candidates[end].offset { moved += 1 } else { still += 1 }
            #expect(
              kept.hasSpaceSegments || point.offset == candidates[end].offset,
              "\(rules), end \(end): \(text.prefix(30))")
          }
        }
      }
    }
    // Not vacuous: ends that hang spaces (CSS's breaks before spaces: ICU's come after
    // them), ends that do not, and sizes of plain lines.
    #expect(rules == .unicode || moved > 1000, "\(moved)")
    #expect(still > 1000, "\(still)")
    #expect(plainSizes > 100, "\(plainSizes)")
  }

  /// Balanced lines of plain text counted from its table of line ends, where a word is
  /// wider than the line (the count declines: `GreedyLines(plain:…)`) and the greedy lines
  /// are kept unchosen (`PreparedText.keepGreedyLines`: into a size through the table's
  /// loop): their size, and their spans, are those of the lines made as spans and chosen by
  /// `WrapChooser` (no table: the spans' own overflow decides), at narrow widths, in both
  /// break-rule modes.
  @Test(arguments: [BreakRules.unicode, .css])
  func wordsWiderThanTheLineKeepTheGreedyLines(_ rules: BreakRules) throws {
    var wide = 0
    for text in Self.texts {
      let prepared = try Self.prepared(text, rules, .balance)
      let facts = prepared.storage.breakFacts
      guard facts.contains(.plainLines), !facts.contains(.indents),
        let table = PlainLineIndexTests.table(prepared)
      else { continue }
      defer { PlainLineIndex.destroy(table) }
      for width in stride(from: 4.0, through: 240, by: 3) {
        var fit = LineFit()
        prepared.wrapStyledLines(at: width, index: table, into: &fit)
        let expected = LineFit(prepared.wrapStyledLines(at: width))
        let note = "\(rules), \(width): \(text.prefix(30))"
        #expect(fit.count == expected.count, "\(note)")
        #expect(fit.widest.bitPattern == expected.widest.bitPattern, "\(note)")
        #expect(fit.height.bitPattern == expected.height.bitPattern, "\(note)")
        var spans: [LineBreaker.Span] = []
        prepared.wrapStyledLines(at: width, index: table, into: &spans)
        #expect(spans == prepared.wrapStyledLines(at: width), "\(note)")
        if prepared.minWidth > width, expected.count <= ScoreLineBreaker.maxLinesForBalance {
          wide += 1
        }
      }
    }
    // Not vacuous: paragraphs of few lines with a word wider than the line.
    #expect(wide > 20, "\(wide)")
  }

  /// `tightWidth` gives the same lines, and 0.01 pt less gives other lines: with and
  /// without padding and insets, in both modes.
  @Test(arguments: [BreakRules.unicode, .css])
  func tightWidthIsTheNarrowestWithTheSameLines(_ rules: BreakRules) throws {
    var options = TextContainerOptions()
    options.lineFragmentPadding = 5
    options.textContainerInset = Size(width: 3, height: 2)
    var checked = 0
    for text in Self.texts {
      let prepared = try Self.prepared(text, rules, .auto)
      for options in [TextContainerOptions(), options] {
        for width in Self.widths + [Double?.none] {
          let result = prepared.measure(
            ProposedViewSize(width: width, height: nil), options: options)
          let lines = result.lines.map(\.range)
          let tight = result.tightWidth
          #expect(tight <= (width ?? .infinity) + 1e-9)
          let atTight = prepared.measure(
            ProposedViewSize(width: tight, height: nil), options: options)
          #expect(
            atTight.lines.map(\.range) == lines,
            "\(text.prefix(30)) at \(String(describing: width)): tight \(tight)")
          let extra = 2 * (options.lineFragmentPadding + options.textContainerInset.width)
          guard tight - 0.01 >= extra else { continue }
          let narrower = prepared.measure(
            ProposedViewSize(width: tight - 0.01, height: nil), options: options)
          #expect(
            narrower.lines.map(\.range) != lines,
            "\(text.prefix(30)) at \(String(describing: width)): tight \(tight)")
          checked += 1
        }
      }
    }
    #expect(checked > 500)
  }

  /// By hand: "Blue tile with a longer local label" at 120 pt breaks "Blue tile with a" |
  /// "longer local" | "label" in Noto Sans; the widest line, "Blue tile with a", is
  /// (hb-shape --font-size=1000, Noto Sans) 6895 units × 16 / 1000 = 110.32 pt, the tight
  /// width: the proposal's 9.68 pt of slack are gone.
  @Test func tightWidthOfALabel() throws {
    let text = try Self.prepared("Blue tile with a longer local label", .unicode, .auto)
    let result = text.sizeThatFits(ProposedViewSize(width: 120, height: nil))
    #expect(abs(result.tightWidth - 6895 * 16 / 1000) < 1e-9)
    #expect(result.rounded(toScale: 2).tightWidth == 110.5)
  }
}
