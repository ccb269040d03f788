/// The nearest valid name to a typo, for "did you mean '--width'?".
package enum Suggestion {
  /// The candidate with the smallest edit distance, if it is close enough to be a typo:
  /// at most a third of the name's length, and at least 1 and at most 3 edits.
  package static func nearest(_ name: String, in candidates: [String]) -> String? {
    let best = candidates.map { ($0, distance(name, $0)) }.min { $0.1 < $1.1 }
    guard let best, best.1 <= max(1, min(3, name.count / 3)) else { return nil }
    return best.0
  }

  /// The option a mistyped long option name means: the longest option that begins it
  /// (`--font-file` → `--font`), else the nearest name, else the one option it begins. An
  /// unknown short option gets none.
  package static func option(_ name: String, in names: [String]) -> String? {
    let long = names.filter { $0.hasPrefix("--") }
    if name.hasPrefix("--"),
      let prefix = long.filter({ name.hasPrefix($0 + "-") }).max(by: { $0.count < $1.count })
    {
      return prefix
    }
    // One letter off another short option means nothing (`-w` is not `-h`).
    guard name.hasPrefix("--") else { return nil }
    if let nearest = nearest(name, in: names) { return nearest }
    let longer = long.filter { name.count > 3 && $0.hasPrefix(name) }
    return longer.count == 1 ? longer[0] : nil
  }

  /// Levenshtein distance with transpositions counted as one edit ("widht" → "width").
  package static func distance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
    var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { table[i][0] = i }
    for j in 0...b.count { table[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
        }
      }
    }
    return table[a.count][b.count]
  }
}

extension String? {
  package var orEmpty: String { self ?? "" }
}
