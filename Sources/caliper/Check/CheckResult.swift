import Caliper

/// The verdict on one catalog string: the room it has, the room it needs, and whether it fits.
struct CheckResult: Sendable {
  /// A room: width and height in points, lines, characters (grapheme clusters).
  struct Room: Sendable {
    var width: Double?
    var height: Double?
    var lines: Int?
    var characters: Int?
    /// Bytes of storage (XLIFF 2 `slr:storageRestriction`).
    var bytes: Int?
  }

  let string: CatalogString
  /// The text measured: placeholders replaced by their samples (pseudo-localized with
  /// `--pseudo`).
  let measured: String
  /// The style it was measured in, for the contact sheet.
  let style: TextStyle
  let allowed: Room
  let needed: Room
  let fits: Bool
  /// How much does not fit, in points: a one-line string's width beyond its limit, else
  /// the widths of the lines beyond the line limit or the height plus any line wider than
  /// the limit; 0 when it fits (or only the character count is over).
  let overflow: Double
}
