#if canImport(Glibc)
  import Glibc
#endif

/// Finds the catalogs in the paths given and reads each by its format.
///
/// Formats by name: `.xlf`/`.xliff` (XLIFF 1.2 or 2.x, by its `version`), `.xml` (Android
/// resources; in a folder only under `values*/`), `.po`, `.arb` and `.xcstrings`. A folder
/// is searched recursively, in name order, for those files.
struct CatalogReader {
  var includeUntranslated = false
  /// The locale of Android's default `values/` folder.
  var defaultLocale = "en"
  /// The largest file read; larger ones are refused before parsing.
  var maxFileBytes = 64 << 20

  enum Format: String, CaseIterable {
    case xliff, android, po, arb, xcstrings
  }

  static func format(of path: String) -> Format? {
    let lower = path.lowercased()
    if lower.hasSuffix(".xlf") || lower.hasSuffix(".xliff") { return .xliff }
    if lower.hasSuffix(".xml") { return .android }
    if lower.hasSuffix(".po") { return .po }
    if lower.hasSuffix(".arb") { return .arb }
    if lower.hasSuffix(".xcstrings") { return .xcstrings }
    return nil
  }

  /// The catalog files under `paths`: files as given, folders searched.
  static func files(_ paths: [String]) throws(CatalogError) -> [String] {
    var files: [String] = []
    for path in paths {
      var status = stat()
      guard stat(path, &status) == 0 else {
        throw CatalogError(file: path, line: 0, "cannot read: \(String(cString: strerror(errno)))")
      }
      if status.st_mode & S_IFMT == S_IFDIR {
        try search(path, into: &files)
      } else {
        files.append(path)
      }
    }
    return files
  }

  private static func search(_ folder: String, into files: inout [String]) throws(CatalogError) {
    guard let directory = opendir(folder) else {
      throw CatalogError(file: folder, line: 0, "cannot read: \(String(cString: strerror(errno)))")
    }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) {
        String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name.hasPrefix(".") { continue }
      names.append(name)
    }
    closedir(directory)
    for name in names.sorted() {
      let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
      var status = stat()
      guard lstat(path, &status) == 0 else { continue }
      if status.st_mode & S_IFMT == S_IFDIR {
        try search(path, into: &files)
      } else if status.st_mode & S_IFMT == S_IFREG, let format = format(of: path) {
        if format == .android, !folder.split(separator: "/").last!.hasPrefix("values") { continue }
        files.append(path)
      }
    }
  }

  /// The strings of one catalog file.
  func read(_ path: String) throws(CatalogError) -> [CatalogString] {
    guard let format = Self.format(of: path) else {
      throw CatalogError(
        file: path, line: 0,
        "not a catalog Caliper reads (.xlf, .xliff, .xml, .po, .arb or .xcstrings)")
    }
    var status = stat()
    if stat(path, &status) == 0, Int(status.st_size) > maxFileBytes {
      throw CatalogError(
        file: path, line: 0,
        "\(status.st_size) bytes, over the limit of \(maxFileBytes) (--max-file-bytes)")
    }
    let bytes: [UInt8]
    do {
      bytes = try InputReader.read(path)
    } catch {
      throw CatalogError(file: path, line: 0, "\(error)")
    }
    guard bytes.count <= maxFileBytes else {
      throw CatalogError(
        file: path, line: 0,
        "\(bytes.count) bytes, over the limit of \(maxFileBytes) (--max-file-bytes)")
    }
    switch format {
    case .xliff:
      return try XLIFFReader(file: path, includeUntranslated: includeUntranslated).read(
        try XMLTree.parse(bytes, file: path))
    case .android:
      return try AndroidStringsReader(file: path, defaultLocale: defaultLocale).read(
        try XMLTree.parse(bytes, file: path))
    case .po:
      return try POReader(file: path, includeUntranslated: includeUntranslated).read(
        try Self.text(bytes, path))
    case .arb:
      return try ARBReader(file: path).read(try Self.text(bytes, path))
    case .xcstrings:
      return try XCStringsReader(file: path, includeUntranslated: includeUntranslated).read(
        try Self.text(bytes, path))
    }
  }

  static func text(_ bytes: [UInt8], _ path: String) throws(CatalogError) -> String {
    guard let text = String(validating: bytes, as: UTF8.self) else {
      var parser = Unicode.UTF8.ForwardParser()
      var iterator = bytes.makeIterator()
      var valid = 0
      while case .valid(let scalar) = parser.parseScalar(from: &iterator) { valid += scalar.count }
      let line = 1 + bytes[..<valid].count { $0 == UInt8(ascii: "\n") }
      throw CatalogError(file: path, line: line, "not valid UTF-8")
    }
    return text
  }
}
