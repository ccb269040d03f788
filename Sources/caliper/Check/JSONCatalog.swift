import Caliper
import CaliperLayout
import CaliperService

/// A JSON string catalog (`.arb`, `.xcstrings`): its value, read by the project's JSON
/// parser, and the lines its keys are on (the parser keeps no positions).
struct JSONCatalog {
  let file: String
  let value: JSONValue
  private let bytes: [UInt8]
  /// The offset of each line's first byte.
  private let lineStarts: [Int]

  init(_ text: String, file: String) throws(CatalogError) {
    self.file = file
    do throws(LayoutError) {
      value = try JSONValue(parsing: text)
    } catch {
      // "line 3, column 7" → 3.
      let digits = error.path.dropFirst("line ".count).prefix { $0.isNumber }
      throw CatalogError(file: file, line: Int(digits) ?? 0, error.message)
    }
    bytes = Array(text.utf8)
    var starts = [0]
    for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
      starts.append(index + 1)
    }
    lineStarts = starts
  }

  /// The offset just after the first `"key"` followed by `:` at or after `offset`, and its
  /// line (from 1); `offset` and its line when the key is not found.
  func position(ofKey key: String, after offset: Int = 0) -> (offset: Int, line: Int) {
    let needle = Array(JSONWriter.encode(.string(key)).utf8)
    var index = offset
    while index + needle.count <= bytes.count {
      if bytes[index] == needle[0], bytes[index..<(index + needle.count)].elementsEqual(needle) {
        var after = index + needle.count
        while after < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[after]) { after += 1 }
        if after < bytes.count, bytes[after] == UInt8(ascii: ":") {
          return (after, line(at: index))
        }
      }
      index += 1
    }
    return (offset, line(at: offset))
  }

  func line(at offset: Int) -> Int {
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
    }
    return low + 1
  }

  func error(_ line: Int, _ message: String) -> CatalogError {
    CatalogError(file: file, line: line, message)
  }
}
