import Caliper
import CaliperRender

/// `--png DIR`: not yet drawn.
enum ContactSheet {
  static func write(
    _ results: [CheckResult], to folder: String, fonts: FontLibrary, output: inout Output
  ) throws {
    throw RuntimeError("--png is not available yet")
  }
}
