import Testing

@testable import Caliper

/// The cluster rule of `FontCascade.Resolver.face(for:previous:)`, which starts its walk at
/// the latest first face of the cluster's scalars (each looked up once and kept in the
/// resolver's memo), answers as the walk over the whole cascade from its first face does,
/// and leaves the same faces opened (the faces a preparation opens are its `cascadeFonts`,
/// which truncation and the stale-file check read).
@Suite struct FirstFaceMemoTests {
  /// The rule as it was before the memo, for a cluster beyond one ASCII character, asked
  /// with no previous face: the emoji face first for an emoji-presentation cluster, then
  /// the first face that covers every drawn scalar.
  static func walk(_ resolver: inout FontCascade.Resolver, _ cluster: ArraySlice<Unicode.Scalar>)
    throws -> (index: Int, covered: Bool)
  {
    if let emoji = resolver.cascade.emojiIndex, resolver.emojiPresentation(cluster),
      try resolver.covers(emoji, cluster)
    {
      return (emoji, true)
    }
    for index in resolver.cascade.paths.indices where try resolver.covers(index, cluster) {
      return (index, true)
    }
    return (0, false)
  }

  /// Asks both rules the same clusters in the same order, two resolvers per style, and
  /// compares every answer and the faces opened after it.
  static func compare(_ clusters: [[Unicode.Scalar]], style: TextStyle) throws -> Int {
    let library = try TestFonts.library.get()
    let cascade = try library.cascade(for: style)
    var memoized = FontCascade.Resolver(cascade)
    var walking = FontCascade.Resolver(cascade)
    var asked = 0
    for cluster in clusters where !(cluster.count == 1 && cluster[0].value < 0x80) {
      let answer = try memoized.face(for: cluster[...], previous: nil)
      let walked = try walk(&walking, cluster[...])
      #expect(answer == walked, "\(cluster.map { String($0.value, radix: 16) })")
      #expect(
        memoized.fonts.map { $0 != nil } == walking.fonts.map { $0 != nil },
        "\(cluster.map { String($0.value, radix: 16) })")
      asked += 1
    }
    return asked
  }

  /// Every grapheme cluster of the test corpus and the benchmark classes, twice (the second
  /// time from the memo), in the bundled cascade and in one led by the Hebrew face.
  @Test func corpusClusters() throws {
    let clusters = DrawnAdvanceTests.corpus.flatMap { paragraph in
      paragraph.map { Array($0.unicodeScalars) }
    }
    let hebrew = TextStyle(fonts: [.family("Noto Sans Hebrew")])
    for style in [TextStyle(), hebrew] {
      #expect(try Self.compare(clusters + clusters, style: style) > 20_000)
    }
  }

  /// Clusters whose scalars' first faces differ (a base from one face, a mark or a second
  /// scalar another face has or no face has), and runs of distinct scalars that make the
  /// memo's slots collide, so that forgotten faces are looked up again.
  @Test func mixedAndCollidingClusters() throws {
    let bases: [Unicode.Scalar] = [
      "a", "\u{E9}", "\u{915}", "\u{627}", "\u{5D0}", "\u{E01}", "\u{4E2D}", "\u{AC00}",
      "\u{3042}", "\u{1F600}", "\u{2764}", "\u{10FFFD}", "\u{A8E0}",
    ]
    let marks: [Unicode.Scalar] = [
      "\u{301}", "\u{94D}", "\u{64E}", "\u{5B4}", "\u{E31}", "\u{FE0F}", "\u{200D}",
      "\u{3099}", "\u{1CD0}",
    ]
    var clusters: [[Unicode.Scalar]] = []
    for base in bases {
      clusters.append([base])
      for mark in marks {
        clusters.append([base, mark])
        for other in bases.prefix(4) { clusters.append([base, mark, other]) }
      }
    }
    for value in stride(from: UInt32(0x4E00), to: 0x9FFF, by: 3) {
      clusters.append([Unicode.Scalar(value)!])
    }
    #expect(try Self.compare(clusters + clusters.reversed(), style: TextStyle()) > 7_000)
  }
}
