import Foundation

/// The command line of caliper-bench.
struct Options {
  var corpusDirectory: String?
  var passes = 3
  var limit: Int?
  var quick = false
  /// The Python that has skia-python (Benchmarks/run's venv); SkParagraph races when given.
  var skparagraphPython: String?
  /// Where to write every paragraph's line counts (JSON lines) for the per-script table.
  var agreementFile: String?
  /// Where to write the time table's rows as JSON lines, for the summary and the comparison.
  var rowsFile: String?
  /// Run Caliper's side of one workload alone on Gatsby (for callgrind): `Loop`.
  var loop: String?
  /// The class `--loop` runs on (a file name under the corpus folder, default Gatsby's).
  var loopFile = "gatsby-opening.txt"

  static let usage = """
    OVERVIEW: Times Caliper against Pango (and SkParagraph) on the benchmark corpora,
    interleaved paragraph by paragraph, and prints the results as Markdown.

    USAGE: caliper-bench [--corpus <dir>] [--passes <n>] [--limit <n>] [--quick]
                         [--skparagraph <python>] [--agreement-out <file>]
                         [--rows-out <file>] [--loop <workload>] [--loop-file <file>]

    OPTIONS:
      --corpus <dir>   the corpus folder (default: Benchmarks/Corpus above the executable)
      --passes <n>     timed passes after the warm-up; the median is reported (default 3)
      --limit <n>      at most n paragraphs per class
      --quick          a smoke run: 1 pass, 100 paragraphs per class
      --skparagraph <python>
                       race SkParagraph too: a Python with skia-python, running
                       Scripts/skparagraph-measure beside the corpus folder
      --agreement-out <file>
                       write each paragraph's line counts (Caliper, Pango, SkParagraph) as
                       JSON lines, for the per-script agreement table
      --loop <workload>
                       only Caliper's side of one workload on Gatsby, --passes times, untimed
                       (for valgrind --tool=callgrind): prepare (W5 cold), cold (W2),
                       relayout or tenwidths;
                       relayout-balance and relayout-pretty are relayout with that
                       text-wrap-style; relayout-inside is W3 inside a cached range;
                       relayout-timed times relayout per paragraph as the race does, and
                       relayout-evicted also pushes each paragraph's data out of the CPU
                       caches first; relayout-interleaved has Pango lay each paragraph out
                       between Caliper's, as the race does (relayout-balance-timed and
                       relayout-balance-interleaved with .balance, relayout-inside-timed
                       and relayout-inside-interleaved at relayout-inside's widths); all
                       print ns a call, as do prepare-timed and prepare-evicted;
                       memory prints bytes per segment;
                       vertical-cold and vertical-relayout are the vertical rows'
                       Caliper side (with --loop-file vertical-japanese.txt);
                       floor-icu and floor-noicu run the floor of preparing (ICU's line
                       breaks or a pair table, a lookup per word, font fallback for
                       its spaces, the sums) and print how many paragraphs agree
                       with Caliper (with --passes 1, the quickest check; only
                       floor-icu is meant to agree: the pair table's breaks are a
                       floor of the cost, not of the answers);
                       any of them with -uncached (cold-uncached) runs with the
                       shape cache off, as the "shape cache off" rows do
      --loop-file <file>
                       the corpus file --loop runs on (default gatsby-opening.txt)
      --rows-out <file>
                       write the time table's rows as JSON lines (ns per op for each side)
      -h, --help       show this help
    """

  /// Parses `arguments` (without the program name); exits 64 on a usage error.
  init(_ arguments: [String]) {
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      switch argument {
      case "--quick":
        quick = true
        passes = 1
        limit = limit ?? 100
      case "--corpus": corpusDirectory = Self.value(&rest, for: argument)
      case "--passes": passes = Self.count(&rest, for: argument)
      case "--limit": limit = Self.count(&rest, for: argument)
      case "--skparagraph": skparagraphPython = Self.value(&rest, for: argument)
      case "--agreement-out": agreementFile = Self.value(&rest, for: argument)
      case "--rows-out": rowsFile = Self.value(&rest, for: argument)
      case "--loop": loop = Self.value(&rest, for: argument)
      case "--loop-file": loopFile = Self.value(&rest, for: argument)
      case "-h", "--help":
        print(Self.usage)
        exit(0)
      default: Self.fail("unknown argument \(argument)")
      }
    }
  }

  /// The corpus folder: the option, else Corpus/ beside the package above the executable.
  func corpus() -> String {
    if let corpusDirectory { return corpusDirectory }
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    for _ in 0..<6 {
      directory.deleteLastPathComponent()
      let candidate = directory.appendingPathComponent("Corpus").path
      if FileManager.default.fileExists(atPath: candidate + "/gatsby-opening.txt") {
        return candidate
      }
    }
    return "Corpus"
  }

  private static func value(_ rest: inout ArraySlice<String>, for option: String) -> String {
    guard let value = rest.popFirst() else { fail("missing value for \(option)") }
    return value
  }

  private static func count(_ rest: inout ArraySlice<String>, for option: String) -> Int {
    let text = value(&rest, for: option)
    guard let number = Int(text), number > 0 else { fail("\(option) wants a positive integer") }
    return number
  }

  private static func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("caliper-bench: \(message)\n\(usage)\n".utf8))
    exit(64)
  }
}
