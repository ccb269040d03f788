internal import CFontconfig
import Synchronization

/// System fonts by family name, through fontconfig.
///
/// Problem: fontconfig's first use scans every font on the system (tens of milliseconds),
/// which bundled-font measurement must never pay. Solution: fontconfig is initialised
/// lazily, the first time a family that is not bundled is asked for, and never finalised
/// (`FcFini` while another thread uses fontconfig crashes). Calls are serialised by a lock.
enum SystemFonts {
  private static let config = Mutex<OpaquePointer?>(nil)

  /// The file of the installed face whose family is `family` (case-insensitive), if any.
  ///
  /// fontconfig always answers a match with its best substitute; a substitute of another
  /// family is not what was asked for, so it counts as not found.
  /// The corresponding fontconfig function is `FcFontMatch`.
  static func path(family: String) -> String? {
    config.withLock { config -> String? in
      if config == nil { config = FcInitLoadConfigAndFonts() }
      guard let current = config, let pattern = FcPatternCreate() else { return nil }
      defer { FcPatternDestroy(pattern) }
      _ = family.withCString { name in
        FcPatternAddString(
          pattern, FC_FAMILY, UnsafeRawPointer(name).assumingMemoryBound(to: FcChar8.self))
      }
      FcConfigSubstitute(current, pattern, FcMatchPattern)
      FcDefaultSubstitute(pattern)
      var result = FcResultNoMatch
      guard let match = FcFontMatch(current, pattern, &result) else { return nil }
      defer { FcPatternDestroy(match) }
      var matchedFamily: UnsafeMutablePointer<FcChar8>?
      var file: UnsafeMutablePointer<FcChar8>?
      guard FcPatternGetString(match, FC_FAMILY, 0, &matchedFamily) == FcResultMatch,
        FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch,
        let matchedFamily, let file
      else { return nil }
      let name = String(
        cString: UnsafeRawPointer(matchedFamily).assumingMemoryBound(to: CChar.self))
      guard name.lowercased() == family.lowercased() else { return nil }
      return String(cString: UnsafeRawPointer(file).assumingMemoryBound(to: CChar.self))
    }
  }
}
