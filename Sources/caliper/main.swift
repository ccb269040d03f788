// caliper: measure text with real fonts from the command line.
#if canImport(Glibc)
  import CMalloc
  import Glibc

  // Buffers of 1 MB and more (a long text's per-scalar arrays) are mapped from the OS
  // and returned to it when freed. glibc otherwise raises this threshold to the largest
  // buffer freed so far, and later ones of that size stay in the heap after their free:
  // 10 MB of prose then peaks at ~256 MB of memory instead of ~230 MB.
  _ = mallopt(M_MMAP_THRESHOLD, 1 << 20)
#endif

// The arguments from argv's bytes: an invalid UTF-8 sequence becomes U+FFFD, as in
// `CommandLine.arguments`, and is counted, so that `measure --json` reports it in
// `lossy.invalidUTF8` as `serve` does for its requests.
let decoded = (1..<Int(CommandLine.argc)).map { index in
  let argument = CommandLine.unsafeArgv[index]!
  return argument.withMemoryRebound(to: UInt8.self, capacity: strlen(argument)) {
    ServeSession.repairingUTF8(UnsafeBufferPointer(start: $0, count: strlen(argument)))
  }
}
let invalidUTF8 = Dictionary(
  decoded.filter { $0.1 > 0 }.map { ($0.0, $0.1) }, uniquingKeysWith: max)
exit(CommandLineTool.run(decoded.map(\.0), invalidUTF8: invalidUTF8))
