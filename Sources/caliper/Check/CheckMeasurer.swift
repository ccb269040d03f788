import Caliper
import CaliperLayout

/// Measures catalog strings in the style their limits and constraints give them.
///
/// Each string is set in the command line's style, over which the constraints file's
/// matching entries and then the string's own font, size and weight apply; its locale is
/// the catalog's. A string with a width and no line limit or height must fit on one line:
/// its ideal width is compared with the limit. With a line limit or a height it is broken
/// at the width as `measure --width` breaks it, and must need no more lines and no more
/// height. Widths compare with `measure`'s tolerance of 1e-6 pt. Pixels are points ×
/// scale (`--scale`, or the constraint's `scale`; default 1, as 1 pt = 1 px at 72 dpi).
struct CheckMeasurer {
  let fonts: FontLibrary
  let base: StyleSettings
  let constraints: Constraints
  let scale: Double
  /// With `--pseudo`: the expansion in percent, or `nil` for the length rule.
  let pseudo: Bool
  let expand: Int?

  static let tolerance = 1e-6

  /// What one string is measured as, before it is measured.
  struct Plan {
    let string: CatalogString
    let text: String
    let style: TextStyle
    /// `style`'s number in the `Styles` it was planned with.
    let styleNumber: Int
    let allowed: CheckResult.Room
    let unit: StringLimit.SizeUnit
    /// The proposed width: `nil` for a one-line check (the ideal lines).
    let width: Double?
    /// The bytes the stored text takes, when there is a storage limit.
    let storage: Int?
  }

  /// Checks `strings` in order: their texts prepared in parallel (`TextBatch`, one batch
  /// per style and proposed width), each on up to `jobs` threads.
  ///
  /// - Throws: the first `CaliperError` of a text that cannot be prepared (a font).
  func check(_ strings: [CatalogString], jobs: Int? = nil) throws -> [CheckResult] {
    var styles = Styles()
    let plans = strings.map { plan($0, styles: &styles) }
    // Grouped by the style's number in `styles` (hashing a whole `TextStyle` twice a
    // string was 4.5 k instructions of it).
    struct Group: Hashable {
      let style: Int
      let width: Double?
    }
    var groups: [Group: Int] = [:]
    var members: [(group: Group, indices: [Int])] = []
    for (index, plan) in plans.enumerated() {
      let group = Group(style: plan.styleNumber, width: plan.width)
      if let slot = groups[group] {
        members[slot].indices.append(index)
      } else {
        groups[group] = members.count
        members.append((group, [index]))
      }
    }
    var measurements = [TextMeasurement?](repeating: nil, count: plans.count)
    for (group, indices) in members {
      let texts = indices.map { plans[$0].text }
      let width = group.width
      let results = TextBatch(fonts: fonts, style: styles.list[group.style]).prepare(
        texts, jobs: jobs, cached: TextBatch.repeats(in: texts)
      ) { prepared in
        // One line: the size only, no lines built; wrapped: the lines, for the overflow.
        width == nil
          ? prepared.sizeThatFits(.unspecified)
          : prepared.measure(ProposedViewSize(width: width, height: nil))
      }
      for (index, result) in zip(indices, results) { measurements[index] = try result.get() }
    }
    return zip(plans, measurements).map { verdict($0, $1!) }
  }

  /// The styles strings are set in, each worked out once: a catalog's strings share a few
  /// (one per file, group or constraint), and reading the constraints' style members and
  /// the catalog's font name for every string was half of planning it.
  struct Styles {
    /// What the matching constraint entries (by number) give: the command line's settings
    /// with their style members read over them, limits, samples and scale.
    struct Entries {
      let style: TextStyle
      let limit: StringLimit
      let samples: [String: [String]]
      let scale: Double?
    }

    /// What makes a string's style: its entries' and its own locale, size, family, weight.
    struct Key: Hashable {
      let entries: [Int]
      let locale: String
      let size: Double?
      let family: String?
      let weight: Int?
    }

    var entries: [[Int]: Entries] = [:]
    var numbers: [Key: Int] = [:]
    var list: [TextStyle] = []
  }

  /// The style, text (samples in) and room of a string, its style found in or added to
  /// `styles`.
  func plan(_ string: CatalogString, styles: inout Styles) -> Plan {
    let matching = constraints.matching(string.key)
    let entries: Styles.Entries
    if let known = styles.entries[matching] {
      entries = known
    } else {
      var settings = base
      var limitFromFile = StringLimit()
      var samples: [String: [String]] = [:]
      var scale: Double?
      for entry in matching.map({ constraints.entries[$0] }) {
        try? StyleSchema.read(entry.style, into: &settings)  // checked when the file was read
        limitFromFile = entry.limit.inheriting(limitFromFile)
        samples.merge(entry.samples) { $1 }
        if let entryScale = entry.scale { scale = entryScale }
      }
      entries = Styles.Entries(
        style: settings.style, limit: limitFromFile, samples: samples, scale: scale)
      styles.entries[matching] = entries
    }
    var samples = entries.samples
    let scale = entries.scale ?? self.scale
    for (name, sample) in string.samples where samples[name] == nil { samples[name] = [sample] }
    let limit = string.limit.inheriting(entries.limit)
    let key = Styles.Key(
      entries: matching, locale: string.locale, size: limit.size, family: limit.family,
      weight: limit.weight)
    let styleNumber: Int
    if let known = styles.numbers[key] {
      styleNumber = known
    } else {
      var style = entries.style
      style.locale = string.locale
      if let size = limit.size { style.size = size }
      if limit.family != nil || limit.weight != nil {
        let family = limit.family ?? Self.family(of: style.fonts.first) ?? "Noto Sans"
        let reference: FontReference =
          limit.weight.map { .descriptor(FontDescriptor(family: family, weight: $0)) }
          ?? FontReference(family)
        style.fonts = [reference] + style.fonts.dropFirst()
      }
      styleNumber = styles.list.count
      styles.numbers[key] = styleNumber
      styles.list.append(style)
    }
    let style = styles.list[styleNumber]
    let source =
      pseudo ? PseudoLocalization.pseudo(string.source ?? string.text, expand: expand) : string.text
    let measuredText = Placeholders.substitute(
      source, samples: samples, pluralArguments: string.numericPlaceholders
    ) { candidates in
      // The widest sample in this style.
      candidates.max { a, b in
        ((try? fonts.prepare(a, style: style).idealSize.width) ?? 0)
          < ((try? fonts.prepare(b, style: style).idealSize.width) ?? 0)
      } ?? candidates[0]
    }
    let unit = limit.unit ?? .point
    let points = unit == .pixel ? 1 / scale : 1
    var allowed = CheckResult.Room()
    var allowedStorage: Int?
    if unit == .char {
      allowed.characters = limit.width.map { Int($0) }
      allowed.lines = limit.height.map { Int($0) } ?? limit.lines
    } else {
      allowed.width = limit.width.map { $0 * points }
      allowed.height = limit.height.map { $0 * points }
      allowed.lines = limit.lines
    }
    if let bytes = limit.bytes, let encoding = limit.encoding {
      allowed.bytes = bytes
      allowedStorage = encoding.count(string.text)
    }
    let oneLine = allowed.width == nil || (allowed.lines ?? 1) == 1 && allowed.height == nil
    return Plan(
      string: string, text: measuredText, style: style, styleNumber: styleNumber,
      allowed: allowed, unit: unit, width: oneLine ? nil : allowed.width, storage: allowedStorage)
  }

  /// The verdict on a plan from its measurement.
  func verdict(_ plan: Plan, _ measurement: TextMeasurement) -> CheckResult {
    var allowed = plan.allowed
    var needed = CheckResult.Room(
      width: measurement.size.width, height: measurement.size.height,
      lines: measurement.lineCount, characters: plan.text.count)
    var fits = true
    var overflow = 0.0
    if let width = allowed.width {
      if plan.width == nil, allowed.lines == nil { allowed.lines = 1 }
      overflow = max(0, measurement.size.width - width)
      fits = measurement.size.width <= width + Self.tolerance
      for (index, line) in measurement.lines.enumerated() {
        let overLines = allowed.lines.map { index >= $0 } ?? false
        let overHeight = allowed.height.map { line.y + line.height > $0 + Self.tolerance } ?? false
        if overLines || overHeight { overflow += line.width }
      }
    }
    if let lines = allowed.lines, let count = needed.lines, count > lines { fits = false }
    if let height = allowed.height, let used = needed.height, used > height + Self.tolerance {
      fits = false
    }
    if let characters = allowed.characters, plan.text.count > characters { fits = false }
    needed.bytes = plan.storage
    if let bytes = allowed.bytes, let storage = plan.storage, storage > bytes { fits = false }
    if allowed.width == nil { needed.width = measurement.size.width }
    return CheckResult(
      string: plan.string, measured: plan.text, style: plan.style, allowed: allowed,
      needed: needed, fits: fits, overflow: fits ? 0 : overflow)
  }

  static func family(of reference: FontReference?) -> String? {
    switch reference {
    case .family(let name)?: return name
    case .descriptor(let descriptor)?: return descriptor.family
    default: return nil
    }
  }
}
