import CaliperService
import Testing

/// The JSON writer's buffer: text written into room given up front or grown, and handed
/// over without a copy (`takeBytes`), as the bulk job's answers are. The expected texts are
/// written out by hand.
@Suite struct JSONWriterTests {
  /// A result's shape: keys, numbers (one repeated by copy), a string needing escapes.
  static func write(_ json: inout JSONWriter) {
    json.raw("{")
    let width = json.member("\"width\":", 117.648)
    json.member(",\"height\":", 21.792)
    json.member(",\"lineCount\":", 10)
    json.member(",\"used\":", repeating: width)
    json.member(",\"text\":", "say \"hi\"\n")
    json.member(",\"truncated\":", false)
    json.raw("}")
  }

  static let expected =
    #"{"width":117.648,"height":21.792,"lineCount":10,"used":117.648,"text":"say \"hi\"\n","truncated":false}"#

  @Test(arguments: [0, 4, 64, 4096])
  func writtenTextIsTheSameWhateverTheRoomGiven(capacity: Int) {
    var json = JSONWriter(capacity: capacity)
    Self.write(&json)
    #expect(json.text == Self.expected)
    #expect(json.count == Self.expected.utf8.count)
  }

  @Test func takenBytesAreTheTextAndLeaveTheWriterEmpty() {
    var json = JSONWriter(capacity: 4096)
    Self.write(&json)
    let taken = json.takeBytes()
    #expect(taken == Array(Self.expected.utf8))
    #expect(json.count == 0 && json.text.isEmpty)
    // Written again after the take: the same text, nothing left of the first.
    Self.write(&json)
    #expect(json.takeBytes() == Array(Self.expected.utf8))
  }

  @Test func lossyObjectKeepsItsKeysInOrder() {
    var lossy = MeasurementJSON.Lossy(invalidUTF8: 2)
    lossy.clampedAdvances = 1
    var json = JSONWriter()
    lossy.write(into: &json)
    #expect(json.text == #"{"invalidUTF8":2,"missingGlyphs":0,"clampedAdvances":1}"#)
  }
}
