@_spi(Benchmarks) import Caliper
import Foundation

/// A library's cache counters (`FontLibrary.cacheStatistics`) as one table row per cache.
struct CacheRow {
  let report: CacheReport

  init(_ report: CacheReport) {
    self.report = report
  }

  static let header =
    "| cache | hits | misses | hit rate | entries | bytes | byte limit | evictions |\n"
    + "|---|---:|---:|---:|---:|---:|---:|---:|"

  var markdown: String {
    [("faces", report.faces), ("shapes", report.shapes), ("prepared", report.prepared)]
      .map { name, statistics in
        String(
          format: "| %@ | %d | %d | %.1f %% | %d | %d | %d | %d |", name, statistics.hits,
          statistics.misses, 100 * statistics.hitRate, statistics.entries, statistics.bytes,
          statistics.byteLimit, statistics.evictions)
      }
      .joined(separator: "\n")
  }
}
