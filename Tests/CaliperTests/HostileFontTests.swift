import Caliper
import CaliperTestSupport
import Foundation
import Testing

/// Fonts that go bad (issue 6, item 5): every case is refused with an error naming the
/// file and the reason, or measured; none crashes the process.
@Suite struct HostileFontTests {
  /// A font file made for one case, and what opening it must say.
  struct Case: Sendable, CustomTestStringConvertible {
    let name: String
    /// The file's bytes; nil: no file at all (missing), or a directory when `directory`.
    let bytes: [UInt8]?
    var directory = false
    var index = 0
    /// Words the error message must hold (the reason); empty: the font must open.
    let reason: [String]
    var testDescription: String { name }
  }

  static let regular = [UInt8](
    FileManager.default.contents(atPath: TestFonts.directory + "/NotoSans-Regular.ttf")!)

  /// Noto Sans with table record `record`'s length made to reach past the end.
  static func tablePastEnd(record: Int) -> [UInt8] {
    var bytes = regular
    let base = 12 + record * 16
    for offset in 0..<4 { bytes[base + 12 + offset] = 0x7F }
    return bytes
  }

  static let cases: [Case] = [
    Case(name: "missing file", bytes: nil, reason: ["No such file"]),
    Case(name: "directory", bytes: nil, directory: true, reason: ["not a regular file"]),
    Case(name: "zero bytes", bytes: [], reason: ["empty"]),
    Case(
      name: "random bytes",
      bytes: (0..<4096).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 13) },
      reason: ["not a TrueType/OpenType font"]),
    Case(
      name: "text file", bytes: Array("This is not a font, it is a note.\n".utf8),
      reason: ["not a TrueType/OpenType font", "0x54 0x68 0x69 0x73"]),
    Case(
      name: "truncated to half", bytes: Array(regular[..<(regular.count / 2)]),
      reason: ["extends past the end", "truncated"]),
    Case(
      name: "table pointing past the end", bytes: tablePastEnd(record: 3),
      reason: ["table '", "extends past the end"]),
    Case(
      name: "directory cut inside the records", bytes: Array(regular[..<40]),
      reason: ["table directory", "truncated"]),
    Case(
      name: "face index out of range", bytes: regular, index: 3,
      reason: ["has 1 face", "no face 3"]),
    Case(
      name: "WOFF", bytes: Array("wOFF".utf8) + [UInt8](repeating: 0, count: 60),
      reason: ["unsupported font format", "WOFF"]),
    Case(
      name: "WOFF2", bytes: Array("wOF2".utf8) + [UInt8](repeating: 0, count: 60),
      reason: ["unsupported font format", "WOFF2"]),
    Case(
      name: "Type 1 (PFB)", bytes: [0x80, 0x01, 0x10, 0, 0, 0] + Array("%!PS-AdobeFont-1.0".utf8),
      reason: ["unsupported font format", "Type 1"]),
    Case(
      name: "Type 1 (PFA)", bytes: Array("%!PS-AdobeFont-1.0: Demo 001\n".utf8),
      reason: ["unsupported font format", "Type 1"]),
    Case(
      name: "BDF bitmap font", bytes: Array("STARTFONT 2.1\nFONT -demo\n".utf8),
      reason: ["unsupported font format", "BDF"]),
    Case(
      name: "PCF bitmap font", bytes: [0x01, 0x66, 0x63, 0x70] + [UInt8](repeating: 0, count: 60),
      reason: ["unsupported font format", "PCF"]),
    Case(
      name: "bitmap-only sfnt (colour emoji)",
      bytes: [UInt8](
        FileManager.default.contents(atPath: TestFonts.directory + "/NotoColorEmoji.ttf")!),
      reason: []),
    Case(name: "a good font", bytes: regular, reason: []),
  ]

  @Test(arguments: cases)
  func badFontIsRefusedWithItsReason(_ row: Case) throws {
    let folder = try Self.temporaryFolder()
    defer { TemporaryFiles.remove(folder) }
    let path = folder + "/font.ttf"
    if row.directory {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    } else if let bytes = row.bytes {
      try Data(bytes).write(to: URL(fileURLWithPath: path))
    }
    let fonts = try TestFonts.library.get()
    let style = TextStyle(size: 16, fonts: [.face(path: path, index: row.index)])
    if row.reason.isEmpty {
      let text = try fonts.prepare("Blue 😀", style: style)
      #expect(text.idealWidth > 0)
      #expect(text.missingGlyphCount == 0)
      return
    }
    do {
      _ = try fonts.prepare("Blue", style: style)
      Issue.record("\(row.name): opened")
    } catch {
      let message = error.description
      #expect(message.contains(path), "\(message)")
      for word in row.reason { #expect(message.contains(word), "\(message)") }
    }
  }

  /// Names that are not regular files are refused without waiting on them (a FIFO would
  /// block a plain open forever), and a path with a NUL is not cut short at it.
  @Test func fifosDevicesAndNULPathsAreRefused() throws {
    let folder = try Self.temporaryFolder()
    defer { TemporaryFiles.remove(folder) }
    let fifo = folder + "/pipe.ttf"
    #expect(mkfifo(fifo, 0o600) == 0)
    let fonts = try TestFonts.library.get()
    let regular = TestFonts.directory + "/NotoSans-Regular.ttf"
    for path in [fifo, "/dev/zero", regular + "\u{0}1", regular + "\u{0}.ttf"] {
      do {
        _ = try fonts.prepare("x", style: TextStyle(fonts: [.file(path)]))
        Issue.record("\(path) opened")
      } catch {
        let reason = path.contains("\u{0}") ? "NUL" : "not a regular file"
        #expect(error.description.contains(reason), "\(error)")
      }
    }
  }

  /// A 500 MB file is refused from its size alone: the file is sparse, and reading it
  /// would take seconds and the memory.
  @Test func hugeFileIsRefusedBeforeReading() throws {
    let folder = try Self.temporaryFolder()
    defer { TemporaryFiles.remove(folder) }
    let path = folder + "/huge.ttf"
    #expect(FileManager.default.createFile(atPath: path, contents: Data(Self.regular.prefix(64))))
    let handle = try FileHandle(forWritingAtPath: path).unwrap()
    try handle.truncate(atOffset: 500 << 20)
    try handle.close()
    let fonts = try TestFonts.library.get()
    #expect(throws: CaliperError.fontFileTooLarge(path: path, bytes: 500 << 20, limit: 64 << 20)) {
      try fonts.font(path: path)
    }
  }

  /// A font truncated after it was loaded: measuring again reads the file again and
  /// refuses it (Caliper owns a copy of the bytes, so nothing is mapped to fault on);
  /// put back, it measures as before.
  @Test func fontTruncatedAfterLoadingIsRefusedNotMapped() throws {
    let folder = try Self.temporaryFolder()
    defer { TemporaryFiles.remove(folder) }
    let path = folder + "/font.ttf"
    try Data(Self.regular).write(to: URL(fileURLWithPath: path))
    let fonts = try TestFonts.library.get()
    let style = TextStyle(size: 16, fonts: [.file(path)])
    let before = try fonts.prepare("Blue tile", style: style).idealWidth
    let handle = try FileHandle(forWritingAtPath: path).unwrap()
    try handle.truncate(atOffset: UInt64(Self.regular.count / 2))
    try handle.close()
    #expect(throws: CaliperError.self) { try fonts.prepare("Blue tile", style: style) }
    try Data(Self.regular).write(to: URL(fileURLWithPath: path))
    #expect(try fonts.prepare("Blue tile", style: style).idealWidth == before)
  }

  static func temporaryFolder() throws -> String {
    try TemporaryFiles.directory("fonts")
  }
}

extension Optional {
  func unwrap(_ what: String = "value") throws -> Wrapped {
    guard let self else { throw CocoaError(.fileNoSuchFile) }
    return self
  }
}
