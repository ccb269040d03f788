internal import CHarfBuzz

/// A shaper's HarfBuzz buffer, made at its first call, and the shape plan of its last call.
///
/// Problem: a paragraph whose words are all in the shape cache never calls HarfBuzz, yet
/// each preparation made and destroyed a buffer; and a paragraph of URLs, each long word
/// shaped in a call of its own, found its font's plan (`ShapePlans.plan`: the segment
/// properties and the style's feature list hashed, the font's lock taken) at every call.
/// Solution: the buffer is made when first asked for; and since a `Shaper`'s language and
/// features never change, the plan it used last serves its next call whenever the font and
/// the run's direction and script are the same. Limitation: one plan is kept, so a text
/// alternating fonts or scripts run by run looks its plans up as before.
///
/// Not Sendable: it belongs to one `Shaper`, which never crosses threads.
final class ShapingBuffer {
  private var made: OpaquePointer?
  /// The plans `plan` came from (kept alive, so that no other font's plans take its place).
  private var plans: ShapePlans?
  private var direction = HB_DIRECTION_INVALID
  private var script = HB_SCRIPT_INVALID
  private var plan: ShapePlans.Plan?
  /// The pair table of `plan` (`PairTable`), once asked for; nil inside where it has none.
  private var pairs: PairTable??

  deinit {
    if let made { hb_buffer_destroy(made) }
  }

  /// The buffer, made at the first call.
  ///
  /// The corresponding HarfBuzz function is `hb_buffer_create`.
  var buffer: OpaquePointer? {
    if made == nil { made = hb_buffer_create() }
    return made
  }

  /// The plan of `plans` for `direction` and `script` (the shaper's language and features
  /// are its own): the last one, or the one `lookUp` gives, kept for the next call.
  @inline(__always)
  func plan(
    _ plans: ShapePlans, direction: hb_direction_t, script: hb_script_t,
    lookUp: () -> ShapePlans.Plan
  ) -> ShapePlans.Plan {
    if let plan, self.plans === plans, self.direction == direction, self.script == script {
      return plan
    }
    let found = lookUp()
    (self.plans, self.direction, self.script, plan) = (plans, direction, script, found)
    pairs = nil
    return found
  }

  /// The pair table kept for `plans`, `direction` and `script` (nil inside: none), where
  /// they are the last `plan` call's and its table was found: no plan lookup, and the
  /// buffer's properties left as they are (a shaping call sets them: `Shaper.setUp`).
  @inline(__always)
  func keptPairTable(_ plans: ShapePlans, direction: hb_direction_t, script: hb_script_t)
    -> PairTable??
  {
    guard let pairs, plan != nil, self.plans === plans, self.direction == direction,
      self.script == script
    else { return nil }
    return .some(pairs)
  }

  /// The pair table of the plan the last `plan` call gave (`make` finds it after the plan
  /// changes, and asks again while it answers "not yet": nil outside).
  @inline(__always)
  func pairTable(_ make: () -> PairTable??) -> PairTable? {
    if let pairs { return pairs }
    guard let found = make() else { return nil }
    pairs = .some(found)
    return found
  }
}
