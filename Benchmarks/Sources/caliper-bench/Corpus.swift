import Foundation

/// One text of a corpus, as a Swift string for Caliper and as UTF-8 bytes for Pango.
struct Paragraph {
  let text: String
  let utf8: [CChar]

  init(_ text: String) {
    self.text = text
    utf8 = text.utf8.map { CChar(bitPattern: $0) }
  }

  var byteCount: Int { utf8.count }
}

/// A class of text measured on its own: its name and paragraphs.
///
/// Paragraphs are the non-empty lines of a file under Benchmarks/Corpus (see make-corpus).
struct Corpus {
  let name: String
  let paragraphs: [Paragraph]

  var byteCount: Int { paragraphs.reduce(0) { $0 + $1.byteCount } }

  /// The non-empty lines of `file` in `directory`, at most `limit` of them.
  static func load(_ name: String, file: String, directory: String, limit: Int?) throws -> Corpus {
    let contents = try String(contentsOfFile: directory + "/" + file, encoding: .utf8)
    var lines = contents.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
    if let limit { lines = Array(lines.prefix(limit)) }
    return Corpus(name: name, paragraphs: lines.map(Paragraph.init))
  }

  /// One paragraph of at least `bytes` bytes: this corpus' paragraphs joined with spaces.
  func joined(atLeast bytes: Int) -> Paragraph {
    var text = ""
    while text.utf8.count < bytes {
      for paragraph in paragraphs where text.utf8.count < bytes {
        text += text.isEmpty ? paragraph.text : " " + paragraph.text
      }
    }
    return Paragraph(text)
  }
}
