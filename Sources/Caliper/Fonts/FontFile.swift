import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The bytes of one font file, read into memory and owned here.
///
/// Problem: HarfBuzz and FreeType memory-map font files by default, and a file truncated
/// while mapped kills the process with SIGBUS. Solution: read the whole file once into
/// memory that this object owns; faces are created over that memory and must not outlive
/// it (`Font` keeps its `FontFile`). Limitation: a font costs its file size in memory.
final class FontFile: @unchecked Sendable {
  // Safety: covers `bytes` (an `UnsafeMutableRawBufferPointer`), the one field that is not
  // Sendable: written once in init and only read afterwards; deinit frees it.
  let path: String
  let bytes: UnsafeMutableRawBufferPointer
  /// The file as it was when read: a later `FileIdentity(path:)` that differs means the
  /// file was replaced or rewritten, and these bytes are no longer its contents.
  let identity: FileIdentity
  /// When `identity` was last found to be the file's on disk (`FileCheck.now()`; 0: never).
  private let checkedAt = Atomic<UInt64>(0)

  /// Reads the file at `path`, refusing files over `maxBytes` before reading them.
  ///
  /// - Throws: `CaliperError.unreadableFontFile` with the C reason, or `.fontFileTooLarge`.
  init(path: String, maxBytes: Int = InputLimits().maxFontFileBytes) throws(CaliperError) {
    self.path = path
    // A C path ends at its first NUL: "a.ttf\0b" would open a.ttf.
    guard !path.utf8.contains(0) else {
      throw .unreadableFontFile(path: path, reason: "the path contains a NUL character")
    }
    // Non-blocking, so that a FIFO or a device named as a font is refused, not waited on.
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw .unreadableFontFile(path: path, reason: String(cString: strerror(errno)))
    }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      throw .unreadableFontFile(path: path, reason: String(cString: strerror(errno)))
    }
    guard (info.st_mode & S_IFMT) == S_IFREG else {
      throw .unreadableFontFile(path: path, reason: "not a regular file")
    }
    identity = FileIdentity(info)
    let size = Int(info.st_size)
    guard size > 0 else { throw .unreadableFontFile(path: path, reason: "the file is empty") }
    guard size <= maxBytes else {
      throw .fontFileTooLarge(path: path, bytes: size, limit: maxBytes)
    }
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 16)
    var done = 0
    while done < size {
      let count = read(descriptor, buffer.baseAddress! + done, size - done)
      if count < 0, errno == EINTR || errno == EAGAIN { continue }
      guard count > 0 else {
        let reason = count < 0 ? String(cString: strerror(errno)) : "the file shrank while read"
        buffer.deallocate()
        throw .unreadableFontFile(path: path, reason: "read \(done) of \(size) bytes: \(reason)")
      }
      done += count
    }
    bytes = buffer
  }

  deinit { bytes.deallocate() }

  /// Whether the file on disk is still the one read: taken from the last check when it was
  /// less than `interval` before `now` (nanoseconds of `FileCheck.now()`), else asked with
  /// one `stat`. An `interval` of 0 always asks.
  func isUnchanged(now: UInt64, interval: UInt64) -> Bool {
    if interval > 0 {
      let last = checkedAt.load(ordering: .relaxed)
      // (A `now` before `last`: another thread checked after this prepare read the clock.)
      if now < last || now - last < interval { return true }
    }
    guard FileIdentity(path: path) == identity else { return false }
    if interval > 0 { checkedAt.store(now, ordering: .relaxed) }
    return true
  }

  /// Records that the file was found unchanged (or read) at `now`.
  func checked(at now: UInt64) {
    checkedAt.store(now, ordering: .relaxed)
  }
}

/// What tells one version of a file from another without reading it: device, inode, size
/// and modification time (to the nanosecond).
struct FileIdentity: Sendable, Hashable {
  let device: UInt64
  let inode: UInt64
  let size: Int64
  let modifiedSeconds: Int64
  let modifiedNanoseconds: Int64

  init(_ info: stat) {
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
    size = Int64(info.st_size)
    modifiedSeconds = Int64(info.st_mtim.tv_sec)
    modifiedNanoseconds = Int64(info.st_mtim.tv_nsec)
  }

  /// The identity of the file at `path` now, or nil if it cannot be stat'ed.
  init?(path: String) {
    var info = stat()
    // Through `withCString`: a native string hands `stat` its own bytes, where passing the
    // `String` made a C copy of the path (two allocations a face lookup, one per prepare).
    guard path.withCString({ stat($0, &info) }) == 0 else { return nil }
    self.init(info)
  }
}
