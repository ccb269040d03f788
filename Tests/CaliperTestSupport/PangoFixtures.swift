import Foundation

/// Pango 1.50's answers for the test corpus, recorded into `Tests/CaliperTests/Fixtures` by
/// `Scripts/pango-breaks`, `pango-runs` and `pango-truncation` with the same bundled fonts;
/// each test declares the `Decodable` shape of its own file.
public enum PangoFixtures {
  /// Decodes the fixture file `name` (e.g. "pango-breaks.json").
  public static func load<Fixture: Decodable>(_ name: String, as type: Fixture.Type) throws
    -> Fixture
  {
    let data = try Data(contentsOf: URL(fileURLWithPath: TestFonts.fixtures + "/" + name))
    return try JSONDecoder().decode(type, from: data)
  }
}
