import Synchronization

/// A face's `SpaceWakers`, found the first time they are asked for (`Font.spaceWakers`)
/// and kept for the face's lifetime, shared by its variation and synthesis instances.
///
/// Read without a lock once found (an atomic load of the box they are kept in): every run
/// of such a face asks, and a lock and a copy of the wakers a run were ~125 instructions,
/// about 1 K of a fallback-heavy paragraph (8.6 Devanagari runs). Found under a lock, so
/// that the face's tables are read once.
final class SpaceWakersMemo: Sendable {
  /// The wakers once found (nil inside for a face that has none).
  final class Found: Sendable {
    let wakers: SpaceWakers?
    init(_ wakers: SpaceWakers?) { self.wakers = wakers }
  }

  /// The address of the box once found (retained by this memo, released in `deinit`), else
  /// 0. An address in a concrete atomic, not an `AtomicLazyReference`: that generic load was
  /// not specialized here, and looked its type up in the runtime each time.
  private let found = Atomic<UInt>(0)
  /// Held while they are found.
  private let finding = Mutex(())
  /// The lookups that skip the space (`SpaceSkips`), read when the face opens.
  let skipping: [SpaceSkips.Lookup]

  /// A memo for a face whose space `inSubstitutions` (a GSUB lookup holds it, as
  /// `LayoutGlyphs` reads when the face opens, or a table `SpaceSkips` does not read sees
  /// it): such a face has no wakers.
  init(inSubstitutions: Bool, skipping: [SpaceSkips.Lookup]) {
    self.skipping = skipping
    if inSubstitutions { keep(Found(nil)) }
  }

  deinit {
    let address = found.load(ordering: .acquiring)
    if address != 0 { Self.box(at: address).release() }
  }

  private static func box(at address: UInt) -> Unmanaged<Found> {
    Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: address)!)
  }

  /// Keeps `box` (retained here) for every later reader.
  private func keep(_ box: Found) {
    found.store(UInt(bitPattern: Unmanaged.passRetained(box).toOpaque()), ordering: .releasing)
  }

  /// `body` of the kept wakers, or of `font`'s (`Font.findSpaceWakers`), kept (found once
  /// for the face), read in place: the box is this memo's for its lifetime, which the
  /// caller's reference to the memo spans. The face passed, not a closure that finds them:
  /// the closure's captures (the memo, or the face) were retained and released around
  /// every call, a pair a run of such a face (`Shaper.pieces`).
  @inline(__always)
  func withKept<R>(of font: Font, _ body: (borrowing SpaceWakers?) -> R) -> R {
    var address = found.load(ordering: .acquiring)
    if address == 0 { address = findAndKeep(font) }
    return Self.box(at: address)._withUnsafeGuaranteedRef { body($0.wakers) }
  }

  /// The address of the kept box, made from `font`'s wakers if none is kept yet.
  @inline(never)
  private func findAndKeep(_ font: Font) -> UInt {
    finding.withLock { _ in
      let address = found.load(ordering: .acquiring)
      if address != 0 { return address }
      keep(Found(font.findSpaceWakers()))
      return found.load(ordering: .acquiring)
    }
  }
}
