import Caliper
import CaliperTestSupport
import Testing

/// Underline and strikethrough metrics against Pango 1.50's
/// `pango_font_metrics_get_underline_position`/`_thickness` and strikethrough counterparts,
/// recorded by `Scripts/pango-decorations` into `Fixtures/pango-decorations.json` for each
/// bundled face at 16 pt. Pango keeps them in 1/1024 pt. By hand from the tables (fontTools):
/// Noto Sans's `post` underlinePosition −100 and underlineThickness 50, `OS/2`
/// yStrikeoutPosition 322 and yStrikeoutSize 50 of 1000 units: −1.6, 0.8, 5.152 and 0.8 pt.
@Suite struct DecorationMetricsTests {
  struct Fixture: Decodable {
    struct Face: Decodable {
      let family: String
      let underlinePosition: Double
      let underlineThickness: Double
      let strikethroughPosition: Double
      let strikethroughThickness: Double
    }
    let faces: [Face]
  }

  @Test func metricsArePangos() throws {
    let fixture = try PangoFixtures.load("pango-decorations.json", as: Fixture.self)
    let fonts = try TestFonts.library.get()
    #expect(fixture.faces.count == 10)
    for face in fixture.faces {
      let font = try fonts.font(family: face.family)
      let metrics = font.metrics
      func points(_ units: Double) -> Double { units * 16 / Double(metrics.unitsPerEm) }
      let tolerance = 1.0 / 1024
      #expect(
        abs(points(metrics.underlinePosition) - face.underlinePosition) < tolerance,
        "\(face.family)")
      #expect(
        abs(points(metrics.underlineThickness) - face.underlineThickness) < tolerance,
        "\(face.family)")
      #expect(
        abs(points(metrics.strikeoutPosition) - face.strikethroughPosition) < tolerance,
        "\(face.family)")
      #expect(
        abs(points(metrics.strikeoutThickness) - face.strikethroughThickness) < tolerance,
        "\(face.family)")
    }
  }

  @Test func notoSansByHand() throws {
    let metrics = try TestFonts.library.get().font(family: "Noto Sans").metrics
    #expect(metrics.underlinePosition == -100 && metrics.underlineThickness == 50)
    #expect(metrics.strikeoutPosition == 322 && metrics.strikeoutThickness == 50)
  }
}
