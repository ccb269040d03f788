/// Break, wrap styles: the fitting start with the least score for the line ending at each
/// candidate, found on a convex hull of the starts instead of by scanning them.
///
/// Problem: `ScoreScan.shortened` still tests every block of fitting starts from the best
/// to the line's end, about 240 instructions a candidate, most of a balanced relayout.
/// Solution: a fitting start j's score for a line whose start edge is x is, in real numbers,
/// `R_j(x) = s_j + (p_j − x)²` (s its score, p its `posNoBreak`), a line in x once x² is
/// taken away: `s_j + p_j² − 2·p_j·x`, alive while j fits (x ≤ p_j). Starts come in order
/// of p (slopes falling) and die in that order; the edges x of successive candidates rise.
/// So the least of the live lines is a lower envelope kept in a deque (the convex-hull trick,
/// lines limited to x ≤ p): a new start pops the back entries it beats wherever they would
/// lead, the front is popped once dead or beaten; O(1) amortized a candidate. The hull, in
/// `Double`, only names the start j* with the least real score; Blink's `Float` score of
/// j* is then computed as Blink computes it, and the hull answers only where no other start
/// can tie it in `Float`; elsewhere (near ties, an edge that falls, a degenerate hull) the
/// caller scans (`ScoreScan.shortened`, then Blink's scan for true ties).
/// Why it is exact (one available width, positions that never fall, penalties and scores not
/// negative; u = 2⁻²⁴, Float's unit roundoff; λ = 2⁻²⁰):
/// - Blink's score `F_j = fl(s_j + fl(fl(p_j − x)²))` is within `4.02·u·R_j` of `R_j`
///   (three roundings on the square, one on the sum of two numbers not negative; an
///   absolute 2⁻¹⁴⁸ where the square underflows). So if every other fitting start has
///   `R_k > (1 + λ)·R_j* + 2⁻¹⁰⁰` (λ ≥ 2κ/(1 − κ) for κ = 4.02u, with room for the
///   `Double` rounding of the check, 2⁻⁵⁰ relative), F_j* alone is the least: Blink chooses
///   it (`ScoreScan`'s comment: its pruning never skips the one start with the least score).
/// - Two starts a < b cross once: `R_b − R_a = 2(p_b − p_a)(x_ab − x)`, so b beats a for
///   x past `min(x_ab, p_a)` (where a dies). In the deque each entry's region starts there,
///   against the entry before it, and the entries' regions rise: a new start c pops the
///   back b when c beats b before b's region starts. In exact arithmetic this is the
///   envelope of the live starts; the values along the deque rise from the front at any x
///   before the second entry's region, so the second entry n is the runner-up among the
///   entries, and `R_n − R_j* = 2(p_n − p_j*)(x_j*n − x) > λ·R_n + 2⁻¹⁰⁰` for x below
///   n's `low`: its region's start less `(λ·B + 2⁻¹⁰⁰) / 2(p_n − p_j*)`, B its score at its
///   push (scores only fall as the edge rises toward a start's position).
/// - A start left out of the deque is dead (it stays so: x rises), or was popped from the
///   back between a and c, or from the front before n. For x past its pop (where R_b(x) ≤
///   B, B its score at the pop's edge or before), `R_b − R_c = 2(p_c − p_b)(x − x_bc) > λ·B`
///   past `x_bc + λB / 2(p_c − p_b)` (`near`), and `R_b − R_a > λ·B` below b's `low`
///   (while a lives): outside that interval R_b exceeds (1 + λ) times a live start's score,
///   so the least. Where the interval is not empty the hull answers no edge up to its end
///   (`unsafeUntil`); a front entry popped when n overtook it, likewise up to n's `nearEnd`
///   (the same bound, made at n's push).
/// - Each crossing is computed in `Double` with an error below its slop (2⁻⁴⁴ of its terms
///   over the slopes' difference and of itself, far above the few roundings it and the
///   bounds made from it take); a pop test within that of the other way pops, and is
///   covered by the popped start's interval, so no start the exact envelope needs is kept
///   out unnoticed, and none kept beats its neighbours where the deque says it does not (a
///   front entry is popped only once x is past its successor's region with the slop added;
///   short of that, `low` declines). Starts at the same position (parallel lines) pop the
///   earlier one and answer nothing until they die. The deque holds `capacity` entries;
///   past that the hull stops for the paragraph.
struct ScoreHull {
  /// One start in the deque and the bounds made at its push against the entry before it.
  struct Entry {
    var start: Int
    /// Where its region starts, plus the crossing's slop: the pop tests'.
    var reach: Double
    /// Below this edge it scores more than (1 + λ) times the entry before it (or a start
    /// popped after it); a popped entry's interval starts here.
    var low: Double
    /// Up to this edge the entry before it, once popped from the front, may be near it.
    var nearEnd: Double
  }

  /// The deque's room (a ring): a hull of more entries stops the hull for the paragraph.
  static let capacity = 128
  let entries: UnsafeMutableBufferPointer<Entry>
  let posNoBreak: UnsafeBufferPointer<Float>
  let scores: UnsafeMutableBufferPointer<Float>
  var head = 0
  var tail = 0
  /// The hull answers no edge up to this one (see the type's comment).
  var unsafeUntil = -Double.infinity
  /// The last edge asked for; an edge below it (a line end that moved back) ends the hull.
  var lastEdge = -Float.infinity
  /// False once the hull cannot answer for the rest of the paragraph.
  var isUsable = true

  static let margin = 0x1p-20
  static let floor = 0x1p-100
  /// A score above which Blink's `Float` sums may round to infinity: no hull.
  static let largest: Float = 1e30

  init(
    entries: UnsafeMutableBufferPointer<Entry>, posNoBreak: UnsafeBufferPointer<Float>,
    scores: UnsafeMutableBufferPointer<Float>
  ) {
    precondition(entries.count == Self.capacity, "the hull's ring has its capacity")
    self.entries = entries
    self.posNoBreak = posNoBreak
    self.scores = scores
  }

  @inline(__always) func entry(_ index: Int) -> Entry { entries[index & (Self.capacity - 1)] }

  /// The real score `R_j(x)` in `Double`, from its position.
  @inline(__always) func value(_ start: Int, _ position: Double, _ edge: Double) -> Double {
    let delta = position - edge
    return Double(scores[start]) + delta * delta
  }

  /// Adds `start` (its score made) before asking for the line whose start edge is `edge`.
  @inline(__always) mutating func push(_ start: Int, edge: Float) {
    guard isUsable else { return }
    if edge < lastEdge || !(scores[start] < Self.largest) || tail - head == Self.capacity {
      isUsable = false
      return
    }
    lastEdge = edge
    let position = posNoBreak[start]
    // Dead already, as is every entry before it (or the back is, and all before it).
    if position < edge || (head < tail && posNoBreak[entry(tail - 1).start] < edge) {
      head = tail
      if position < edge { return }
    }
    let x = Double(edge)
    let p = Double(position)
    let c = Double(scores[start]) + p * p
    let bound = value(start, p, x)
    var made = Entry(start: start, reach: -.infinity, low: -.infinity, nearEnd: -.infinity)
    while head < tail {
      let back = entry(tail - 1)
      let backPosition = posNoBreak[back.start]
      if backPosition == position {
        // Parallel: the later start wins or ties wherever both live; near it until they die.
        unsafeUntil = max(unsafeUntil, p)
        tail -= 1
        continue
      }
      let pb = Double(backPosition)
      let cb = Double(scores[back.start]) + pb * pb
      let inverse = 1 / (2 * (p - pb))
      let crossing = (c - cb) * inverse
      let slop = 0x1p-44 * ((c + cb) * inverse + abs(crossing))
      let beats = min(crossing, pb)
      let backBound = value(back.start, pb, x)
      let near = crossing + slop + (Self.margin * backBound + Self.floor) * inverse
      if tail - 1 > head, beats <= back.reach + slop {
        // Popped: near the envelope only between its `low` and `near`.
        if back.low <= near { unsafeUntil = max(unsafeUntil, near) }
        tail -= 1
        continue
      }
      made.reach = beats + slop
      made.low = beats - slop - (Self.margin * bound + Self.floor) * inverse
      made.nearEnd = near
      break
    }
    entries[tail & (Self.capacity - 1)] = made
    tail += 1
  }

  /// The fitting start with the least score at `edge` (after `push`), when no other can tie
  /// it in Blink's arithmetic; nil where the caller must scan.
  @inline(__always) mutating func least(edge: Float) -> Int? {
    guard isUsable else { return nil }
    let x = Double(edge)
    while head < tail {
      if posNoBreak[entry(head).start] < edge {
        head += 1
        continue
      }
      guard head + 1 < tail else { break }
      let next = entry(head + 1)
      guard next.reach <= x else { break }
      unsafeUntil = max(unsafeUntil, next.nearEnd)
      head += 1
    }
    guard head < tail, x > unsafeUntil else { return nil }
    guard head + 1 == tail || x < entry(head + 1).low else { return nil }
    return entry(head).start
  }
}
