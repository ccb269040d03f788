internal import CFreeType
import Synchronization

/// FreeType's library handle, created once and used under a lock.
///
/// FreeType objects are not thread-safe: creating or destroying a face touches the library,
/// so every such call goes through `withLibrary`.
final class FreeTypeLibrary: Sendable {
  static let shared = FreeTypeLibrary()

  private let handle: Mutex<FreeTypeHandle<FT_Library>?>

  private init() {
    var library: FT_Library?
    let error = FT_Init_FreeType(&library)
    // FT_Init_FreeType fails only when out of memory; faces then fail to open with a clear
    // error instead of the process trapping here.
    handle = Mutex(error == 0 ? library.map(FreeTypeHandle.init) : nil)
  }

  func withLibrary<R>(_ body: (FT_Library?) throws(CaliperError) -> R) throws(CaliperError) -> R {
    try handle.withLock { (library: inout FreeTypeHandle<FT_Library>?) throws(CaliperError) -> R in
      try body(library?.pointer)
    }
  }
}

/// A FreeType handle that may cross threads because it is only used under a lock.
struct FreeTypeHandle<Pointer>: @unchecked Sendable {
  // Safety: covers `pointer` (an `FT_Library` or `FT_Face`), the one field: the handle
  // lives only inside a Mutex (FreeTypeLibrary.handle, FreeTypeFace.state) and is
  // dereferenced only inside that Mutex's withLock, one thread at a time.
  let pointer: Pointer
}

/// One FreeType face over a `FontFile`'s memory, reached only through `withFace`.
///
/// Caliper measures with HarfBuzz's own font functions; FreeType validates the file (HarfBuzz
/// accepts any bytes as an empty face) and reads its names, and is the rasteriser's door.
final class FreeTypeFace: Sendable {
  private let state: Mutex<(face: FreeTypeHandle<FT_Face>, settings: Settings?)>
  /// The family name from the font's name table, as FreeType reports it.
  let familyName: String
  /// The style name (Regular, Bold, Italic...).
  let styleName: String

  /// The corresponding FreeType function is `FT_New_Memory_Face`.
  init(file: FontFile, index: Int = 0) throws(CaliperError) {
    var opened: FT_Face?
    let error = try FreeTypeLibrary.shared.withLibrary { library throws(CaliperError) in
      guard let library else {
        throw CaliperError.library(function: "FT_Init_FreeType", code: -1, name: "no library")
      }
      return FT_New_Memory_Face(
        library, file.bytes.baseAddress?.assumingMemoryBound(to: FT_Byte.self),
        FT_Long(file.bytes.count), FT_Long(index), &opened)
    }
    guard error == 0, let face = opened else {
      throw .notAFont(path: file.path, function: "FT_New_Memory_Face", code: error)
    }
    familyName = face.pointee.family_name.map { String(cString: $0) } ?? ""
    styleName = face.pointee.style_name.map { String(cString: $0) } ?? ""
    state = Mutex((FreeTypeHandle(pointer: face), nil))
  }

  /// What a face was last set to for drawing: which `Font` (a varied instance shares its
  /// base's face) and how many pixels per em.
  struct Settings: Equatable {
    let serial: UInt64
    let pixels: Double
  }

  /// Runs `body` with the face, under the face's lock.
  func withFace<R>(_ body: (FT_Face) -> R) -> R {
    state.withLock { body($0.face.pointer) }
  }

  /// Runs `body` with the face set to `settings`, under the face's lock: `configure` sets
  /// it when it was last set otherwise, and returns a result that ends the call instead
  /// (a failure), or nil.
  func withFace<R>(settings: Settings, configure: (FT_Face) -> R?, _ body: (FT_Face) -> R) -> R {
    state.withLock { state in
      let face = state.face.pointer
      if state.settings != settings {
        state.settings = nil
        if let failure = configure(face) { return failure }
        state.settings = settings
      }
      return body(face)
    }
  }

  deinit {
    let face = state.withLock { $0.face.pointer }
    _ = try? FreeTypeLibrary.shared.withLibrary { _ in FT_Done_Face(face) }
  }
}
