import Caliper

/// The project's own `Fonts/` folder, found from this file: tests never use system fonts.
enum TestFonts {
  static let root: String = {
    var path = #filePath
    for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }
    return path
  }()

  static let directory = root + "/Fonts"
  static let fixtures = root + "/Tests/CaliperTests/Fixtures"

  static let library = Result { () throws(CaliperError) in
    try FontLibrary(fontsDirectory: directory)
  }

  static func prepare(_ text: String, size: Double = 16, fonts: [FontReference] = []) throws
    -> PreparedText
  {
    try library.get().prepare(text, style: TextStyle(size: size, fonts: fonts))
  }
}
