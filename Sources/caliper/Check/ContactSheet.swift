import Caliper
import CaliperRender

#if canImport(Glibc)
  import Glibc
#endif

/// `--contact-sheets DIR`: one contact sheet per locale of the strings that do not fit
/// (`DIR/<locale>.png`, CaliperRender's `OverflowSheet`): each drawn at its width in its
/// box, the part outside the box tinted, its key and numbers above, the source beside.
/// Strings with only a character limit have no box and are left out.
enum ContactSheet {
  static func write(
    _ results: [CheckResult], to folder: String, fonts: FontLibrary, output: inout Output
  ) throws {
    var byLocale: [(String, [CheckResult])] = []
    for result in results where result.allowed.width != nil {
      if let index = byLocale.firstIndex(where: { $0.0 == result.string.locale }) {
        byLocale[index].1.append(result)
      } else {
        byLocale.append((result.string.locale, [result]))
      }
    }
    if !byLocale.isEmpty { try makeFolder(folder) }
    for (locale, results) in byLocale {
      var entries: [OverflowSheet.Entry] = []
      for result in results {
        let style = result.style
        let text = try fonts.prepare(result.measured, style: style)
        let source = try result.string.source.map {
          var sourceStyle = style
          sourceStyle.locale = "en"
          return try fonts.prepare($0, style: sourceStyle)
        }
        let width = result.allowed.width!
        let wraps = (result.allowed.lines ?? 1) > 1 || result.allowed.height != nil
        let height =
          result.allowed.height
          ?? result.allowed.lines.flatMap { lines in
            lines > 1
              ? text.measure(ProposedViewSize(width: width, height: nil))
                .lines.prefix(lines).reduce(0) { $0 + $1.height } : nil
          }
        entries.append(
          OverflowSheet.Entry(
            label: "\(result.string.file):\(result.string.line)  \(result.string.key)  "
              + String(CheckReport.message(result).split(separator: ":").last!).trimmingWhitespace,
            text: text, source: source, width: width, height: height, wraps: wraps))
      }
      var options = RenderOptions()
      options.scale = 2
      let image = try OverflowSheet(options: options).render(entries, fonts: fonts)
      let path = (folder.hasSuffix("/") ? folder : folder + "/") + "\(locale).png"
      try PNGFile.write(image, to: path)
      output.write("\(path): \(image.width) × \(image.height) px, \(entries.count) strings\n")
    }
  }

  /// Creates `folder` and the folders above it that are missing (as `mkdir -p` does), or
  /// says which part of the path is in the way.
  static func makeFolder(_ folder: String) throws {
    var path = folder.hasPrefix("/") ? "" : "."
    for part in folder.split(separator: "/") {
      path += "/" + part
      var status = stat()
      if stat(path, &status) == 0 {
        guard status.st_mode & S_IFMT == S_IFDIR else {
          throw RuntimeError("--contact-sheets \(folder): \(path) is not a folder")
        }
        continue
      }
      guard mkdir(path, 0o777) == 0 || errno == EEXIST else {
        throw RuntimeError(
          "--contact-sheets \(folder): cannot create \(path): \(String(cString: strerror(errno)))")
      }
    }
  }
}
