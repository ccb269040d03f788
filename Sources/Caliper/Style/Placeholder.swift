/// An inline box in a paragraph: an image, an avatar or a control set among the words
/// (SkParagraph's placeholders, TextKit's attachments, Parley's inline boxes).
///
/// A placeholder is a span's (`TextSpan.placeholder`): the span's characters — usually one
/// U+FFFC OBJECT REPLACEMENT CHARACTER — are replaced by a box `width` wide. Line breaking
/// sees the box as one unbreakable cluster with the break opportunities ICU gives around
/// U+FFFC (before and after it, UAX #14 rule LB20); its line grows to hold it (the line's
/// ascent and descent cover the box, as a face's do). Each placeholder's rect comes back
/// in `CharacterGeometry.placeholders`.
///
/// Where the box sits against the baseline follows SkParagraph's `PlaceholderAlignment`;
/// `top`, `bottom` and `middle` refer to the ascent and descent of the first face of the
/// span's fonts at the span's size. The span's `baselineOffset` raises the box further.
///
/// ```swift
/// let avatar = Placeholder(width: 24, height: 24, alignment: .middle, label: "avatar")
/// let text = try fonts.prepare(
///   "Sent by \u{FFFC} today", spans: [TextSpan(8..<9, placeholder: avatar)])
/// let measured = text.measure(ProposedViewSize(width: 120, height: nil))
/// text.characterGeometry(of: measured).placeholders[0].rect
/// ```
public struct Placeholder: Sendable, Hashable {
  /// How a box sits against the text's baseline (SkParagraph's `PlaceholderAlignment`).
  public enum Alignment: String, Sendable, Hashable, CaseIterable {
    /// The baseline crosses the box `baseline` points below its top.
    case baseline
    /// The box's bottom on the baseline.
    case aboveBaseline
    /// The box's top on the baseline.
    case belowBaseline
    /// The box's top at the font's ascent.
    case top
    /// The box's bottom at the font's descent.
    case bottom
    /// The box's middle halfway between the font's ascent and descent.
    case middle
  }

  /// Width in points: the advance the box takes on its line.
  public var width: Double
  /// Height in points.
  public var height: Double
  /// How the box sits against the baseline.
  public var alignment: Alignment
  /// With `.baseline`: points from the box's top down to the baseline (nil: `height`, the
  /// box standing on the baseline).
  public var baseline: Double?
  /// A name for the box, reported with its rect and drawn in it by `caliper render`.
  public var label: String?

  public init(
    width: Double, height: Double, alignment: Alignment = .baseline, baseline: Double? = nil,
    label: String? = nil
  ) {
    self.width = width
    self.height = height
    self.alignment = alignment
    self.baseline = baseline
    self.label = label
  }

  /// Points from the box's top down to the baseline, for text whose face has `font`'s
  /// metrics (ascent and descent positive).
  func ascent(font: LineMetrics) -> Double {
    switch alignment {
    case .baseline: return baseline ?? height
    case .aboveBaseline: return height
    case .belowBaseline: return 0
    case .top: return font.ascent
    case .bottom: return height - font.descent
    case .middle: return height / 2 + (font.ascent - font.descent) / 2
    }
  }

  /// The largest width, height and baseline offset of a box, in points.
  static let longestSide = 1e6

  /// The first reason this box cannot be laid out, if any.
  var problem: String? {
    let limit = Self.longestSide
    for (name, value) in [("width", width), ("height", height)]
    where !(value.isFinite && value >= 0 && value <= limit) {
      return "placeholder \(name) \(value) must be a number of points from 0 to \(Int(limit))"
    }
    if let baseline, !(baseline.isFinite && abs(baseline) <= limit) {
      return "placeholder baseline \(baseline) must be a number of points from"
        + " -\(Int(limit)) to \(Int(limit))"
    }
    return nil
  }
}

/// Where a placeholder was laid out: its characters, its label and its box.
public struct PlaceholderRect: Sendable, Hashable {
  /// The characters the box stands for (Unicode scalars).
  public let range: Range<Int>
  /// The placeholder's label.
  public let label: String?
  /// The box, in the coordinates of `Line`: x from the left edge of the lines, y from the
  /// top of the text.
  public let rect: Rect
  /// The index of its line.
  public let line: Int
}

/// A placeholder of a prepared text: its characters, its box and its face slot.
struct PlaceholderSpan: Sendable, Hashable {
  let range: Range<Int>
  let placeholder: Placeholder
  let face: Int
  /// Points from the box's top down to the baseline, its span's baseline offset included.
  let ascent: Double
}

extension TextSpan {
  /// The spans with a placeholder, as (index in `spans`, range inside a text of `count`
  /// scalars), in text order; empty ranges are left out (they hold no box).
  static func placeholderSpans(_ spans: [TextSpan], count: Int) -> [(index: Int, range: Range<Int>)]
  {
    var result: [(index: Int, range: Range<Int>)] = []
    for (index, span) in spans.enumerated() where span.placeholder != nil {
      let lower = max(0, min(count, span.range.lowerBound))
      let upper = max(lower, min(count, span.range.upperBound))
      if lower < upper { result.append((index, lower..<upper)) }
    }
    return result.sorted { $0.range.lowerBound < $1.range.lowerBound }
  }

  /// The first reason `spans`' placeholders cannot be laid out: a bad box, an empty range
  /// or two placeholders over the same character.
  static func placeholderProblem(_ spans: [TextSpan]) -> String? {
    var previous: Range<Int>?
    for span in spans.filter({ $0.placeholder != nil }).sorted(by: {
      $0.range.lowerBound < $1.range.lowerBound
    }) {
      if let problem = span.placeholder?.problem { return problem }
      let range = span.range
      if range.isEmpty {
        return "a placeholder span must cover at least one character (U+FFFC), not"
          + " \(range.lowerBound)..<\(range.upperBound)"
      }
      if let previous, previous.upperBound > range.lowerBound {
        return "placeholder spans \(previous.lowerBound)..<\(previous.upperBound) and"
          + " \(range.lowerBound)..<\(range.upperBound) overlap"
      }
      previous = range
    }
    return nil
  }
}
