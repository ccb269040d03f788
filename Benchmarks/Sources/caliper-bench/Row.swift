import Foundation

/// What a workload is held to: ratios over each peer (peer time / Caliper time) and absolute
/// bounds on Caliper's time. Any of them may be absent.
struct Target {
  var pango: Double? = nil
  var skparagraph: Double? = nil
  /// Caliper's nanoseconds per break segment.
  var nanosecondsPerSegment: Double? = nil
  /// Caliper's nanoseconds per operation.
  var nanosecondsPerOperation: Double? = nil

  static let none = Target()

  var description: String {
    var parts: [String] = []
    if let pango { parts.append("≥ \(Self.format(pango))× Pango") }
    if let skparagraph { parts.append("≥ \(Self.format(skparagraph))× SkParagraph") }
    if let nanosecondsPerSegment {
      parts.append("≤ \(Self.format(nanosecondsPerSegment)) ns/segment")
    }
    if let nanosecondsPerOperation { parts.append("< \(Self.format(nanosecondsPerOperation)) ns") }
    return parts.joined(separator: ", ")
  }

  private static func format(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
  }
}

/// One line of the results table: a workload on a corpus class, Caliper against its peers.
struct Row {
  let workload: String
  let corpus: String
  /// Operations per pass (a paragraph measured, or one relayout of one paragraph).
  let operations: Int
  /// Break segments and UTF-8 bytes processed per pass (summed over operations).
  let segments: Int
  let bytes: Int
  let race: Race
  var target: Target = .none

  var ratio: Double { race.pango / race.caliper }
  var skparagraphRatio: Double? { race.skparagraph.map { $0 / race.caliper } }
  var caliperPerOperation: Double { race.caliper / Double(operations) }
  var pangoPerOperation: Double { race.pango / Double(operations) }
  var caliperPerSegment: Double? { segments > 0 ? race.caliper / Double(segments) : nil }

  /// "yes" when every part of the target is met, else "no" with the parts missed; "" without
  /// a target. A ratio over SkParagraph counts only when SkParagraph raced.
  var met: String {
    var missed: [String] = []
    var checked = false
    if let pango = target.pango {
      checked = true
      if ratio < pango { missed.append("Pango") }
    }
    if let wanted = target.skparagraph, let skparagraphRatio {
      checked = true
      if skparagraphRatio < wanted { missed.append("SkParagraph") }
    }
    if let limit = target.nanosecondsPerSegment, let caliperPerSegment {
      checked = true
      if caliperPerSegment > limit { missed.append("ns/segment") }
    }
    if let limit = target.nanosecondsPerOperation {
      checked = true
      if caliperPerOperation >= limit { missed.append("ns") }
    }
    guard checked else { return "" }
    return missed.isEmpty ? "yes" : "no (" + missed.joined(separator: ", ") + ")"
  }

  static let header =
    "| workload | class | ops/pass | Caliper per op | Pango per op | SkParagraph per op "
    + "| Caliper ns/segment | Caliper ns/byte | Pango/Caliper | SkParagraph/Caliper | target "
    + "| met |\n|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---|"

  var markdown: String {
    let cells = [
      workload, corpus, "\(operations)", Self.duration(caliperPerOperation),
      Self.duration(pangoPerOperation),
      race.skparagraph.map { Self.duration($0 / Double(operations)) } ?? "–",
      caliperPerSegment.map(Self.number) ?? "–", Self.number(race.caliper / Double(bytes)),
      String(format: "%.1f×", ratio), skparagraphRatio.map { String(format: "%.1f×", $0) } ?? "–",
      target.description, met,
    ]
    return "| " + cells.joined(separator: " | ") + " |"
  }

  /// The row as one line of JSON: nanoseconds per operation for each side, the ratios.
  var json: String {
    struct Record: Encodable {
      let workload: String
      let corpus: String
      let caliper: Double
      let pango: Double
      let skparagraph: Double?
      let caliperPerSegment: Double?
      let pangoRatio: Double
      let skparagraphRatio: Double?
      let target: String
      let met: String
    }
    return SkParagraph.json(
      Record(
        workload: workload, corpus: corpus, caliper: caliperPerOperation,
        pango: pangoPerOperation, skparagraph: race.skparagraph.map { $0 / Double(operations) },
        caliperPerSegment: caliperPerSegment, pangoRatio: ratio,
        skparagraphRatio: skparagraphRatio, target: target.description, met: met))
  }

  /// Nanoseconds as ns, µs or ms, with three significant digits.
  static func duration(_ nanoseconds: Double) -> String {
    if nanoseconds < 1_000 { return number(nanoseconds) + " ns" }
    if nanoseconds < 1_000_000 { return number(nanoseconds / 1_000) + " µs" }
    return number(nanoseconds / 1_000_000) + " ms"
  }

  static func number(_ value: Double) -> String {
    if value >= 100 { return String(format: "%.0f", value) }
    if value >= 10 { return String(format: "%.1f", value) }
    if value >= 1 { return String(format: "%.2f", value) }
    return String(format: "%.3f", value)
  }
}
