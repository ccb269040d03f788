// caliper: measure text with real fonts from the command line.
#if canImport(Glibc)
  import Glibc
#endif

let arguments = Array(CommandLine.arguments.dropFirst())
exit(CommandLineTool.run(arguments))
