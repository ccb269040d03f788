/// Break, wrap styles: what `ScoreLayers` reads of a paragraph's candidates, worked out once
/// and kept with them (`WrapCandidates`).
extension ScoreLayers {
  /// What the search needs of a paragraph's inputs, the same at every width (kept with its
  /// `WrapCandidates`).
  struct Facts: Sendable {
    /// Whether the positions never fall and the penalties are not negative.
    var rises: Bool
    /// How far a line may end past where the next starts (its hyphen), at least 0.
    var overhang: Float

    init(posNoBreak: [Float], posIfBreak: [Float], penalties: [Float]) {
      rises = penalties.allSatisfy { $0 >= 0 }
      overhang = 0
      for index in posNoBreak.indices.dropFirst() {
        rises =
          rises && posNoBreak[index - 1] <= posNoBreak[index]
          && posIfBreak[index - 1] <= posIfBreak[index]
        overhang = max(overhang, posIfBreak[index] - posNoBreak[index])
      }
    }

    /// For each candidate, the text before a line ending there ends (from where the first
    /// line starts) and after one starting there starts (to where the last line ends), in
    /// `Double`, as `ScorePrune`'s bounds read them at each of their tests (kept with the
    /// candidates: `WrapCandidates.lengths`).
    static func lengths(posNoBreak: some Collection<Float>, posIfBreak: some Collection<Float>)
      -> [SIMD2<Double>]
    {
      let start = posNoBreak.first.map(Double.init) ?? 0
      let end = posIfBreak.reversed().first.map(Double.init) ?? 0
      return zip(posNoBreak, posIfBreak).map { noBreak, ifBreak in
        SIMD2(Double(ifBreak) - start, end - Double(noBreak))
      }
    }
  }
}
