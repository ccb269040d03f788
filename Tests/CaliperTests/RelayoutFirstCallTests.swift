import CaliperTestSupport
import Foundation
import Synchronization
import Testing

@testable import Caliper

/// `RelayoutHints.isFirstRelayout(of:)`: a relayout asks for a text's lines
/// (`PreparedText.prefetchForRelayout`) only at this thread's first relayout of it since
/// another text's, a copy being the same text, and each thread keeps its own mark. The
/// asking itself is a hint no answer shows; what is checked is the thread's mark, which a
/// relayout below the ideal width leaves at its text and one at the ideal width leaves
/// where it was.
@Suite struct RelayoutFirstCallTests {
  static func texts() throws -> (PreparedText, PreparedText) {
    let fonts = try TestFonts.library.get()
    return (
      try fonts.prepare("A paragraph of several words that wraps at the narrower widths."),
      try fonts.prepare("Another paragraph, with other words in it, that wraps as well.")
    )
  }

  @Test func askedAtTheFirstRelayoutOfATextOnly() throws {
    let (first, second) = try Self.texts()
    // The mark is where this thread's last relayout left it: made `second`'s here.
    _ = RelayoutHints.isFirstRelayout(of: second)
    #expect(RelayoutHints.isFirstRelayout(of: first))
    #expect(!RelayoutHints.isFirstRelayout(of: first))
    let copy = first
    #expect(!RelayoutHints.isFirstRelayout(of: copy), "a copy shares the cache")
    #expect(RelayoutHints.isFirstRelayout(of: second))
    // A relayout below the ideal width asks, and marks its text.
    let narrow = ProposedViewSize(width: first.idealWidth / 3, height: nil)
    for _ in 0..<3 {
      _ = first.sizeThatFits(narrow)
      #expect(!RelayoutHints.isFirstRelayout(of: first), "marked by its relayout")
      _ = second.sizeThatFits(narrow)
      #expect(RelayoutHints.isFirstRelayout(of: first), "another text relaid out since")
    }
    // The ideal lines read neither the cache nor the table: nothing asked, nothing marked.
    _ = RelayoutHints.isFirstRelayout(of: second)
    _ = first.sizeThatFits(ProposedViewSize(width: nil, height: nil))
    _ = first.sizeThatFits(ProposedViewSize(width: first.idealWidth * 2, height: nil))
    #expect(!RelayoutHints.isFirstRelayout(of: second))
    // A line limit goes to the cache too.
    var limited = TextContainerOptions()
    limited.lineLimit = 1
    _ = first.sizeThatFits(narrow, options: limited)
    #expect(!RelayoutHints.isFirstRelayout(of: first))
  }

  @Test func eachThreadKeepsItsOwnMark() throws {
    let (first, _) = try Self.texts()
    _ = first.sizeThatFits(ProposedViewSize(width: first.idealWidth / 3, height: nil))
    let seen = Mutex<[Bool]>([])
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      seen.withLock { $0.append(RelayoutHints.isFirstRelayout(of: first)) }
      seen.withLock { $0.append(RelayoutHints.isFirstRelayout(of: first)) }
      done.signal()
    }
    thread.start()
    #expect(done.wait(timeout: .now() + 10) == .success)
    #expect(seen.withLock { $0 } == [true, false], "a thread's first relayout of the text asks")
    #expect(!RelayoutHints.isFirstRelayout(of: first), "this thread's mark is unchanged")
  }
}
