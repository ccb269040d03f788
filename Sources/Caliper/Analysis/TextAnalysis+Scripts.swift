internal import CHarfBuzz
import Synchronization

/// Analysis, scripts: each scalar's HarfBuzz script, Common, Inherited and Unknown
/// characters taking the script of the text around them.
extension TextAnalysis {
  /// Script per scalar; Common, Inherited and Unknown take the previous real script (or,
  /// at the start, the first real script after them).
  static func resolveScripts(_ scalars: [Unicode.Scalar]) -> [UInt32] {
    let funcs = hb_unicode_funcs_get_default()
    let (common, inherited, unknown) = (
      HB_SCRIPT_COMMON.rawValue, HB_SCRIPT_INHERITED.rawValue, HB_SCRIPT_UNKNOWN.rawValue
    )
    let latin = HB_SCRIPT_LATIN.rawValue
    func isNeutral(_ script: UInt32) -> Bool {
      script == common || script == inherited || script == unknown
    }
    var scripts = [UInt32](filled: common, count: scalars.count)
    let table = ScriptTable.shared
    scalars.withUnsafeBufferPointer { scalars in
      scripts.withUnsafeMutableBufferPointer { scripts in
        // Each scalar's own script (ASCII letters are Latin, the rest Common).
        @inline(__always) func own(_ index: Int) -> UInt32 {
          let value = scalars[index].value
          if value < 0x80 { return (value | 0x20) &- 0x61 < 26 ? latin : common }
          return table.script(value, funcs)
        }
        // The neutrals before the first real script take it (they stay Common, as
        // `scripts` was made, in a text without one); then each neutral takes the script
        // before it, in a loop with nothing else to note.
        var index = 0
        while index < scalars.count {
          let first = own(index)
          index += 1
          guard !isNeutral(first) else { continue }
          for leading in 0..<index { scripts[leading] = first }
          var current = first
          while index < scalars.count {
            let script = own(index)
            if !isNeutral(script) { current = script }
            scripts[index] = current
            index += 1
          }
        }
      }
    }
    return scripts
  }
}

/// HarfBuzz's script of the scalars beyond ASCII met, kept for the process (the Unicode
/// data's answer: the same for every text and thread).
///
/// Problem: a memo per text (by the value's low byte) started empty each time, so each
/// text asked HarfBuzz again for each of its distinct scalars (about 35 instructions a
/// call, 2.8 K a fallback-heavy paragraph). Solution: `ScalarTable`'s scheme with the
/// script in the entry: atomic entries holding `(value + 1) << 32 | script`, by a
/// multiplicative hash, two ways (a scalar in its slot or the slot's neighbour); a
/// collision forgets the older scalar, whose script is asked again.
final class ScriptTable: @unchecked Sendable {
  // Sendable: `entries` is set once in `init` and never reassigned; every read and write
  // of what it points to is an atomic load or store of one entry, which holds its own
  // scalar beside the answer.
  static let shared = ScriptTable()
  private static let slotsLog2 = 12
  private static let mask = (1 << slotsLog2) - 1
  private let entries: UnsafeMutablePointer<Atomic<UInt64>>

  init() { entries = ScalarTable.makeEntries(Self.mask + 1) }

  deinit { ScalarTable.freeEntries(entries, Self.mask + 1) }

  /// `hb_unicode_script(funcs, value)`, kept.
  @inline(__always)
  func script(_ value: UInt32, _ funcs: OpaquePointer?) -> UInt32 {
    let key = UInt64(value) &+ 1
    let slot = ScalarTable.slot(value, shift: UInt32(32 - Self.slotsLog2)) & Self.mask
    let entry = entries[slot].load(ordering: .relaxed)
    if entry >> 32 == key { return UInt32(truncatingIfNeeded: entry) }
    let other = entries[slot ^ 1].load(ordering: .relaxed)
    if other >> 32 == key { return UInt32(truncatingIfNeeded: other) }
    return ask(value, funcs, key: key, slot: slot, first: entry, second: other)
  }

  /// HarfBuzz's answer, kept as `ScalarTable.computeAndKeep` keeps one.
  private func ask(
    _ value: UInt32, _ funcs: OpaquePointer?, key: UInt64, slot: Int, first: UInt64,
    second: UInt64
  ) -> UInt32 {
    let script = hb_unicode_script(funcs, value).rawValue
    let kept = ScalarTable.slotToKeep(slot, firstHeld: first != 0, secondHeld: second != 0)
    entries[kept].store(key << 32 | UInt64(script), ordering: .relaxed)
    return script
  }
}
