import Caliper
import Foundation

/// The project's own `Fonts/` folder and test fixtures, found from this file: tests never use
/// the machine's fonts (system-font tests use `SystemFontConfiguration.directories` over
/// `Tests/CaliperTests/Fixtures/SystemFonts` or a temporary folder).
public enum TestFonts {
  /// The checkout: three folders above this file (Tests/CaliperTestSupport/TestFonts.swift).
  public static let root: String = {
    var path = #filePath
    for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }
    return path
  }()

  public static let directory = root + "/Fonts"
  public static let fixtures = root + "/Tests/CaliperTests/Fixtures"

  /// The library most tests use: no prepared-text cache, so that every `prepare` really
  /// prepares (tests compare fresh preparations); shaped words are cached as by default; a
  /// font file is checked on every lookup (a test that rewrites one sees it at once).
  public static let library = Result { () throws(CaliperError) in
    try FontLibrary(
      fontsDirectory: directory,
      limits: CacheLimits(preparedBytes: 0, fileCheckInterval: .zero))
  }

  /// The test corpus's paragraphs longer than 40 characters: Gatsby, then the
  /// multilingual sample.
  public static let paragraphs: [String] = {
    let names = ["gatsby-opening.txt", "multilingual-sample.txt"]
    let texts = names.map {
      (try? String(contentsOfFile: fixtures + "/" + $0, encoding: .utf8)) ?? ""
    }
    return texts.joined(separator: "\n").split(separator: "\n").map(String.init)
      .filter { $0.count > 40 }
  }()

  public static func prepare(_ text: String, size: Double = 16, fonts: [FontReference] = [])
    throws -> PreparedText
  {
    try library.get().prepare(text, style: TextStyle(size: size, fonts: fonts))
  }
}
