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

  func check(_ string: CatalogString) throws -> CheckResult {
    let entries = constraints.matching(string.key)
    var settings = base
    var limitFromFile = StringLimit()
    var samples: [String: [String]] = [:]
    var scale = self.scale
    for entry in entries {
      try? StyleSchema.read(entry.style, into: &settings)  // checked when the file was read
      limitFromFile = entry.limit.inheriting(limitFromFile)
      samples.merge(entry.samples) { $1 }
      if let entryScale = entry.scale { scale = entryScale }
    }
    for (name, sample) in string.samples where samples[name] == nil { samples[name] = [sample] }
    let limit = string.limit.inheriting(limitFromFile)
    var style = settings.style
    style.locale = string.locale
    if let size = limit.size { style.size = size }
    if limit.family != nil || limit.weight != nil {
      let family = limit.family ?? Self.family(of: style.fonts.first) ?? "Noto Sans"
      let reference: FontReference =
        limit.weight.map { .descriptor(FontDescriptor(family: family, weight: $0)) }
        ?? FontReference(family)
      style.fonts = [reference] + style.fonts.dropFirst()
    }
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
    var options = settings.container
    options.lineLimit = nil
    options.truncationMode = nil

    let unit = limit.unit ?? .point
    let points = unit == .pixel ? 1 / scale : 1
    var allowed = CheckResult.Room()
    if unit == .char {
      allowed.characters = limit.width.map { Int($0) }
      allowed.lines = limit.height.map { Int($0) } ?? limit.lines
    } else {
      allowed.width = limit.width.map { $0 * points }
      allowed.height = limit.height.map { $0 * points }
      allowed.lines = limit.lines
    }
    let prepared = try fonts.prepare(measuredText, style: style)
    var needed = CheckResult.Room(characters: measuredText.count)
    var fits = true
    var overflow = 0.0
    if allowed.width == nil || (allowed.lines ?? 1) == 1 && allowed.height == nil {
      // One line (or no width): the ideal lines.
      let measurement = prepared.measure(
        ProposedViewSize(width: nil, height: nil), options: options)
      needed.width = measurement.size.width
      needed.height = measurement.size.height
      needed.lines = measurement.lineCount
      if let width = allowed.width {
        if allowed.lines == nil { allowed.lines = 1 }
        overflow = max(0, measurement.size.width - width)
        fits = measurement.size.width <= width + Self.tolerance
      }
    } else {
      let width = allowed.width!
      let measurement = prepared.measure(
        ProposedViewSize(width: width, height: nil), options: options)
      needed.width = measurement.size.width
      needed.height = measurement.size.height
      needed.lines = measurement.lineCount
      fits = measurement.size.width <= width + Self.tolerance
      overflow = max(0, measurement.size.width - width)
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
    if let characters = allowed.characters, measuredText.count > characters { fits = false }
    if allowed.width == nil, allowed.lines != nil, unit != .char {
      overflow = 0  // a line limit without a width: only hard breaks make lines
    }
    return CheckResult(
      string: string, measured: measuredText, style: style, allowed: allowed, needed: needed,
      fits: fits, overflow: fits ? 0 : overflow)
  }

  static func family(of reference: FontReference?) -> String? {
    switch reference {
    case .family(let name)?: return name
    case .descriptor(let descriptor)?: return descriptor.family
    default: return nil
    }
  }
}
