import Caliper
import CaliperLayout

/// The style options of every command that measures or draws text, generated from
/// `StyleSchema`: the same names, ranges and messages as `serve` requests, layout JSON
/// and spans files, because each value is turned into the JSON value a request would
/// hold and read by the same field.
enum StyleOptions {
  /// The options of the schema's fields in `groups`.
  static func options(_ groups: StyleField.Groups) -> [Option] {
    StyleSchema.fields.filter { !$0.group.isDisjoint(with: groups) }.map { field in
      let repeatable = [.repeated, .strings].contains(field.syntax)
      guard field.syntax != .file, field.syntax != .flag else {
        return Option(field.option, value: field.valueName, help: field.help)
      }
      return Option(
        field.option, value: field.valueName, help: field.help, repeatable: repeatable
      ) { text in
        var scratch = StyleSettings()
        try read(field, value(field, [text]), into: &scratch)
      }
    }
  }

  /// The settings the parsed options give, over `base`.
  ///
  /// - Throws: `UsageError` for a bad value, `RuntimeError` for a spans file that cannot
  ///   be read or holds bad spans.
  static func settings(
    _ parsed: ParsedArguments, _ groups: StyleField.Groups, base: StyleSettings = StyleSettings()
  ) throws -> StyleSettings {
    var settings = base
    for field in StyleSchema.fields where !field.group.isDisjoint(with: groups) {
      if field.syntax == .flag {
        if parsed.has(field.option) { try read(field, .bool(true), into: &settings) }
        continue
      }
      let texts = parsed.all(field.option)
      guard let last = texts.last else { continue }
      if field.syntax == .file {
        let json = try InputReader.text(from: last)
        let place = "\(field.key) file \(last == "-" ? "(stdin)" : last)"
        do {
          try field.read(try JSONValue(parsing: json), &settings)
        } catch let error as StyleError {
          throw RuntimeError("\(place): $\(error.subpath): \(error.message)")
        } catch {
          throw RuntimeError("\(place): \(error)")
        }
        continue
      }
      try read(field, value(field, texts), into: &settings)
    }
    return settings
  }

  /// The JSON value of an option's texts (all of its occurrences).
  static func value(_ field: StyleField, _ texts: [String]) throws -> JSONValue {
    func number(_ text: String) throws -> JSONValue {
      let trimmed = text.trimmingSpaces
      if trimmed.lowercased() == "none" { return .string(trimmed) }  // an unspecified height
      guard let value = Double(trimmed) else {
        throw UsageError("\(field.option) expects a number, not '\(text)'")
      }
      return .number(value)
    }
    switch field.syntax {
    case .number: return try number(texts.last!)
    case .numbers:
      return .array(try texts.last!.split(separator: ",").map { try number(String($0)) })
    case .string: return .string(texts.last!)
    case .strings:
      return .array(
        texts.flatMap { $0.split(separator: ",").map { .string(String($0).trimmingSpaces) } })
    case .repeated: return .array(texts.map(JSONValue.string))
    case .flag: return .bool(true)
    case .file: return .null
    }
  }

  /// Reads one value; the schema's refusal becomes a usage error naming the option.
  static func read(_ field: StyleField, _ value: JSONValue, into settings: inout StyleSettings)
    throws
  {
    do throws(StyleError) {
      try field.read(value, &settings)
    } catch {
      throw UsageError("\(field.option): \(error.message)")
    }
  }
}

extension StyleOptions {
  /// Says on stderr which variations the style's own fonts clamp: HarfBuzz moves a value
  /// outside an axis's range to its nearest end ("wght=100000" draws the font's 900),
  /// which measured silently before.
  static func warnAboutClampedVariations(_ style: TextStyle, fonts: FontLibrary) {
    guard !style.variations.isEmpty else { return }
    for reference in style.fonts {
      guard let font = try? fonts.font(reference) else { continue }
      for axis in font.variationAxes {
        for variation in style.variations
        where variation.tag == axis.tag && !(axis.minimum...axis.maximum).contains(variation.value)
        {
          let nearest = min(max(variation.value, axis.minimum), axis.maximum)
          Output.writeError(
            "warning: \(variation) is outside \(font.familyName)'s \(axis.tag) axis"
              + " (\(formatNumber(axis.minimum)) to \(formatNumber(axis.maximum))):"
              + " clamped to \(formatNumber(nearest))\n")
        }
      }
    }
  }
}
