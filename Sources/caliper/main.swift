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

exit(CommandLineTool.run(CommandLineArguments.decoded.map(\.text)))
