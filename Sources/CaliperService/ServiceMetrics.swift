import Caliper
import Synchronization

/// The service's counters, exported at `GET /metrics` in Prometheus' text format.
///
/// Problem: operators watch a service through its request counts, latencies and cache
/// behaviour. Solution: every finished request is recorded once, by endpoint and status,
/// with its duration in a histogram; the prepared-text cache is read from the shared
/// `FontLibrary` when scraped. Limitation: counters start at zero with each process.
package final class ServiceMetrics: Sendable {
  /// The upper bounds of the latency histogram's buckets, in seconds.
  package static let bucketBounds: [Double] = [
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
  ]

  private struct Histogram {
    var buckets = [Int](repeating: 0, count: ServiceMetrics.bucketBounds.count)
    var sum = 0.0
    var count = 0

    mutating func record(_ seconds: Double) {
      if let bucket = ServiceMetrics.bucketBounds.firstIndex(where: { seconds <= $0 }) {
        buckets[bucket] += 1
      }
      sum += seconds
      count += 1
    }
  }

  private struct State {
    var requests: [String: [Int: Int]] = [:]
    var durations: [String: Histogram] = [:]
  }

  private let state = Mutex(State())
  private let inFlight = Atomic<Int>(0)

  package init() {}

  /// A request began (its headers arrived).
  package func begin() { inFlight.add(1, ordering: .relaxed) }

  /// A request that `begin` counted ended with `status` after `seconds`; nil for one that
  /// got no answer (its client went away), counted nowhere else.
  package func end(endpoint: String, status: Int?, seconds: Double) {
    inFlight.subtract(1, ordering: .relaxed)
    guard let status else { return }
    state.withLock { state in
      state.requests[endpoint, default: [:]][status, default: 0] += 1
      // Changed in place, so that its buckets are not copied for every request.
      state.durations[endpoint, default: Histogram()].record(seconds)
    }
  }

  /// Requests begun and not yet ended.
  package var inFlightCount: Int { inFlight.load(ordering: .relaxed) }

  /// The exposition text (format 0.0.4).
  package func text(cache: CacheStatistics) -> String {
    let (requests, durations) = state.withLock { ($0.requests, $0.durations) }
    var text = """
      # HELP caliper_requests_total Requests answered, by endpoint and status code.
      # TYPE caliper_requests_total counter

      """
    for endpoint in requests.keys.sorted() {
      for (code, count) in requests[endpoint]!.sorted(by: { $0.key < $1.key }) {
        text += "caliper_requests_total{endpoint=\"\(endpoint)\",code=\"\(code)\"} \(count)\n"
      }
    }
    text += """
      # HELP caliper_request_duration_seconds Time from a request's headers to its response.
      # TYPE caliper_request_duration_seconds histogram

      """
    for endpoint in durations.keys.sorted() {
      let histogram = durations[endpoint]!
      var cumulative = 0
      for (index, bound) in Self.bucketBounds.enumerated() {
        cumulative += histogram.buckets[index]
        text +=
          "caliper_request_duration_seconds_bucket{endpoint=\"\(endpoint)\",le=\"\(bound)\"}"
          + " \(cumulative)\n"
      }
      text +=
        "caliper_request_duration_seconds_bucket{endpoint=\"\(endpoint)\",le=\"+Inf\"}"
        + " \(histogram.count)\n"
      text += "caliper_request_duration_seconds_sum{endpoint=\"\(endpoint)\"} \(histogram.sum)\n"
      text +=
        "caliper_request_duration_seconds_count{endpoint=\"\(endpoint)\"} \(histogram.count)\n"
    }
    text += """
      # HELP caliper_in_flight_requests Requests being received or answered.
      # TYPE caliper_in_flight_requests gauge
      caliper_in_flight_requests \(inFlightCount)
      # HELP caliper_prepared_cache_hits_total Prepared texts found in the shared cache.
      # TYPE caliper_prepared_cache_hits_total counter
      caliper_prepared_cache_hits_total \(cache.hits)
      # HELP caliper_prepared_cache_misses_total Prepared texts made (not in the cache).
      # TYPE caliper_prepared_cache_misses_total counter
      caliper_prepared_cache_misses_total \(cache.misses)
      # HELP caliper_prepared_cache_bytes Bytes held by the prepared-text cache.
      # TYPE caliper_prepared_cache_bytes gauge
      caliper_prepared_cache_bytes \(cache.bytes)

      """
    return text
  }
}
