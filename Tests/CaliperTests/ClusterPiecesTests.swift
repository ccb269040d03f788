import CaliperTestSupport
import Foundation
import Testing

@testable import Caliper

/// A face whose layout cannot join two clusters (`Font.joinsNoClusters`) has its runs shaped
/// cluster by cluster, each alone through the shape cache (`RunPieces.clusters`), in lines
/// and in columns. The fact is checked against the faces' tables; the pieces against the
/// in-context path (the same texts prepared with no shape cache, which shapes every run
/// whole with the paragraph as context): the same advances, flags and drawn glyphs for
/// every CJK paragraph of the corpora, horizontal and vertical.
@Suite struct ClusterPiecesTests {
  /// Why each bundled face but one may join clusters, as fontTools 4.38 reads its tables
  /// (`TTFont(f)['GSUB'].table.LookupList`, each lookup's `LookupType`, an extension's
  /// `ExtensionLookupType`; the `kern` table's presence). Droid Sans Fallback: GSUB one
  /// extension lookup of single substitutions (`vert`), GPOS no lookup, no `kern`/AAT.
  static let joins: [String: String] = [
    "Inter-roman.var.ttf": "GSUB 4 (ligatures), 5, 6; GPOS 2 (pairs)",
    "NanumGothic.ttf": "a legacy kern table (no GSUB or GPOS)",
    "NotoColorEmoji.ttf": "GSUB 4, 5, 6 (emoji sequences)",
    "NotoSans-Bold.ttf": "GSUB 4, 6; GPOS 2, 4-6, 8",
    "NotoSans-BoldItalic.ttf": "GSUB 4, 6; GPOS 2, 4-6, 8",
    "NotoSans-Italic.ttf": "GSUB 4, 6; GPOS 2, 4-6, 8",
    "NotoSans-Regular.ttf": "GSUB 4, 6; GPOS 2, 4-6, 8",
    "NotoSansArabic-Regular.ttf": "GSUB 4, 6; GPOS 2, 4-6, 8",
    "NotoSansDevanagari-Regular.ttf": "GSUB 4, 5, 6; GPOS 2, 4, 6, 8",
    "NotoSansHebrew-Regular.ttf": "GSUB 4; GPOS 2, 4, 5",
    "NotoSansMono-Regular.ttf": "GSUB 4, 6; GPOS 4, 6",
    "NotoSansThai-Regular.ttf": "GSUB 4, 6; GPOS 2, 4, 6",
  ]

  static let droid = "DroidSansFallbackFull.ttf"

  @Test func bundledFacesThatJoinNoClusters() throws {
    #expect(LayoutGlyphsTests.files.count == Self.joins.count + 1)
    for file in LayoutGlyphsTests.files {
      let font = try Font(path: TestFonts.directory + "/" + file)
      #expect(font.joinsNoClusters == (Self.joins[file] == nil), "\(file)")
    }
  }

  /// The corpora's paragraphs holding kana, ideographs or Hangul: the vertical Japanese
  /// benchmark file, both synthetic mixed corpora (the repository's and, where it is
  /// checked out beside it, the shared one), the multilingual sample and Chromium's corpora.
  static let paragraphs: [String] = {
    let files = [
      TestFonts.root + "/Benchmarks/Corpus/vertical-japanese.txt",
      TestFonts.root + "/Benchmarks/Corpus/synthetic-mixed.txt",
      TestFonts.root + "/../shared/corpus/synthetic-mixed.txt",
      TestFonts.fixtures + "/multilingual-sample.txt",
      TestFonts.fixtures + "/chromium-corpus.txt",
      TestFonts.fixtures + "/chromium-vertical-corpus.txt",
    ]
    var seen = Set<String>()
    return files.flatMap { file in
      ((try? String(contentsOfFile: file, encoding: .utf8)) ?? "").split(separator: "\n")
        .map(String.init)
        .filter { line in
          line.unicodeScalars.contains { (0x3040...0x30FF).contains($0.value) }
            || line.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) }
            || line.unicodeScalars.contains { (0xAC00...0xD7AF).contains($0.value) }
        }
        .filter { seen.insert($0).inserted }
    }
  }()

  static func style(vertical: Bool, rules: BreakRules) -> TextStyle {
    var style = TextStyle(size: 16, locale: "ja")
    style.breakRules = rules
    if vertical { style.writingMode = .verticalRL }
    return style
  }

  /// How many runs of `text` are shaped cluster by cluster (a line's short words whole).
  static func clusterRuns(_ text: PreparedText) -> Int {
    text.runs.count { [.clusters, .wordsOrClusters].contains(pieces(of: $0, in: text)) }
  }

  /// How preparing cut `run` of `text` into pieces.
  static func pieces(of run: TextRun, in text: PreparedText) -> RunPieces? {
    guard let font = text.cascadeFonts[run.face] else { return nil }
    return Shaper(style: text.shapingStyle(ofFace: run.face)).pieces(
      run, scalars: text.analysis.scalars, font: font, cacheEnabled: text.storage.shapedByWord)
  }

  /// Each cluster alone (through the shape cache) gives what the run whole gives with the
  /// paragraph as context: every scalar's advance (the prefix sums, exactly), cluster
  /// starts and unsafe offsets, in lines and in columns (upright runs shaped top to bottom),
  /// under both break-rule modes (`.css` synthesizes vertical advances for a face without
  /// `vmtx`); and the glyphs drawn for every line at two widths.
  @Test(arguments: [false, true]) func clustersAloneShapeAsTheirRun(vertical: Bool) throws {
    let pieces = try FontLibrary(
      fontsDirectory: TestFonts.directory, limits: CacheLimits(preparedBytes: 0))
    let whole = try FontLibrary(
      fontsDirectory: TestFonts.directory, limits: CacheLimits(shapeBytes: 0, preparedBytes: 0))
    #expect(Self.paragraphs.count > 150)
    var clusterRuns = 0
    var lines = 0
    for rules in [BreakRules.unicode, .css] {
      let style = Self.style(vertical: vertical, rules: rules)
      for paragraph in Self.paragraphs {
        let byCluster = try pieces.prepare(paragraph, style: style)
        let byRun = try whole.prepare(paragraph, style: style)
        clusterRuns += Self.clusterRuns(byCluster)
        #expect(Self.clusterRuns(byRun) == 0)
        #expect(byCluster.storage.prefix == byRun.storage.prefix, "\(paragraph)")
        #expect(byCluster.storage.clusterStart == byRun.storage.clusterStart, "\(paragraph)")
        #expect(byCluster.storage.unsafeBefore == byRun.storage.unsafeBefore, "\(paragraph)")
        for length in [120.0, 330] {
          let proposal =
            vertical
            ? ProposedViewSize(width: nil, height: length)
            : ProposedViewSize(width: length, height: nil)
          let first = byCluster.measure(proposal).lines
          let second = byRun.measure(proposal).lines
          #expect(first.map(\.range) == second.map(\.range), "\(paragraph)")
          for (one, other) in zip(first, second) {
            let drawn = byCluster.glyphRuns(in: one).flatMap(\.glyphs)
            let expected = byRun.glyphRuns(in: other).flatMap(\.glyphs)
            #expect(drawn == expected, "\(paragraph) \(one.range)")
            lines += 1
          }
        }
      }
    }
    #expect(clusterRuns > 500)
    #expect(lines > 700)
  }

  /// Preparing a Japanese paragraph shapes each cluster of the fallback face's runs alone
  /// (the call's context is the call's own range, one grapheme), and once the shape cache
  /// holds them, preparing it again calls HarfBuzz for none of them. Before, every run was
  /// one call with the paragraph as context, in every preparation, and so was each Noto
  /// Sans word touching a Japanese run.
  @Test(arguments: [false, true]) func japaneseClustersComeFromTheShapeCache(vertical: Bool)
    throws
  {
    #if DEBUG
      let library = try FontLibrary(
        fontsDirectory: TestFonts.directory, limits: CacheLimits(preparedBytes: 0))
      let paragraph = try #require(Self.paragraphs.first)
      let style = Self.style(vertical: vertical, rules: .unicode)
      var text: PreparedText?
      let cold = try PreparedGlyphsTests.calls {
        text = try library.prepare(paragraph, style: style)
      }
      let prepared = try #require(text)
      let scalars = prepared.analysis.scalars
      let droidRuns = prepared.runs.filter {
        prepared.cascadeFonts[$0.face]?.path.hasSuffix(Self.droid) == true
      }
      // Its Japanese runs go cluster by cluster, its Latin ones (full-width letters) word
      // by word, each word alone.
      let clusterRuns = droidRuns.filter {
        [.clusters, .wordsOrClusters].contains(Self.pieces(of: $0, in: prepared))
      }
      #expect(clusterRuns.count > 5)
      #expect(Self.clusterRuns(prepared) == clusterRuns.count)
      #expect(
        droidRuns.allSatisfy {
          [.clusters, .wordsAlone, .wordsOrClusters].contains(Self.pieces(of: $0, in: prepared))
        })
      for call in cold where droidRuns.contains(where: { $0.range.contains(call.range.lowerBound) })
      {
        #expect(call.context == call.range, "\(call)")
      }
      // Upright, a grapheme a call; in lines, a short word or a grapheme.
      for call in cold
      where clusterRuns.contains(where: { $0.range.contains(call.range.lowerBound) }) {
        #expect(
          (!vertical && call.range.count <= Shaper.longestClusterWord)
            || !call.range.dropFirst().contains { prepared.isGraphemeStart($0) },
          "\(call) \(scalars)")
      }
      // Nor for the Noto Sans words between them ("……", "internationalization"): their
      // scripts' shapers read no context, so each is shaped alone and kept too.
      let warm = try PreparedGlyphsTests.calls { _ = try library.prepare(paragraph, style: style) }
      #expect(warm.isEmpty, "\(warm)")
    #endif
  }

  /// The shape cache tells an upright word (shaped top to bottom: vertical advances) from
  /// the same word shaped left to right, and both from right to left.
  @Test func uprightWordsAreKeyedApart() {
    let word: [Unicode.Scalar] = ["\u{3042}", "\u{3002}"]
    func key(rightToLeft: Bool, upright: Bool) -> ShapeKey {
      ShapeKey(
        font: 1, script: 0x4869_7261, rightToLeft: rightToLeft, upright: upright, language: 0,
        features: [], word: word[...])
    }
    let keys = [
      key(rightToLeft: false, upright: false), key(rightToLeft: true, upright: false),
      key(rightToLeft: false, upright: true),
    ]
    #expect(Set(keys.map(\.word.digest)).count == 3)
    #expect(keys[0] != keys[2] && keys[1] != keys[2] && keys[0] != keys[1])
    #expect(keys[2].word.upright && !keys[2].word.rightToLeft)
    #expect(keys[1].word.rightToLeft && !keys[1].word.upright)
    // An upright word is upright whatever its bidi level (`VerticalShaping.direction`).
    #expect(key(rightToLeft: true, upright: true) == keys[2])
  }

  /// A Latin run of a face that joins no clusters goes word by word (a cache lookup a word,
  /// not a letter) and gives what the run shaped whole gives; a Japanese run of the same
  /// face still goes cluster by cluster.
  @Test func spacedScriptsGoByWord() throws {
    let pieces = try FontLibrary(
      fontsDirectory: TestFonts.directory, limits: CacheLimits(preparedBytes: 0))
    let whole = try FontLibrary(
      fontsDirectory: TestFonts.directory, limits: CacheLimits(shapeBytes: 0, preparedBytes: 0))
    let style = TextStyle(size: 16, fonts: [.family("Droid Sans Fallback")], locale: "en")
    for paragraph in [
      "In my younger and more vulnerable years, my father gave me advice.", "日本語の文章です。",
    ] {
      let text = try pieces.prepare(paragraph, style: style)
      let kinds = text.runs.map { Self.pieces(of: $0, in: text) }
      let latin = paragraph.unicodeScalars.allSatisfy(\.isASCII)
      #expect(
        kinds
          == text.runs.map {
            latin ? .wordsAlone : $0.range.count > 1 ? .wordsOrClusters : .clusters
          })
      #expect(text.storage.prefix == (try whole.prepare(paragraph, style: style)).storage.prefix)
    }
  }

  /// Drawing finds the piece that holds an offset (`Shaper.pieceStart`) as preparing cut
  /// it (`Shaper.piece(from:)`): for every offset of every run of the corpora's CJK
  /// paragraphs and the fallback-heavy ones cut `.wordsOrClusters` (a short word whole, a
  /// longer one by cluster), and every run cut otherwise.
  @Test func pieceStartsAreWherePreparingCut() throws {
    let library = try FontLibrary(
      fontsDirectory: TestFonts.directory, limits: CacheLimits(preparedBytes: 0))
    let fallback =
      ((try? String(
        contentsOfFile: TestFonts.root + "/Benchmarks/Corpus/fallback-heavy.txt", encoding: .utf8))
      ?? "").split(separator: "\n").map(String.init)
    var (words, clusters, offsets) = (0, 0, 0)
    for paragraph in Self.paragraphs + fallback + ["日本 語の文章 です。 長い長い長い長い単語 と", "中 \u{301}文字 x"] {
      let text = try library.prepare(paragraph, style: Self.style(vertical: false, rules: .unicode))
      let scalars = text.analysis.scalars
      let boundaries = (0...scalars.count).map { $0 == scalars.count || text.isGraphemeStart($0) }
      for run in text.runs {
        guard let kind = Self.pieces(of: run, in: text) else { continue }
        var start = run.range.lowerBound
        while start < run.range.upperBound {
          let piece = Shaper.piece(
            from: start, in: run, scalars: scalars, boundaries: boundaries, pieces: kind)
          if kind == .wordsOrClusters {
            let word = Shaper.startsWord(start, in: run, scalars: scalars, boundaries: boundaries)
            if word && piece.range.count > 1 { words += 1 } else { clusters += 1 }
          }
          for offset in piece.range {
            let found = Shaper.pieceStart(
              containing: offset, in: run, scalars: scalars, boundaries: boundaries, pieces: kind)
            #expect(found == start, "\(paragraph) \(run.range) \(offset)")
            offsets += 1
          }
          start = piece.range.upperBound
        }
      }
    }
    #expect(words > 1_000)
    #expect(clusters > 1_000)
    #expect(offsets > 50_000)
  }
}
