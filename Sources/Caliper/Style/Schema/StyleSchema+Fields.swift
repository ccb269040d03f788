/// The fields of the style schema: fonts, spacing and tabs, and line options.
extension StyleSchema {
  static let fontFields: [StyleField] = [
    StyleField(
      "size", option: "--size", "<pt>", .number, [.style, .span],
      help: "Font size in points, greater than 0 and at most 10000\n(default: 16)."
    ) { (value, settings) throws(StyleError) in
      settings.style.size = try number(
        value, "font size", 0...InputLimits().maxFontSize, above: true)
    },
    StyleField(
      "font", aliases: ["fonts"], option: "--font", "<name|path>", .repeated, [.style, .span],
      help: """
        A font family (bundled, else installed) or a font file,
        tried before the bundled cascade. Repeatable. A family may
        give weight (1-1000), width (%) and slant: 'DejaVu
        Sans:weight=700:width=87.5:slant=italic'.
        """
    ) { (value, settings) throws(StyleError) in
      var fonts: [FontReference] = []
      for (index, item) in list(value).enumerated() {
        do throws(StyleError) {
          fonts.append(FontReference(try name(item, "a font")))
        } catch {
          throw StyleError(subpath: isList(value) ? "[\(index)]" : "", error.message)
        }
      }
      settings.style.fonts = fonts
    },
    StyleField(
      "locale", option: "--locale", "<id>", .string, [.style],
      help: """
        Locale for line breaking, hyphenation and shaping: a BCP 47
        tag (de-CH, ja-u-lb-strict) or a POSIX or ICU locale
        (en_US.UTF-8, ja@lb=strict), at most \(LocaleTag.maxBytes)
        bytes (default: en).
        """
    ) { (value, settings) throws(StyleError) in
      // Empty (and not a string): `name`'s message, as for every name of the schema.
      if case .string(let locale) = value, !locale.isEmpty, let problem = LocaleTag.problem(locale)
      {
        throw StyleError(problem)
      }
      settings.style.locale = try name(value, "a locale")
    },
    StyleField(
      "hyphenation", option: "--hyphenation", "<auto|f>", .string, [.style],
      help: """
        Hyphenate words at line ends with the locale's libhyphen
        dictionary (/usr/share/hyphen): auto, none (default), or a
        factor 0-1: hyphenate a line only when it would otherwise be
        filled less than that (TextKit's hyphenationFactor).
        """
    ) { (value, settings) throws(StyleError) in
      let message = "hyphenation must be auto, none or a factor from 0 to 1"
      switch value {
      case .number(let factor) where (0...1).contains(factor):
        settings.style.hyphenation = Hyphenation(factor: factor + 0)
      case .string(let text):
        guard let hyphenation = Hyphenation(parsing: text.trimmingSpaces) else {
          var error = StyleError("\(message), not '\(text)'")
          error.isOutOfRange = Double(text.trimmingSpaces) != nil
          throw error
        }
        settings.style.hyphenation = hyphenation
      case .number(let factor):
        var error = StyleError("\(message), not \(format(factor))")
        error.isOutOfRange = true
        throw error
      default:
        throw StyleError("\(message), not \(value.kindDescription)")
      }
    },
    StyleField(
      "features", option: "--features", "<f>[,<f>...]", .strings, [.style, .span],
      help: """
        OpenType features in HarfBuzz's syntax: tnum, liga=0,
        -kern, smcp, aalt=2, tnum[3:5] (scalar offsets 3 and 4).
        Repeatable.
        """
    ) { (value, settings) throws(StyleError) in
      settings.style.features = try parsed(value, "a feature") { (text) throws(CaliperError) in
        try FontFeature(parsing: text)
      }
    },
    StyleField(
      "variations", option: "--variations", "<axis=v>[,...]", .strings, [.style, .span],
      help: """
        Variable-font axis positions: wght=700, wdth=75, opsz=12.
        Applies to every face that has the axis. Repeatable.
        """
    ) { (value, settings) throws(StyleError) in
      settings.style.variations = try parsed(value, "a variation") {
        (text) throws(CaliperError) in try FontVariation(parsing: text)
      }
    },
    StyleField(
      "systemFonts", option: "--system-fonts", "", .flag, [.style],
      help: """
        Draw characters no bundled font (nor --font) has with a
        system font: the first fontconfig sorts that has them.
        Off by default, so results depend on the bundled fonts.
        """
    ) { (value, settings) throws(StyleError) in
      guard case .bool(let bool) = value else {
        throw StyleError("systemFonts must be true or false, not \(value.kindDescription)")
      }
      settings.style.systemFallback = bool
    },
  ]

  /// A points field: `what` in messages, `range`, and where it goes.
  static func points(
    _ key: String, option: String, _ what: String, _ range: ClosedRange<Double>,
    above: Bool = false, _ group: StyleField.Groups = [.style], value: String = "<pt>",
    help: String, _ path: WritableKeyPath<TextStyle, Double> & Sendable
  ) -> StyleField {
    StyleField(key, option: option, value, .number, group, help: help) {
      (value, settings) throws(StyleError) in
      settings.style[keyPath: path] = try number(value, what, range, above: above)
    }
  }

  static let spacingFields: [StyleField] = [
    points(
      "letterSpacing", option: "--letter-spacing", "letter spacing", -longest...longest,
      [.style, .span],
      help: "Points added after every character (may be negative);\n"
        + "turns optional ligatures off unless --feature liga.", \.letterSpacing),
    points(
      "wordSpacing", option: "--word-spacing", "word spacing", -longest...longest,
      help: "Points added to every space (may be negative).", \.wordSpacing),
    StyleField(
      "tabStops", option: "--tab-stops", "<x>[,<x>...]", .numbers, [.style],
      help: "Tab stops in points from the line start, ascending."
    ) { (value, settings) throws(StyleError) in
      var stops: [Double] = []
      for (index, item) in list(value).enumerated() {
        do throws(StyleError) {
          stops.append(try number(item, "a tab stop", 0...longest))
        } catch {
          throw StyleError(subpath: isList(value) ? "[\(index)]" : "", error.message)
        }
        if stops.count > 1, stops[stops.count - 2] >= stops[stops.count - 1] {
          throw StyleError("tab stops must be strictly ascending")
        }
      }
      settings.style.paragraph.tabStops.stops = stops
    },
    StyleField(
      "tabInterval", option: "--tab-interval", "<pt>", .number, [.style],
      help: "Distance between default tab stops, after the explicit\n"
        + "ones (default: 8 space widths of the first font)."
    ) { (value, settings) throws(StyleError) in
      settings.style.paragraph.tabStops.defaultInterval = try number(
        value, "tab interval", 0.01...longest)
    },
    points(
      "lineSpacing", option: "--line-spacing", "line spacing", 0...longest,
      help: "Points added between lines.", \.paragraph.lineSpacing),
    points(
      "lineHeightMultiple", option: "--line-height-multiple", "line height multiple", 0...1000,
      above: true, value: "<m>", help: "Each line's natural height times m.",
      \.paragraph.lineHeightMultiple),
    StyleField(
      "lineHeight", option: "--line-height", "<pt>", .number, [.style],
      help: "A fixed height for every line."
    ) { (value, settings) throws(StyleError) in
      settings.style.paragraph.lineHeight = try number(
        value, "line height", 0...longest, above: true)
    },
    points(
      "paragraphSpacing", option: "--paragraph-spacing", "paragraph spacing", 0...longest,
      help: "Points added between paragraphs (after a hard break).",
      \.paragraph.paragraphSpacing),
    points(
      "firstLineIndent", option: "--first-line-indent", "first-line indent", 0...longest,
      help: "Indent of each paragraph's first line.", \.paragraph.firstLineHeadIndent),
    points(
      "headIndent", option: "--head-indent", "head indent", 0...longest,
      help: "Indent of the other lines (hanging indent when larger).", \.paragraph.headIndent),
  ]

  static let lineFields: [StyleField] = [
    StyleField(
      "lineLimit", option: "--line-limit", "<n>", .number, [.text],
      help: "Show at most n lines (n ≥ 1); the last is truncated."
    ) { (value, settings) throws(StyleError) in
      let what = "line limit"
      let limit = try number(value, what, 1...1_000_000, unit: "lines")
      guard limit.rounded() == limit else {
        throw StyleError(
          "\(what) \(format(limit)) must be a whole number of lines from 1 to 1000000")
      }
      settings.container.lineLimit = Int(limit)
    },
    StyleField(
      "truncation", option: "--truncation", "<mode>", .string, [.text],
      help: "Where the last shown line hides text: tail (default),\n"
        + "middle or head. With it, --height also limits the lines."
    ) { (value, settings) throws(StyleError) in
      let name = try choice(value, "truncation", ["tail", "middle", "head"])
      settings.container.truncationMode = TruncationMode(rawValue: name)
    },
    StyleField(
      "height", option: "--height", "<h>[,<h>...]", .numbers, [.proposal],
      help: "Proposed height in points (or inf): with --line-limit or\n"
        + "--truncation, only the lines that fit are shown.\n"
        + "Vertical text breaks its columns at it (a list: each)."
    ) { (value, settings) throws(StyleError) in
      settings.heights = try heights(value)
      settings.height = settings.heights[0]
    },
    StyleField(
      "alignment", option: "--alignment", "<a>", .string, [.text],
      help: "Line x offsets: leading (default), center, trailing or\n"
        + "justified (never changes sizes)."
    ) { (value, settings) throws(StyleError) in
      let name = try choice(value, "alignment", ["leading", "center", "trailing", "justified"])
      settings.container.alignment = TextAlignment(rawValue: name) ?? .leading
    },
    StyleField(
      "spans", option: "--spans", "<file|->", .file, [.text],
      help: "Styled spans, a JSON array applied to every text:\n"
        + "[{\"start\": 5, \"end\": 9, \"bold\": true}]."
    ) { (value, settings) throws(StyleError) in
      do throws(LayoutError) {
        settings.spans = try SpanReader.spans(JSONReader(value: value, path: ""))
      } catch {
        throw StyleError(subpath: error.path, error.message)
      }
    },
  ]

  /// A list of strings, each parsed by `parse` (features, variations); the library's
  /// refusal is the message.
  static func parsed<T>(
    _ value: JSONValue, _ what: String, _ parse: (String) throws(CaliperError) -> T
  ) throws(StyleError) -> [T] {
    var results: [T] = []
    for (index, item) in list(value).enumerated() {
      let subpath = isList(value) ? "[\(index)]" : ""
      guard case .string(let text) = item else {
        throw StyleError(subpath: subpath, "\(what) must be a string, not \(item.kindDescription)")
      }
      do throws(CaliperError) {
        results.append(try parse(text.trimmingSpaces))
      } catch {
        throw StyleError(subpath: subpath, error.description)
      }
    }
    return results
  }

  static func isList(_ value: JSONValue) -> Bool {
    if case .array = value { return true }
    return false
  }
}

extension String {
  /// Without leading and trailing spaces.
  package var trimmingSpaces: String {
    var slice = self[...]
    while slice.first == " " { slice.removeFirst() }
    while slice.last == " " { slice.removeLast() }
    return String(slice)
  }
}
