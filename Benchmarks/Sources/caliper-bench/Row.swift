import Foundation

/// One line of the results table: a workload on a corpus class, Caliper against Pango.
struct Row {
  let workload: String
  let corpus: String
  /// Operations per pass (a paragraph measured, or one relayout of one paragraph).
  let operations: Int
  /// Break segments and UTF-8 bytes processed per pass (summed over operations).
  let segments: Int
  let bytes: Int
  let race: Race
  /// The target for Pango/Caliper ("≥ 4×"), and the ratio it asks for.
  let target: String
  let targetRatio: Double?
  /// An absolute target for Caliper's time per operation, in nanoseconds.
  var targetNanoseconds: Double? = nil

  var ratio: Double { race.pango / race.caliper }
  var caliperPerOperation: Double { race.caliper / Double(operations) }
  var pangoPerOperation: Double { race.pango / Double(operations) }

  var met: String {
    if let limit = targetNanoseconds { return caliperPerOperation < limit ? "yes" : "no" }
    guard let targetRatio else { return "" }
    return ratio >= targetRatio ? "yes" : "no"
  }

  static let header =
    "| workload | class | ops/pass | Caliper per op | Pango per op | Caliper ns/segment "
    + "| Caliper ns/byte | Pango ns/byte | Pango/Caliper | target | met |\n"
    + "|---|---|---:|---:|---:|---:|---:|---:|---:|---|---|"

  var markdown: String {
    let cells = [
      workload, corpus, "\(operations)", Self.duration(caliperPerOperation),
      Self.duration(pangoPerOperation),
      segments > 0 ? Self.number(race.caliper / Double(segments)) : "–",
      Self.number(race.caliper / Double(bytes)), Self.number(race.pango / Double(bytes)),
      String(format: "%.1f×", ratio), target, met,
    ]
    return "| " + cells.joined(separator: " | ") + " |"
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
