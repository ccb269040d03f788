/// Analysis, scripts: each scalar's HarfBuzz script, Common, Inherited and Unknown
/// characters taking the script of the text around them.
extension TextAnalysis {
  /// Script per scalar (`hb_script_t` raw values); Common, Inherited and Unknown take the
  /// previous real script (or, at the start, the first real script after them): the
  /// scripts part of `walk`, whose table keeps HarfBuzz's answer for each scalar met (the
  /// Unicode data's: the same for every text and thread).
  static func resolveScripts(_ scalars: [Unicode.Scalar]) -> [UInt32] {
    walk(scalars, parts: .scripts).scripts ?? []
  }
}
