import Caliper

/// The options of `caliper measure` that set OpenType features, variable-font axes,
/// spacing and tabs on the style, parsed in one place.
enum StyleOptions {
  /// The options that take a value.
  static let valued: Set<String> = [
    "--feature", "--variation", "--tab-stops", "--tab-interval", "--letter-spacing",
    "--word-spacing", "--line-spacing", "--line-height-multiple", "--line-height",
    "--paragraph-spacing", "--first-line-indent", "--head-indent",
  ]

  /// Their lines in `--help`.
  static let help = """
      --feature <f>[,<f>...]  An OpenType feature in HarfBuzz's syntax: tnum, liga=0,
                              -kern, smcp, aalt=2, tnum[3:5] (scalar offsets 3 and 4).
                              Repeatable.
      --variation <axis=v>[,...]
                              A variable-font axis position: wght=700, wdth=75, opsz=12.
                              Applies to every face that has the axis. Repeatable.
      --tab-stops <x>[,<x>...]
                              Tab stops in points from the line start, ascending.
      --tab-interval <pt>     Distance between default tab stops, after the explicit
                              ones (default: 8 space widths of the first font).
      --letter-spacing <pt>   Points added after every character (may be negative);
                              turns optional ligatures off unless --feature liga.
      --word-spacing <pt>     Points added to every space (may be negative).
      --line-spacing <pt>     Points added between lines.
      --line-height-multiple <m>
                              Each line's natural height times m.
      --line-height <pt>      A fixed height for every line.
      --paragraph-spacing <pt>
                              Points added between paragraphs (after a hard break).
      --first-line-indent <pt>
                              Indent of each paragraph's first line.
      --head-indent <pt>      Indent of the other lines (hanging indent when larger).
    """

  /// Sets the style from the parsed options.
  static func apply(_ parsed: ArgumentParser, to style: inout TextStyle) throws {
    for list in parsed.all("--feature") {
      for item in list.split(separator: ",") {
        do {
          style.features.append(try FontFeature(parsing: String(item).trimmingSpaces))
        } catch {
          throw UsageError("--feature: \(error)")
        }
      }
    }
    for list in parsed.all("--variation") {
      for item in list.split(separator: ",") {
        do {
          style.variations.append(try FontVariation(parsing: String(item).trimmingSpaces))
        } catch {
          throw UsageError("--variation: \(error)")
        }
      }
    }
    if let list = parsed.last("--tab-stops") {
      style.paragraph.tabStops.stops = try list.split(separator: ",").map {
        try MeasureCommand.number(String($0), option: "--tab-stops")
      }
    }
    let numbers: [(String, WritableKeyPath<TextStyle, Double>)] = [
      ("--letter-spacing", \.letterSpacing), ("--word-spacing", \.wordSpacing),
      ("--line-spacing", \.paragraph.lineSpacing),
      ("--line-height-multiple", \.paragraph.lineHeightMultiple),
      ("--paragraph-spacing", \.paragraph.paragraphSpacing),
      ("--first-line-indent", \.paragraph.firstLineHeadIndent),
      ("--head-indent", \.paragraph.headIndent),
    ]
    for (option, path) in numbers {
      if let value = parsed.last(option) {
        style[keyPath: path] = try MeasureCommand.number(value, option: option)
      }
    }
    if let height = parsed.last("--line-height") {
      style.paragraph.lineHeight = try MeasureCommand.number(height, option: "--line-height")
    }
    if let interval = parsed.last("--tab-interval") {
      style.paragraph.tabStops.defaultInterval = try MeasureCommand.number(
        interval, option: "--tab-interval")
    }
  }
}
