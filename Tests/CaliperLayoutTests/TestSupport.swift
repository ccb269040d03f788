import CaliperLayout
import CaliperTestSupport

/// The fonts folder and library every test target shares (Tests/CaliperTestSupport).
typealias TestFonts = CaliperTestSupport.TestFonts

extension TestFonts {
  /// A Noto Sans 16 pt text leaf.
  static func text(_ string: String) throws -> Text {
    try Text(string, fonts: library.get())
  }
}

/// Noto Sans Regular, units per em 1000: widths at 16 pt are hb-shape sums × 16 / 1000.
///
/// Sums recorded with HarfBuzz 6.0.0: `hb-shape --font-size=1000 --no-glyph-names
/// --no-clusters Fonts/NotoSans-Regular.ttf 'TEXT'`, adding the x advances.
enum NotoSans {
  static func width(hbShapeSum: Double) -> Double { hbShapeSum * 16 / 1000 }
  static let amberTile = width(hbShapeSum: 4867)
  static let greenTile = width(hbShapeSum: 4568)
  static let blueTile = width(hbShapeSum: 15166)
  /// hhea ascender 1069, descender −293, line gap 0, at 16 pt.
  static let lineHeight = (1069.0 + 293.0) * 16 / 1000
}

func close(_ a: Double, _ b: Double, tolerance: Double = 1e-6) -> Bool {
  abs(a - b) <= tolerance
}

extension ProposedViewSize {
  static func width(_ width: Double?) -> ProposedViewSize {
    ProposedViewSize(width: width, height: nil)
  }
}
