import CaliperTestSupport
import Foundation
import Testing

/// What ICU's common data keeps resident in a running `caliper` once its break iterators are
/// open: iterators read their own copy of the rules, and the pages that finding them touched
/// are given back (cicu.c), where the table-of-contents lookups and the rules read in place
/// kept ~650 KB of the data mapped for the process's life.
@Suite struct ICUDataResidencyTests {
  /// Whether this build's `caliper` maps ICU's data from libicudata.so: debug builds; a
  /// release build links it into the executable, where no mapping has the name.
  #if DEBUG
    static let icuDataIsShared = true
  #else
    static let icuDataIsShared = false
  #endif

  /// The resident kilobytes of the mappings of `pid` whose file name contains `name`
  /// (`/proc/<pid>/smaps`), nil when no mapping has the name.
  static func residentKilobytes(pid: Int32, mappingsNamed name: String) throws -> Int? {
    // Read to the end: a /proc file's size is 0, so a read sized by it reads nothing.
    let file = try #require(FileHandle(forReadingAtPath: "/proc/\(pid)/smaps"))
    defer { try? file.close() }
    let smaps = String(decoding: file.readDataToEndOfFile(), as: UTF8.self)
    var inside = false
    var found = false
    var total = 0
    for line in smaps.split(separator: "\n") {
      if let first = line.first, first.isHexDigit, line.contains("-") {
        inside = line.split(separator: " ").last?.contains(name) ?? false
        found = found || inside
      } else if inside, line.hasPrefix("Rss:") {
        total += Int(line.split(separator: " ")[1]) ?? 0
      }
    }
    return found ? total : nil
  }

  /// A `caliper serve` that has measured a paragraph with curly quotes and an emergency
  /// break (ICU's line and grapheme iterators, each opened and iterated) keeps at most
  /// 128 KB of libicudata resident: two fault-around windows, against ~650 KB when the
  /// lookups' pages stayed. In the debug build the data is libicudata.so's mapping (which
  /// must be found); a release build links it into the executable, where `Benchmarks/run`'s
  /// peak RSS is the check.
  @Test(
    .enabled(
      if: icuDataIsShared, "release builds link ICU's data into the executable: no mapping to read")
  )
  func icuDataPagesAreGivenBackAfterOpening() throws {
    let (process, input, output) = try ServeTests.startServe()
    defer {
      if process.isRunning { process.terminate() }
      process.waitUntilExit()
    }
    let text =
      "“Whenever you feel like criticizing anyone,” he told me, “just remember that all the"
      + " people in this world haven’t had the advantages that you’ve had.” Supercalifragilistic"
    let request = #"{"id":1,"text":"\#(text)","widths":[0,40,120,240,null]}"# + "\n"
    input.fileHandleForWriting.write(Data(request.utf8))
    var response = Data()
    while !response.contains(0x0A) {
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      response.append(chunk)
    }
    #expect(String(decoding: response, as: UTF8.self).hasPrefix("{\"id\":1,"))
    let resident = try #require(
      try Self.residentKilobytes(pid: process.processIdentifier, mappingsNamed: "libicudata"),
      "no libicudata mapping in the running caliper")
    #expect(resident <= 128, "libicudata: \(resident) KB resident")
    try input.fileHandleForWriting.close()
  }
}
