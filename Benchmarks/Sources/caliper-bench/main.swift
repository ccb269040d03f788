// caliper-bench: Caliper against Pango, same process, same fonts, same text, same widths.
@_spi(Benchmarks) import Caliper
import Foundation

func progress(_ message: String) {
  FileHandle.standardError.write(Data("caliper-bench: \(message)\n".utf8))
}

/// Writes `lines` to `file` (when given), one per line; exits 1 if it cannot.
func write(_ lines: [String], to file: String?) {
  guard let file else { return }
  do {
    try (lines.joined(separator: "\n") + "\n").write(
      toFile: file, atomically: true, encoding: .utf8)
  } catch {
    progress("cannot write \(file): \(error)")
    exit(1)
  }
}

let options = Options(Array(CommandLine.arguments.dropFirst()))
// A peer that stops must end the run with a message, not a SIGPIPE.
signal(SIGPIPE, SIG_IGN)
// Every workload runs with the prepared-text cache off, so that a cold prepare really prepares.
// The shaped-word cache stays on (as in an application) except in the "shape cache off" rows.
let fonts: FontLibrary
let unshared: FontLibrary
do {
  fonts = try FontLibrary.bundled(limits: CacheLimits(preparedBytes: 0))
  unshared = try FontLibrary.bundled(limits: CacheLimits(shapeBytes: 0, preparedBytes: 0))
} catch {
  progress("no fonts: \(error)")
  exit(1)
}
guard Pango.setUp(fontsDirectory: fonts.fontsDirectory, size: 16) else { exit(1) }
var bench = Bench(fonts: fonts, style: TextStyle(size: 16), passes: options.passes)
let uncached = Bench(fonts: unshared, style: TextStyle(size: 16), passes: options.passes)
let directory = options.corpus()
let skparagraph = options.skparagraphPython.flatMap {
  SkParagraph(
    python: $0, script: directory + "/../Scripts/skparagraph-measure",
    fonts: fonts.fontsDirectory)
}
if options.skparagraphPython != nil, skparagraph == nil { exit(1) }

let sources: [(name: String, file: String)] = [
  ("gatsby", "gatsby-opening.txt"),
  ("synthetic mixed", "synthetic-mixed.txt"),
  ("fallback-heavy", "fallback-heavy.txt"),
  ("URLs, unbreakable", "urls-unbreakable.txt"),
]
if let loop = options.loop {
  do {
    let corpus = try Corpus.load(
      options.loopFile, file: options.loopFile, directory: directory, limit: options.limit)
    // A workload's name ending in `-uncached` runs it on the library without a shape cache
    // (the "shape cache off" rows' `uncached`).
    let uncachedLoop = loop.hasSuffix("-uncached")
    guard
      Loop.run(
        uncachedLoop ? String(loop.dropLast("-uncached".count)) : loop, corpus: corpus,
        bench: uncachedLoop ? uncached : bench, times: options.passes)
    else {
      progress(
        "unknown --loop \(loop) (prepare[-timed|-evicted], cold, relayout[-timed|-evicted|-inside], tenwidths, "
          + "vertical-cold, vertical-relayout, floor-icu, floor-noicu or memory; "
          + "any with -uncached: the shape cache off)"
      )
      exit(64)
    }
    exit(0)
  } catch {
    progress("cannot read the corpus in \(directory): \(error)")
    exit(1)
  }
}
let corpora: [PreparedCorpus]
do {
  corpora = try sources.map {
    PreparedCorpus(
      try Corpus.load($0.name, file: $0.file, directory: directory, limit: options.limit),
      bench: bench)
  }
} catch {
  progress("cannot read the corpus in \(directory): \(error)")
  exit(1)
}

if let skparagraph {
  for prepared in corpora { skparagraph.load(prepared.corpus) }
  bench.skparagraph = skparagraph
}

print("## caliper-bench\n")
print("Pango \(Pango.version); Pango's private font map holds: \(Pango.families).\n")
if let skparagraph {
  print(
    "SkParagraph (`Scripts/skparagraph-measure --serve`, one timed operation per request): "
      + "`\(skparagraph.hello)`. Python's share of each timed SkParagraph operation, median ns "
      + "(`overhead`): `\(skparagraph.ask("overhead"))` (timer: an empty timed call; property: "
      + "reading `Height`; sameWidthLayout: `layout` at the width it already has, which returns "
      + "at once). A cold build makes 5 such calls (builder, addText, Build, layout, reads), a "
      + "relayout 3 per width.\n")
} else {
  print("SkParagraph: not raced (no `--skparagraph`).\n")
}
print(
  "Passes: \(options.passes) timed after one warm-up, median reported; Caliper's op, then "
    + "Pango's, paragraph by paragraph in one process. Classes: "
    + corpora.map {
      "\($0.corpus.name) (\($0.texts.count) paragraphs, \($0.corpus.byteCount) bytes)"
    }
    .joined(separator: ", ") + ".\n")

var rows: [Row] = []
var missNotes: [String] = []
for prepared in corpora {
  let name = prepared.corpus.name
  progress("\(name): W2 cold measure")
  let fallback = name == "fallback-heavy"
  rows.append(
    bench.coldMeasure(
      prepared,
      workload: fallback ? "W6 cold measure (240), fallback-heavy" : "W2 cold measure (240)",
      target: fallback ? Target(pango: 3) : Target(pango: 5, skparagraph: 4)))
  rows.append(
    uncached.coldMeasure(
      prepared, workload: "W2 cold measure (240), shape cache off", target: Target(pango: 5)))
  if name == "gatsby" {
    rows.append(
      bench.coldMeasure(
        prepared, workload: "W2 cold measure (240), measure() with lines",
        target: Target(pango: 5), withLines: true))
  }
  progress("\(name): W3 relayout")
  let relayout = bench.relayout(prepared)
  rows.append(relayout.newWidth)
  if let inside = relayout.insideRange { rows.append(inside) }
  rows += relayout.wrapStyles
  missNotes.append(String(format: "%@ %.1f %%", name, 100 * relayout.misses))
  progress("\(name): W4 10 widths")
  rows.append(bench.tenWidths(prepared))
  progress("\(name): W5 ideal width")
  rows.append(bench.coldIdealWidth(prepared))
  rows.append(bench.preparedIdealWidth(prepared))
}

progress("vertical Japanese: W2 cold measure and W3 relayout, vertical-rl")
do {
  let corpus = try Corpus.load(
    "vertical Japanese", file: "vertical-japanese.txt", directory: directory, limit: options.limit)
  let vertical = bench.vertical.verticalRows(corpus)
  rows += [vertical.cold, vertical.relayout]
} catch {
  progress("cannot read the vertical corpus in \(directory): \(error)")
  exit(1)
}

print("### Time\n")
print(Row.header)
for row in rows.sorted(by: { $0.workload < $1.workload }) { print(row.markdown) }
write(rows.map(\.json), to: options.rowsFile)
print(
  "\nW3 \"new width\": share of calls that missed Caliper's breaking cache (replayed): "
    + missNotes.joined(separator: ", ") + ".")
print(
  "W5 prepared: one op is one paragraph's ideal width within a sweep over the class "
    + "(20 sweeps a pass).\n")

progress("floor")
print("### The floor of preparing (issue 32)\n")
print(
  "Caliper's prepare with the shaped-word cache warm against the floor: what any engine "
    + "with its answers must do for a paragraph whose words are all cached, in C "
    + "(`Sources/Floor`): read the UTF-8 once, the break opportunities (ICU's line break "
    + "iterator over the text as UTF-16, or a pair table of ASCII classes), one hash lookup per word "
    + "(a word and its spaces), font fallback (where a word has spaces, the first-face class of "
    + "the scalar after them, one load in a flat table of first faces, scripts and bidi classes: "
    + "with the word and the paragraph's direction it decides the spaces' face in these "
    + "corpora, as Caliper's itemizing does; a neutral after the spaces would also need a "
    + "bidi pass over neutrals, which the floor leaves out), a prefix sum of advances per scalar and each segment's end. "
    + "Each paragraph's three timed in turn; median pass. The floor agrees when its segment "
    + "count and ideal width (from the same advances) are Caliper's.\n")
print(FloorRow.header)
for prepared in corpora { print(FloorRow(prepared, bench: bench).markdown) }
print("")

progress("linearity")
let linearity = Linearity(bench: bench, source: corpora[0].corpus, bytes: 100_000)
let uncachedLinearity = Linearity(bench: uncached, source: corpora[0].corpus, bytes: 100_000)
print("### Linearity\n")
print(Row.header)
print(linearity.single.markdown)
print(linearity.doubled.markdown)
print(
  uncachedLinearity.single.markdown.replacingOccurrences(
    of: "measure |", with: "measure, shape cache off |"))
print(
  uncachedLinearity.doubled.markdown.replacingOccurrences(
    of: "measure |", with: "measure, shape cache off |"))
print("\n" + linearity.markdown + " Shape cache off: " + uncachedLinearity.markdown + "\n")

progress("memory and agreement")
print("### W7 memory per prepared paragraph (`memoryFootprint`)\n")
print(MemoryRow.header)
for prepared in corpora { print(MemoryRow(prepared).markdown) }
print(
  "\n### Agreement with Pango and SkParagraph (ideal width and widths "
    + "\(Bench.widths.map { Int($0) }))\n")
print(AgreementRow.header)
var records: [String] = []
for prepared in corpora {
  let row = AgreementRow(prepared, skparagraph: skparagraph)
  print(row.markdown)
  records += row.records.map(SkParagraph.json)
}
write(records, to: options.agreementFile)
print("\n### Cache statistics\n")
print("The benchmark's library (prepared-text cache off) after every workload:\n")
print(CacheRow.header)
print(CacheRow(fonts.cacheStatistics).markdown)
progress("cache statistics")
let defaults: FontLibrary
do {
  defaults = try FontLibrary.bundled()
} catch {
  progress("no fonts: \(error)")
  exit(1)
}
for _ in 0..<2 {
  for prepared in corpora {
    for paragraph in prepared.corpus.paragraphs {
      blackHole(try? defaults.prepare(paragraph.text, style: bench.style).idealWidth)
    }
  }
}
print("\nA library with the default limits that prepared every class twice:\n")
print(CacheRow.header)
print(CacheRow(defaults.cacheStatistics).markdown)
