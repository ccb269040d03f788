internal import CFontconfig
import Synchronization

/// Where a library's system fonts come from: the machine's fontconfig configuration, or
/// only the font files in some folders (a configuration of their own, which tests and
/// reproducible builds use so that installing or removing fonts changes nothing).
///
/// ```swift
/// let fonts = try FontLibrary.bundled(systemFonts: .directories(["/opt/app/fonts"]))
/// ```
public struct SystemFontConfiguration: Sendable, Hashable {
  /// The folders scanned, or `nil` for the machine's own configuration.
  public let directories: [String]?

  /// The machine's fontconfig configuration (`FcInitLoadConfigAndFonts`): its fonts.conf,
  /// its folders and its substitution rules.
  public static let installed = SystemFontConfiguration(directories: nil)

  /// A configuration of its own holding only the font files (`.ttf`, `.otf`, `.ttc`,
  /// `.otc`) in `directories` and their subfolders, with no substitution rules; a folder
  /// that cannot be read adds nothing. The corresponding fontconfig functions are
  /// `FcConfigCreate` and `FcConfigAppFontAddFile`.
  public static func directories(_ directories: [String]) -> SystemFontConfiguration {
    SystemFontConfiguration(directories: directories)
  }
}

/// One library's system fonts, through fontconfig: families by name, weight, width and
/// slant, and faces for clusters that no cascade face covers.
///
/// Problem: fontconfig's first use scans every font on the system (tens of milliseconds),
/// which bundled-font measurement must never pay, and its answers change when fonts are
/// installed. Solution: each library owns its configuration (`SystemFontConfiguration`),
/// loaded lazily the first time a family that is not bundled, or a fallback face, is
/// asked for; a library that never asks never loads fontconfig (`queries` stays 0).
/// Fallback answers are cached per cluster, bounded. Calls are serialised by a lock.
/// fontconfig itself is opened (`CFontconfig_functions`, dlopen) only then, so a process
/// that measures with bundled fonts never loads it; where it cannot be opened, a request
/// for a system font fails with the loader's reason (`unavailable`, `FontLibrary`). Limitation: the configuration is a snapshot taken when it is loaded;
/// fonts installed later are seen by a new library.
///
/// Sendable because its only mutable state (the fontconfig handle and the caches) lives in
/// a `Mutex`, and fontconfig is reached only under it.
final class SystemFonts: Sendable {
  private struct State: ~Copyable {
    /// fontconfig's functions, once the configuration was loaded through them.
    var fontconfig: CFontconfigFunctions?
    var config: OpaquePointer?
    var loaded = false
    /// Fallback face key (nil: none) per cluster of drawn scalars.
    var fallbacks: [[UInt32]: String?] = [:]
    /// Match answer (nil: no face of the family) per descriptor.
    var matches: [FontDescriptor: SystemFace?] = [:]
    var queries = 0
  }

  /// The most clusters whose fallback answer is kept, and the most descriptors whose
  /// match is (then that cache starts again).
  static let mostCachedFallbacks = 4096
  static let mostCachedMatches = 256

  let configuration: SystemFontConfiguration
  private let state = Mutex(State())

  init(_ configuration: SystemFontConfiguration) {
    self.configuration = configuration
  }

  deinit {
    state.withLock { state in
      if let config = state.config, let fc = state.fontconfig { fc.FcConfigDestroy(config) }
    }
  }

  /// How many times fontconfig was asked (a family match or a fallback sort; cached
  /// fallback answers do not count). 0 means fontconfig was never loaded.
  var queries: Int { state.withLock { $0.queries } }

  /// Why system fonts cannot be looked up, in the loader's words (libfontconfig missing or
  /// without a function Caliper calls); nil when they can. Loads libfontconfig the first
  /// time (once a process; later calls read the first answer).
  static var unavailable: String? {
    CFontconfig_failure().map { String(cString: $0) }
  }

  /// Opens fontconfig and loads the configuration once; `nil` when fontconfig cannot.
  private static func config(_ state: inout State, _ configuration: SystemFontConfiguration)
    -> (CFontconfigFunctions, OpaquePointer)?
  {
    if !state.loaded {
      state.loaded = true
      guard let fc = CFontconfig_functions()?.pointee else { return nil }
      state.fontconfig = fc
      if let directories = configuration.directories {
        // File by file: `FcConfigAppFontAddDir` would try to write a cache for the folder
        // and, with no cache folder configured, print an error on stderr.
        if let config = fc.FcConfigCreate() {
          for file in fontFiles(in: directories) {
            _ = file.withCString { fc.FcConfigAppFontAddFile(config, fcString($0)) }
          }
          state.config = config
        }
      } else {
        // Never finalised: `FcFini` while another thread uses fontconfig crashes.
        state.config = fc.FcInitLoadConfigAndFonts()
      }
    }
    guard let fc = state.fontconfig, let config = state.config else { return nil }
    return (fc, config)
  }

  /// Forgets the fallback and match answers (the configuration stays loaded).
  func removeAll() {
    state.withLock { state in
      state.fallbacks.removeAll()
      state.matches.removeAll()
    }
  }

  /// The file and face index of the installed face best matching `descriptor` whose
  /// family is the descriptor's (case-insensitive), if any.
  ///
  /// fontconfig always answers a match with its best substitute; a substitute of another
  /// family is not what was asked for, so it counts as not found. Weight, width and slant
  /// are the nearest the family has. The corresponding fontconfig function is `FcFontMatch`.
  ///
  /// A variable font's named instance (fontconfig lists each one: "Inter Bold") comes back
  /// as the font's file with that instance's weight and width, for the axes `wght` and
  /// `wdth`; the variable font itself, with the descriptor's.
  func face(_ descriptor: FontDescriptor) -> SystemFace? {
    let configuration = configuration
    return state.withLock { state -> SystemFace? in
      if let cached = state.matches[descriptor] { return cached }
      guard let (fc, config) = Self.config(&state, configuration) else { return nil }
      state.queries += 1
      let answer = Self.match(fc, config, descriptor)
      if state.matches.count >= Self.mostCachedMatches { state.matches.removeAll() }
      state.matches[descriptor] = .some(answer)
      return answer
    }
  }

  private static func match(
    _ fc: CFontconfigFunctions, _ config: OpaquePointer, _ descriptor: FontDescriptor
  ) -> SystemFace? {
    guard let pattern = fc.FcPatternCreate() else { return nil }
    defer { fc.FcPatternDestroy(pattern) }
    _ = descriptor.family.withCString { fc.FcPatternAddString(pattern, FC_FAMILY, fcString($0)) }
    if descriptor.weight != FontDescriptor.regular {
      _ = fc.FcPatternAddDouble(
        pattern, FC_WEIGHT, fc.FcWeightFromOpenTypeDouble(Double(descriptor.weight)))
    }
    if descriptor.width != 100 { _ = fc.FcPatternAddDouble(pattern, FC_WIDTH, descriptor.width) }
    if descriptor.slant != .roman {
      _ = fc.FcPatternAddInteger(
        pattern, FC_SLANT, descriptor.slant == .italic ? FC_SLANT_ITALIC : FC_SLANT_OBLIQUE)
    }
    _ = fc.FcConfigSubstitute(config, pattern, FcMatchPattern)
    fc.FcDefaultSubstitute(pattern)
    var result = FcResultNoMatch
    guard let match = fc.FcFontMatch(config, pattern, &result) else { return nil }
    defer { fc.FcPatternDestroy(match) }
    let wanted = descriptor.family.lowercased()
    var familyIndex: Int32 = 0
    var found = false
    var name: UnsafeMutablePointer<FcChar8>?
    while fc.FcPatternGetString(match, FC_FAMILY, familyIndex, &name) == FcResultMatch, let name {
      if swiftString(name).lowercased() == wanted { found = true }
      familyIndex += 1
    }
    guard found, let file = file(of: match, fc) else { return nil }
    var face = SystemFace(path: file.path, index: file.index)
    var variable: FcBool = 0
    if fc.FcPatternGetBool(match, FC_VARIABLE, 0, &variable) == FcResultMatch, variable != 0 {
      face.weight = Double(descriptor.weight)
      face.width = descriptor.width
    } else if file.instance > 0 {
      var weight = 0.0
      var width = 0.0
      if fc.FcPatternGetDouble(match, FC_WEIGHT, 0, &weight) == FcResultMatch {
        face.weight = fc.FcWeightToOpenTypeDouble(weight)
      }
      if fc.FcPatternGetDouble(match, FC_WIDTH, 0, &width) == FcResultMatch {
        face.width = width
      }
    }
    return face
  }

  /// The face key (`FontLibrary.faceKey`) of the first system face, in fontconfig's sorted
  /// order, whose charset has every scalar of `scalars` (a cluster's drawn ones); `nil`
  /// when none has them all. The corresponding fontconfig function is `FcFontSort`.
  func fallback(for scalars: [UInt32]) -> String? {
    let configuration = configuration
    return state.withLock { state -> String? in
      if let cached = state.fallbacks[scalars] { return cached }
      guard let (fc, config) = Self.config(&state, configuration) else { return nil }
      state.queries += 1
      let answer = Self.sortedFallback(fc, config, scalars)
      if state.fallbacks.count >= Self.mostCachedFallbacks { state.fallbacks.removeAll() }
      state.fallbacks[scalars] = .some(answer)
      return answer
    }
  }

  private static func sortedFallback(
    _ fc: CFontconfigFunctions, _ config: OpaquePointer, _ scalars: [UInt32]
  ) -> String? {
    guard let pattern = fc.FcPatternCreate(), let charset = fc.FcCharSetCreate() else { return nil }
    defer { fc.FcPatternDestroy(pattern) }
    defer { fc.FcCharSetDestroy(charset) }
    for scalar in scalars { _ = fc.FcCharSetAddChar(charset, scalar) }
    _ = fc.FcPatternAddCharSet(pattern, FC_CHARSET, charset)
    _ = fc.FcConfigSubstitute(config, pattern, FcMatchPattern)
    fc.FcDefaultSubstitute(pattern)
    var result = FcResultNoMatch
    guard let set = fc.FcFontSort(config, pattern, FcTrue, nil, &result) else { return nil }
    defer { fc.FcFontSetDestroy(set) }
    guard let fonts = set.pointee.fonts else { return nil }
    for index in 0..<Int(set.pointee.nfont) {
      guard let font = fonts[index] else { continue }
      var fontCharset: OpaquePointer?
      // Bitmap and Type 1 fonts (PCF, BDF) are in the list too; Caliper shapes sfnt only.
      var format: UnsafeMutablePointer<FcChar8>?
      guard fc.FcPatternGetString(font, FC_FONTFORMAT, 0, &format) == FcResultMatch, let format,
        ["TrueType", "CFF"].contains(swiftString(format)),
        fc.FcPatternGetCharSet(font, FC_CHARSET, 0, &fontCharset) == FcResultMatch,
        let fontCharset, scalars.allSatisfy({ fc.FcCharSetHasChar(fontCharset, $0) != 0 }),
        let file = file(of: font, fc)
      else { continue }
      return FontLibrary.faceKey(path: file.path, index: file.index)
    }
    return nil
  }

  /// A pattern's file and face index (fontconfig keeps a variable instance's number in
  /// the upper 16 bits of the index; the face is the lower 16).
  private static func file(of pattern: OpaquePointer, _ fc: CFontconfigFunctions) -> (
    path: String, index: Int, instance: Int
  )? {
    var file: UnsafeMutablePointer<FcChar8>?
    guard fc.FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch, let file else {
      return nil
    }
    var index: Int32 = 0
    if fc.FcPatternGetInteger(pattern, FC_INDEX, 0, &index) != FcResultMatch { index = 0 }
    return (swiftString(file), Int(index & 0xFFFF), Int(index >> 16))
  }
}

/// The font files in `directories` and their subfolders, sorted (so the configuration
/// does not depend on the order the file system lists them in). Only regular files: a
/// FIFO or a device named `*.ttf` would block fontconfig's `open` forever.
private func fontFiles(in directories: [String]) -> [String] {
  var files: [String] = []
  for directory in directories {
    let found = FileSystem.subpaths(of: directory)
    for path in found.sorted() {
      let lower = path.lowercased()
      if [".ttf", ".otf", ".ttc", ".otc"].contains(where: { lower.hasSuffix($0) }),
        FileSystem.isRegularFile(directory + "/" + path)
      {
        files.append(directory + "/" + path)
      }
    }
  }
  return files
}

/// A face fontconfig matched: its file and face index, and for a variable font the
/// weight (OpenType scale) and width (percent) to set its `wght` and `wdth` axes to.
struct SystemFace {
  let path: String
  let index: Int
  var weight: Double?
  var width: Double?
}

private func fcString(_ string: UnsafePointer<CChar>) -> UnsafePointer<FcChar8> {
  UnsafeRawPointer(string).assumingMemoryBound(to: FcChar8.self)
}

private func swiftString(_ string: UnsafeMutablePointer<FcChar8>) -> String {
  String(cString: UnsafeRawPointer(string).assumingMemoryBound(to: CChar.self))
}
