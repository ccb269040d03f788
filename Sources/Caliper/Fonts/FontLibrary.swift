import Synchronization

/// Finds fonts, opens each file once, and prepares text with a cascade of faces.
///
/// A library is `Sendable`: opened faces are shared by every thread under one lock, and a
/// face is opened the first time a cluster needs it (the 11 MB emoji font is read only
/// when text has emoji or characters no earlier face covers).
///
/// ```swift
/// let fonts = try FontLibrary.bundled()
/// let text = try fonts.prepare("Blue tile with a longer local label", style: TextStyle(size: 16))
/// let wrapped = text.measure(ProposedViewSize(width: 120, height: nil))
/// ```
public final class FontLibrary: Sendable {
  /// The folder of bundled fonts.
  public let fontsDirectory: String
  private let opened = Mutex<[String: Font]>([:])

  /// A library over a folder holding the bundled fonts.
  public init(fontsDirectory: String) throws(CaliperError) {
    guard BundledFonts.isFontsDirectory(fontsDirectory) else {
      throw .fontsDirectoryNotFound(searched: [fontsDirectory])
    }
    self.fontsDirectory = fontsDirectory
  }

  /// A library over the bundled fonts, found by `BundledFonts.directory()`'s lookup order.
  public static func bundled() throws(CaliperError) -> FontLibrary {
    try FontLibrary(fontsDirectory: BundledFonts.directory())
  }

  /// The font in the file at `path`, opened once and shared.
  public func font(path: String) throws(CaliperError) -> Font {
    if let font = opened.withLock({ $0[path] }) { return font }
    let font = try Font(path: path)
    return opened.withLock { fonts in
      if let existing = fonts[path] { return existing }
      fonts[path] = font
      return font
    }
  }

  /// A bundled family ("Noto Sans", "Noto Sans Bold Italic"), else an installed family.
  public func font(family: String) throws(CaliperError) -> Font {
    if let entry = BundledFonts.entry(named: family) {
      return try font(path: fontsDirectory + "/" + entry.file)
    }
    guard let path = SystemFonts.path(family: family) else { throw .unknownFontFamily(family) }
    return try font(path: path)
  }

  /// The font a reference names.
  public func font(_ reference: FontReference) throws(CaliperError) -> Font {
    switch reference {
    case .family(let name): return try font(family: name)
    case .file(let path): return try font(path: path)
    }
  }

  /// The cascade for a style: its own fonts, then the bundled default cascade.
  public func cascade(for style: TextStyle) throws(CaliperError) -> FontCascade {
    var paths: [String] = []
    for reference in style.fonts {
      paths.append(try font(reference).path)
    }
    for file in BundledFonts.cascade {
      let path = fontsDirectory + "/" + file
      if !paths.contains(path) { paths.append(path) }
    }
    let emoji = paths.firstIndex(of: fontsDirectory + "/" + BundledFonts.emojiFile)
    return FontCascade(library: self, paths: paths, emojiIndex: emoji)
  }

  /// Prepares `text` for measuring at any width: the one-time, width-independent work.
  ///
  /// - Throws: `CaliperError` for an invalid size or a font that cannot be opened.
  public func prepare(_ text: String, style: TextStyle = TextStyle()) throws(CaliperError)
    -> PreparedText
  {
    guard style.size.isFinite, style.size > 0 else { throw .invalidFontSize(style.size) }
    return try PreparedText(text: text, style: style, cascade: cascade(for: style))
  }

  /// Forgets every opened face (they stay alive while prepared texts use them).
  public func removeAll() {
    opened.withLock { $0.removeAll() }
  }
}
