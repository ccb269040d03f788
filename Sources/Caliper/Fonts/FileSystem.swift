#if canImport(Glibc)
  import Glibc
#endif

/// The few file-system and process questions finding fonts asks, answered by the C library.
///
/// Problem: these came from Foundation (`FileManager`, `ProcessInfo`), which put all of
/// FoundationEssentials into every program linking Caliper: with a static Swift standard
/// library it doubled the `caliper` binary, and at start-up its relocations, metadata and
/// protocol-conformance records (half of the binary's) cost about a millisecond and 4 MB
/// of memory before any text was measured. Solution: `getenv`, `access`, `readlink`,
/// `getcwd` and `opendir`/`readdir` directly. Limitation: POSIX paths only.
@usableFromInline enum FileSystem {
  /// The variables called `names` that the process environment has, with their values as
  /// `ProcessInfo.processInfo.environment` gives them (the first of repeated names wins, as
  /// with `getenv`). `BundledFonts.directory`'s default argument: reading only its one
  /// variable, where a dictionary of the whole environment cost a one-string CLI run 0.35 M
  /// instructions.
  @usableFromInline static func environment(_ names: [String]) -> [String: String] {
    var result: [String: String] = [:]
    for name in names {
      if let value = getenv(name) { result[name] = String(cString: value) }
    }
    return result
  }

  /// Whether anything (a file, a folder, a link to either) is at `path`.
  static func exists(_ path: String) -> Bool {
    access(path, F_OK) == 0
  }

  /// Whether `path` is a regular file (after links), found without blocking: opened
  /// non-blocking and `fstat`ed, as `FontFile` opens fonts, so that a FIFO named `a.ttf` is
  /// refused rather than waited on by whoever opens it next (fontconfig, which blocks).
  static func isRegularFile(_ path: String) -> Bool {
    guard !path.utf8.contains(0) else { return false }
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    var info = stat()
    return fstat(descriptor, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
  }

  /// Why `path` cannot be reached although an entry is there (a symbolic link in a loop,
  /// or to nothing): the C reason; nil when it can be reached or nothing is there.
  static func unreachableEntry(_ path: String) -> String? {
    guard access(path, F_OK) != 0 else { return nil }
    let reason = String(cString: strerror(errno))
    var info = stat()
    return lstat(path, &info) == 0 ? reason : nil
  }

  /// Where the symbolic link at `path` points, or nil when it is not one.
  static func destination(ofLink path: String) -> String? {
    var buffer = [CChar](filled: 0, count: Int(PATH_MAX) + 1)
    let count = readlink(path, &buffer, buffer.count - 1)
    guard count > 0 else { return nil }
    return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// The current directory, or "." when it cannot be read.
  static var currentDirectory: String {
    guard let pointer = getcwd(nil, 0) else { return "." }
    defer { free(pointer) }
    return String(cString: pointer)
  }

  /// The names in `folder` (without "." and ".."), in the order the file system gives
  /// them; empty when it cannot be read.
  static func contents(of folder: String) -> [String] {
    entries(of: folder).map(\.name)
  }

  /// Every path below `folder`, relative to it ("a", "a/b.ttf"), folders included; links
  /// are listed and not followed. Empty when it cannot be read.
  static func subpaths(of folder: String) -> [String] {
    var result: [String] = []
    var pending = [""]
    while let prefix = pending.popLast() {
      for entry in entries(of: prefix.isEmpty ? folder : folder + "/" + prefix) {
        let path = prefix.isEmpty ? entry.name : prefix + "/" + entry.name
        result.append(path)
        if entry.isFolder { pending.append(path) }
      }
    }
    return result
  }

  private static func entries(of folder: String) -> [(name: String, isFolder: Bool)] {
    guard let directory = opendir(folder) else { return [] }
    defer { closedir(directory) }
    var result: [(name: String, isFolder: Bool)] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard name != ".", name != ".." else { continue }
      var isFolder = entry.pointee.d_type == UInt8(DT_DIR)
      if entry.pointee.d_type == UInt8(DT_UNKNOWN) {
        // Some file systems leave the type out: ask without following links.
        var status = stat()
        isFolder =
          lstat(folder + "/" + name, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
      }
      result.append((name, isFolder))
    }
    return result
  }
}
