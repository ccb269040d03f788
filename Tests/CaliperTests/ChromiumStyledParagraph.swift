/// A corpus paragraph as the Chromium fixtures that lay each one out in several styles
/// record it (`chromium-wrap-styles.json`, `chromium-synthesis.json`): its section's class,
/// lang and CSS, its text, and what Chromium gave for each style, by name.
struct ChromiumStyledParagraph<Style: Decodable & Sendable>: Decodable, Sendable {
  let `class`: String
  let lang: String
  let css: [String: String]
  let text: String
  let styles: [String: Style]

  /// The paragraph as `ChromiumAgreementTests` takes one (its style and line starts).
  var plain: ChromiumAgreementTests.Fixture.Paragraph {
    ChromiumAgreementTests.Fixture.Paragraph(
      class: `class`, lang: lang, css: css, text: text, minContent: 0, maxContent: 0, results: [])
  }
}
