internal import CFreeType
internal import CHarfBuzz
internal import CICU

/// The versions of the C libraries Caliper runs on, as loaded at run time (not as
/// compiled against): what `caliper --version` reports.
package enum LibraryVersions {
  /// HarfBuzz's version ("8.3.0"). The corresponding HarfBuzz function is
  /// `hb_version_string`.
  package static var harfBuzz: String { String(cString: hb_version_string()) }

  /// FreeType's version ("2.13.2"), from a library opened for the purpose. The
  /// corresponding FreeType function is `FT_Library_Version`.
  package static var freeType: String {
    var library: FT_Library?
    guard FT_Init_FreeType(&library) == 0, let library else { return "unknown" }
    defer { FT_Done_FreeType(library) }
    var major: FT_Int = 0
    var minor: FT_Int = 0
    var patch: FT_Int = 0
    FT_Library_Version(library, &major, &minor, &patch)
    return "\(major).\(minor).\(patch)"
  }

  /// ICU's version ("74.2"). The corresponding ICU function is `u_getVersion`.
  package static var icu: String {
    var buffer = [CChar](filled: 0, count: 32)
    cicu_version(&buffer)
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
