internal import CHarfBuzz

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
    var firstReal = common
    // HarfBuzz's answers for the scalars beyond ASCII met in this text, by the value's low
    // byte (the value + 1 in the high half, the script in the low; 0 is empty): words
    // repeat their letters, and a lookup here is a few instructions where the call is
    // about 35.
    let memoSize = 256
    withUnsafeTemporaryAllocation(of: UInt64.self, capacity: memoSize) { memo in
      memo.initialize(repeating: 0)
      scalars.withUnsafeBufferPointer { scalars in
        scripts.withUnsafeMutableBufferPointer { scripts in
          // One pass: each scalar's own script (ASCII letters are Latin, the rest Common),
          // the first real one noted; then the neutrals before it take it.
          var current = common
          var leading = 0  // the neutrals before the first real script
          for index in scalars.indices {
            let value = scalars[index].value
            let own: UInt32
            if value < 0x80 {
              own = (value | 0x20) &- 0x61 < 26 ? latin : common
            } else {
              let slot = Int(value & UInt32(memoSize - 1))
              let known = memo[slot]
              if known >> 32 == UInt64(value) &+ 1 {
                own = UInt32(truncatingIfNeeded: known)
              } else {
                own = hb_unicode_script(funcs, value).rawValue
                memo[slot] = (UInt64(value) &+ 1) << 32 | UInt64(own)
              }
            }
            if isNeutral(own) {
              scripts[index] = current
              if current == common { leading = index + 1 }
            } else {
              if current == common { firstReal = own }
              current = own
              scripts[index] = own
            }
          }
          for index in 0..<leading { scripts[index] = firstReal }
        }
      }
    }
    return scripts
  }
}
