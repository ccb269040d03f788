import CaliperTestSupport
import Foundation
import Testing

@testable import Caliper

/// Several threads relaying out one prepared text at new widths at once: the breakings, the
/// table of line ends made at a second new width (`PlainLineIndex`, made under the cache's
/// lock and read outside it) and the root-rules memo (`TextAnalysis.lineRulesAreRoot`, asked
/// by threads preparing in alternating locales) give each thread what one thread alone
/// gets. An equivalence test: the expected sizes come from texts relaid out at one width
/// each, serially (whose breakings `PangoAgreementTests` checks against Pango).
@Suite struct RelayoutConcurrencyTests {
  @Test func threadsRelayingOutOneTextAgreeWithSerialBreakings() throws {
    let library = try TestFonts.library.get()
    let paragraphs = TestFonts.paragraphs.prefix(12).filter { $0.count > 200 }
    #expect(paragraphs.count > 3)
    let widths = (0..<64).map { 40 + Double($0) * 7.25 }
    for paragraph in paragraphs {
      // The serial answers: each width in a text that has seen no other.
      let expected = try widths.map { width in
        let text = try FontLibrary(fontsDirectory: TestFonts.directory).prepare(paragraph)
        return text.sizeThatFits(ProposedViewSize(width: width, height: nil)).size
      }
      let shared = try library.prepare(paragraph)
      shared.breakCache.removeAll()
      let mismatches = Locked(0)
      let start = DispatchSemaphore(value: 0)
      let done = DispatchGroup()
      for worker in 0..<6 {
        done.enter()
        Thread {
          start.wait()
          var wrong = 0
          for step in widths.indices {
            let index = (step * (worker + 1) + worker * 11) % widths.count
            let size = shared.sizeThatFits(ProposedViewSize(width: widths[index], height: nil))
              .size
            if size != expected[index] { wrong += 1 }
          }
          mismatches.withLock { $0 += wrong }
          done.leave()
        }.start()
      }
      for _ in 0..<6 { start.signal() }
      done.wait()
      #expect(mismatches.withLock { $0 } == 0, "\(paragraph.prefix(40))")
      if shared.storage.breakFacts.contains(.plainLines) {
        #expect(shared.breakCache.plainIndexBytes > 0)
      }
    }
  }

  /// Threads preparing in locales that alternate between root line rules and others ask
  /// the root-rules memo at once: each text breaks as it does prepared alone.
  @Test func rootRulesMemoUnderAlternatingLocales() throws {
    let locales = [
      "en", "ja@lb=loose", "de", "ja@lb=normal", "fr", "zh@lb=loose", "en-US", "ko",
    ]
    // Small kana and prolonged sound marks: no break before them under root rules (CJ as
    // NS), a break under loose and normal ones.
    let text = "チェックァーーィ、ジャンプッァ Hello world"
    let expected = try locales.map { locale in
      try FontLibrary(fontsDirectory: TestFonts.directory)
        .prepare(text, style: TextStyle(locale: locale)).segments.map(\.end)
    }
    let mismatches = Locked(0)
    let done = DispatchGroup()
    for worker in 0..<6 {
      done.enter()
      Thread {
        var wrong = 0
        for round in 0..<40 {
          let index = (round + worker) % locales.count
          let fonts = try? FontLibrary(
            fontsDirectory: TestFonts.directory, limits: CacheLimits(preparedBytes: 0))
          let ends = try? fonts?.prepare(text, style: TextStyle(locale: locales[index]))
            .segments.map(\.end)
          if ends != expected[index] { wrong += 1 }
        }
        mismatches.withLock { $0 += wrong }
        done.leave()
      }.start()
    }
    done.wait()
    #expect(mismatches.withLock { $0 } == 0)
    // Not vacuous: the locales do not all break alike.
    #expect(Set(expected).count > 1)
  }
}
