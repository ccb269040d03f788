#!/usr/bin/python3
"""Writes RESULTS.md (to stdout) from the files Benchmarks/run leaves in .build/results.

Arguments: results folder, paragraph count of the bulk input, peak RSS (KB) of caliper
--jobs 1, of caliper on all cores, of pango-measure, 1 for a quick run, and peak RSS of
skparagraph-measure (0 when SkParagraph is missing).
"""
import json
import os
import platform
import re
import subprocess
import sys
from datetime import datetime, timezone

work, paragraphs, rss_one, rss_all, rss_pango, quick, rss_sk = sys.argv[1:8]
here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(here), "Scripts"))
from script_class import script_class  # noqa: E402  (the rule Scripts/pango-breaks uses)


def run(*command):
    try:
        return subprocess.run(command, capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "?"


def measured_commit():
    """The commit measured: short hash, subject, and whether the checkout differed from it
    (uncommitted changes in Sources, Package.swift or Benchmarks are measured too)."""
    commit = run("git", "-C", here, "log", "-1", "--format=%h %s")
    changed = run("git", "-C", os.path.dirname(here), "status", "--porcelain", "--",
                  "Sources", "Package.swift", "Benchmarks")
    changed = [line for line in changed.splitlines()
               if line.strip() and "RESULTS.md" not in line and line != "?"]
    note = " (with uncommitted changes to %d files)" % len(changed) if changed else ""
    return commit[:90] + note


def cpu_model():
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    return "?"


def package(name):
    return run("dpkg-query", "-W", "-f=${Version}", name)


def read(name, default=""):
    try:
        with open(os.path.join(work, name)) as f:
            return f.read().strip()
    except OSError:
        return default


def load(name):
    """The 1-minute load average in a /proc/loadavg copy, and the running/total field."""
    fields = read(name, "? ? ? ?").split()
    return "%s (running/total %s)" % (fields[0], fields[3])


def rows():
    """caliper-bench's time table: (workload, class) -> its record."""
    table = {}
    for line in read("rows.jsonl").splitlines():
        if line.strip():
            row = json.loads(line)
            table[(row["workload"], row["corpus"])] = row
    return table


def means(name):
    with open(os.path.join(work, name)) as f:
        results = json.load(f)["results"]
    return {r["command"]: (r.get("median", r["mean"]) * 1000, r["stddev"] * 1000 if r["stddev"] else 0)
            for r in results}


def agreement():
    pairs = equal = 0
    with open(os.path.join(work, "bulk-caliper.jsonl")) as c, open(os.path.join(work, "bulk-pango.jsonl")) as p:
        for cl, pl in zip(c, p):
            a, b = json.loads(cl), json.loads(pl)
            counts_a = [a["ideal"]["lineCount"]] + [r["lineCount"] for r in a["results"]]
            counts_b = [b["ideal"]["lineCount"]] + [r["lineCount"] for r in b["results"]]
            pairs += len(counts_a)
            equal += sum(x == y for x, y in zip(counts_a, counts_b))
    return pairs, equal


out = []
say = out.append
say("# Benchmark results: Caliper against Pango and SkParagraph")
say("")
say("Written by `Benchmarks/run%s` on %s." % (" --quick" if quick == "1" else "",
                                              datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")))
say("")
say("- Machine: %s cores (`nproc`), %s, Linux %s" % (run("nproc"), cpu_model(), platform.release()))
say("- Caliper: commit %s" % measured_commit())
say("- Swift: %s" % run("swift", "--version").splitlines()[0])
say("- Pango %s, HarfBuzz %s, ICU %s, FreeType %s (Debian libfreetype6 %s), cairo %s, fontconfig %s"
    % (run("pkg-config", "--modversion", "pango"), run("pkg-config", "--modversion", "harfbuzz"),
       run("pkg-config", "--modversion", "icu-uc"), run("pkg-config", "--modversion", "freetype2"),
       package("libfreetype6"), run("pkg-config", "--modversion", "cairo"),
       run("pkg-config", "--modversion", "fontconfig")))
skia = read("skia-version")
say("- SkParagraph: skia-python %s (`skia.textlayout`, Skia's own HarfBuzz and ICU), in "
    "`.build/skia-venv`, driven by `Scripts/skparagraph-measure`" % skia if skia else
    "- SkParagraph: **missing** (%s); every SkParagraph column is empty" % read("skparagraph-missing", "?"))
say("- %s" % run("valgrind", "--version"))
say("- Fonts: the bundled `Fonts/` only, for all three (Pango through a private fontconfig file, "
    "SkParagraph through a TypefaceFontProvider)")
say("- Machine load (1-minute load average on %s cores; other engineers' builds share the machine): "
    "%s at the start, %s before caliper-bench, %s at the end. Every ratio below comes from this "
    "one run, each side timed interleaved with the others under the same load."
    % (run("nproc"), load("load-start"), load("load-bench"), load("load-end")))
say("")

w1 = means("w1.json")
cal, pan, hb = w1["caliper measure"], w1["pango-measure"], w1["hb-shape (floor)"]
sk1 = w1.get("skparagraph-measure")
summary_at = len(out)
say("## Command line")
say("")
say("W1: one Gatsby sentence at 10 widths (120 … 960), one process per run, timed "
    "round-robin with the other commands (`Scripts/interleave.py`: median, σ). The caliper CLI is "
    "`Scripts/run`'s build (release, static Swift standard library).")
say("")
say("| command | median ms | σ ms | target |")
say("|---|---:|---:|---|")
say("| caliper measure | %.2f | %.2f | |" % cal)
say("| pango-measure | %.2f | %.2f | |" % pan)
if sk1:
    say("| skparagraph-measure (Python start and `import skia` included) | %.2f | %.2f | |" % sk1)
say("| hb-shape on Noto Sans (floor: one shape, no breaking) | %.2f | %.2f | |" % hb)
say("")
hello = means("hello.json")
say("One string, `caliper measure --width 120,200 \"Hello world\"` with `Scripts/run`'s build "
    "(release, static Swift standard library), against `hb-shape` on the same string; "
    "`caliper --version` against process start (`/bin/true`):")
say("")
say("| command | median ms | σ ms | target |")
say("|---|---:|---:|---|")
say("| caliper measure | %.2f | %.2f | ≤ 2× hb-shape: %s (%.1f×) |" % (
    hello["caliper measure"] + ("yes" if hello["caliper measure"][0] <= 2 * hello["hb-shape"][0] else "no",
                                hello["caliper measure"][0] / hello["hb-shape"][0])))
say("| hb-shape | %.2f | %.2f | |" % hello["hb-shape"])
version, start = hello["caliper --version"], hello["process start"]
say("| caliper --version | %.2f | %.2f | ≤ 2 ms above process start: %s (%.2f ms) |"
    % (version + ("yes" if version[0] - start[0] <= 2 else "no", version[0] - start[0])))
say("| /bin/true | %.2f | %.2f | |" % start)
say("")
bulk = means("bulk.json")
one, allc, pm = (bulk["caliper measure --jobs 1"], bulk["caliper measure (all cores)"],
                 bulk["pango-measure"])
skb = bulk.get("skparagraph-measure")
pairs, equal = agreement()
say("Bulk sizing: %s paragraphs of Gatsby via `--input`, ideal + 10 widths, `--json --no-lines` "
    "(pango-measure: `--input … --json`)." % paragraphs)
say("")
say("| command | median ms | σ ms | Pango/Caliper | SkParagraph/Caliper | target | met |")
say("|---|---:|---:|---:|---:|---|---|")
for label, value, wanted in (("caliper measure --jobs 1", one, 20), ("caliper measure (all cores)", allc, 35)):
    say("| %s | %.1f | %.1f | %.1f× | %s | ≥ %d× Pango | %s |"
        % (label, value[0], value[1], pm[0] / value[0], "%.1f×" % (skb[0] / value[0]) if skb else "–",
           wanted, "yes" if pm[0] / value[0] >= wanted else "no"))
say("| pango-measure | %.1f | %.1f | | | | |" % pm)
if skb:
    say("| skparagraph-measure (sizes only: the binding has no line count) | %.1f | %.1f | | | | |" % skb)
say("")
say("Line counts of the two CLIs' outputs agree on %d of %d (text, width) pairs (%.2f %%)."
    % (equal, pairs, 100.0 * equal / max(pairs, 1)))
say("")
lin = means("linearity.json")
say("Linearity of the CLIs (`--width 240 --json --no-lines`, one paragraph): caliper %.1f ms "
    "for ~100 KB, %.1f ms doubled (%.2f×); pango-measure %.1f ms, %.1f ms (%.2f×)."
    % (lin["caliper 100 KB"][0], lin["caliper 200 KB"][0],
       lin["caliper 200 KB"][0] / lin["caliper 100 KB"][0], lin["pango 100 KB"][0],
       lin["pango 200 KB"][0], lin["pango 200 KB"][0] / lin["pango 100 KB"][0]))
say("")
say("W7, peak RSS on the bulk job (`/usr/bin/time -v`): caliper --jobs 1 %s KB, caliper all "
    "cores %s KB, pango-measure %s KB%s; target: caliper ≤ pango-measure (%s)."
    % (rss_one, rss_all, rss_pango,
       ", skparagraph-measure %s KB (a Python process)" % rss_sk if rss_sk != "0" else "",
       "met" if int(rss_one) <= int(rss_pango) else "missed"))
say("")
with open(os.path.join(work, "bench.md")) as f:
    bench_md = f.read().rstrip()
say(bench_md)
say("")


def agreement_per_script():
    """Line-count agreement per script class (Scripts/script_class.py), over every class."""
    groups = {}
    for line in read("agreement.jsonl").splitlines():
        if not line.strip():
            continue
        record = json.loads(line)
        group = groups.setdefault(script_class(record["text"]), [0, 0, 0, 0, 0])
        group[0] += 1
        group[1] += len(record["caliper"])
        group[2] += sum(a == b for a, b in zip(record["caliper"], record["pango"]))
        if record.get("skparagraph") is not None:
            group[3] += len(record["caliper"])
            group[4] += sum(a == b for a, b in zip(record["caliper"], record["skparagraph"]))
    if not groups:
        return
    say("### Line-count agreement per script")
    say("")
    say("Every paragraph of the four classes, grouped by `Scripts/script_class.py` (the rule of "
        "`Scripts/pango-breaks`: the most frequent non-Latin script of its letters); pairs are "
        "(paragraph, ideal or one of the 10 widths).")
    say("")
    say("| script | paragraphs | pairs | equal line counts, Pango | equal line counts, SkParagraph |")
    say("|---|---:|---:|---:|---:|")
    for name, (count, pairs, pango, sk_pairs, sk) in sorted(groups.items(), key=lambda g: -g[1][0]):
        say("| %s | %d | %d | %.2f %% | %s |" % (name, count, pairs, 100.0 * pango / pairs,
                                                "%.2f %%" % (100.0 * sk / sk_pairs) if sk_pairs else "–"))
    say("")


agreement_per_script()

# What the profiles say about the targets that are missed. Written from callgrind runs of
# `caliper-bench --loop` on 2026-12-03 (issue 20); re-profile when the library changes.
ANALYSIS = """### What the speed work bought, and the causes of the targets missed

Profiled with callgrind (deterministic instruction counts: wall-clock time on this shared
machine is not): `caliper-bench --loop prepare|relayout --limit 600` (the first 600 Gatsby
paragraphs), one pass's instructions (`--passes 3` minus `--passes 1`, so set-up and the
first pass's shaping are left out; `--toggle-collect` on the loop); the bulk job is
`caliper measure --input <Gatsby> --width 120,…,960 --json --no-lines --jobs 1`, whole
process. Every change keeps every result bit-identical: the full test suite passes, and
the bulk JSONL of all four classes, with and without lines, is byte-identical (`cmp`).

| change | prepare: instructions per paragraph | bulk job: instructions |
|---|---:|---:|
| before: the previous round (231f5f9: relayout 6,224 → 3,535 a call, 97 a segment; 118 bytes a segment) and the process work (PROCESS.md) | 247.5 K | 1,003 M |
| face keys split at the NUL by bytes: a `Character` split walked the path's grapheme breaks at every prepare's face lookup (15.5 K of 17 K); `choosesNoFace` answers ASCII inline | 222.2 K | |
| the itemizer takes runs of one-ASCII-character clusters of the item's face, and spaces, in a tight loop, exactly as its general code does | 208.4 K | |
| scalars decoded from UTF-8 in two tight passes; prose punctuation (U+2010–U+2027) answered by the face rules without Unicode property lookups (~300 instructions each, ~6 a paragraph; a test checks each answer against the properties) | 195.6 K | 802.8 M |
| shaped words stored over raw buffers; JSON integers written as digits in place | 191.7 K | 794.0 M |
| a shape-cache key packs a word of up to 24 ASCII characters inline: no array made, compared and released per word | 182.7 K | 780.2 M |
| JSON numbers: Swift's shortest digits written into the buffer through `write(to:)`, no `String` (over 15 bytes each was an allocation) | | 755.5 M |
| a prepared-text cache key hashes its text, style and spans once, when made (the cache hashed it at the lookup, twice at the insert and at the eviction) | | 721.6 M |
| JSON results: the used rect's width and height, when they are the size's, copied from the size's text, not formatted again | | 714.3 M |
| shape-cache keys made in one branch-light pass; the unsafe-inside-a-cluster flags set 64 at a time | 178.1 K | 707.5 M |

Relayout at a new width (2026-12-04), the same callgrind measure on `--loop relayout`:
8,631 relayouts over 315,346 segments a pass, every one a miss of the breaking cache. Lines,
sizes and ranges stay bit-identical: the full test suite passes, `PlainLinesTests` compares
the new search with the general scan (`searchesPlainLines` off) over the test corpus in six
styles at fixed widths, fractions of each ideal width and the edges of every range, also
under line limits, and the bulk JSONL (with lines, `--jobs 1`, 20 widths from 0 to ∞) of
the four classes and the shared synthetic corpus in eight styles (plain, `--no-lines`,
indents, line heights, `--line-limit 3`, negative word spacing, 23 pt, CSS
`overflow-wrap: normal`) has the same `md5` as main 3f15b9c's.

| change | relayout: instructions a call | a segment |
|---|---:|---:|
| before (main 3f15b9c) | 3,553 | 97.3 |
| plain texts (one face, rising prefix sums, no tab, letter spacing, hyphenation, soft hyphen, unsafe end or hard break: 1,639 of Gatsby's 1,643 paragraphs, found once while preparing) fill each line with one gallop from the previous line's length and a bisection over the prefix sums, narrow the valid range with the two thresholds the scan would test, and work out the line metrics once a breaking; the general scan takes only a word wider than the line, and hands back at the next line | 2,160 | 59.2 |
| the general scan's set-up (style, tab stops, hyphenation read per call) skipped for plain texts; the breaking cache keeps plain values (range, limit, size, last use) in slots with the lines apart, so a size is looked up and stored without making, copying or releasing an entry and nothing is shifted, and the lookup that misses chooses the slot its insert then takes | 1,906 | 52.2 |

Causes of the targets missed (profiles of the measured commit):

- **Relayout at a new width: ≤ 6 ns/segment and ≥ 800× Pango missed; ≥ 10× SkParagraph
  met.** Measured in this run: 489 ns a call, 14.3 ns a segment, 293× Pango,
  23× SkParagraph (at 4dc6353: 613 ns, 18.0, 235×, 18×). Instructions fell 46 % (3,553 →
  1,906 a call, 52 a segment) but time 20 %: the old scan ran 5.8 instructions a ns, the
  search 3.9, because its probes are data-dependent branches (about 8 a line, about half
  of them mispredicted by nature) where the scan's loop branches were predictable. 6 ns a
  segment is 219 ns a call, and 800× Pango about 180 ns. Where the 1,906 go, per call: the
  plain search 829 (about 3.6 lines, some 200 each: the gallop and bisection, the two
  range tests, the line handed to the running size; the line metrics once, about 105);
  the general scan 326 (about one relayout in five, at the narrowest widths, has a word
  wider than the line: emergency breaks over grapheme boundaries with edge-exact widths,
  127 of it); the breaking cache 400 (the lookup's pass over its eight slots under the
  `Mutex` 263, the store 139); `breaking`'s proposal handling 148; and `sizeThatFits`'
  result 123 (a `TextMeasurement` made and destroyed). Left for another round: a search
  that starts from the width (an estimate from the mean advance, so one or two probes and
  few mispredictions a line), the cache probed without a lock (a sequence lock over plain
  slots), and a size-only entry point that makes no `TextMeasurement`.
- **Cold: W2 ≥ 5× Pango and ≥ 4× SkParagraph, W4 ≥ 30× and ≥ 4×, W5 ≥ 4× Pango, W6 ≥ 3×.**
  All are preparing, now 178.1 K instructions per Gatsby paragraph (168 bytes), warm:
  analysis 51 K (ICU line breaks 21 K, script resolution 8 K, decoding 5 K, grapheme and
  bidi shortcuts), shaping about 45 K with every word a cache hit (the cache's lookups
  under its lock 15.5 K, keys, storing advances and flags 11.7 K), itemizing 34 K (the
  face chooser 27.5 K), and the prepared arrays (prefix sums, segments, bit arrays,
  ideal fit) about 32 K. Halving that again needs fewer passes over the text (analysis,
  itemizing, shaping and building each walk every scalar). W5 pays for no line breaking
  beyond one scan into a running size, so its miss is preparing's; Pango's W5 side skips
  line breaking at width −1, so its ratio is below W2's for the same prepare. W6
  (fallback-heavy) spends more in `face(for:)` on non-ASCII clusters, property lookups and
  HarfBuzz.
- **Memory ≤ 120 bytes a segment: met** on Gatsby and synthetic mixed; the URL class has
  long unbreakable segments, and the bytes go by scalar (its scalar 4, its prefix sum 8, a
  few bits).
- **Bulk CLI (time and peak RSS), one string, `caliper --version`:** whole-process
  targets; their causes are in the next section, with the process's profiles.
- **Workloads slower than in the previous RESULTS.md:** the rows listed moved with
  Pango's side of the same rows (+30 to +63 %) and with the floor of the whole-process
  rows (`hb-shape` on one sentence 3.09 → 3.81 ms, +23 %): the machine ran slower for this
  run than for the last (a run an hour earlier from the same build measured W2 at 55.4 µs
  and W3 at a new width 559 ns). No change since adds instructions to these paths beyond
  two dictionary lookups under a lock per preparation (the locale's HarfBuzz language,
  about 0.1 µs) and one per HarfBuzz call (the font's shape plan, on shape-cache misses
  only); `--version` fell from 1.99 M to 1.95 M instructions and the bulk job from 694.7 M
  to 663.6 M. Wall-clock time per operation on this shared virtual machine varies between
  runs and between the workloads of one run, so each ratio, timed interleaved within one
  run, is the figure to compare.
- **Which change since 278a549 slowed relayout:** bisected with the same callgrind measure
  (PROCESS.md): bb5fdb5 (line limits, truncation, soft hyphens in the breaker's inner loop)
  made a relayout 39 % more instructions (4,680 → 6,510).
"""

say("")
with open(os.path.join(work, "profile.md")) as f:
    profile = f.read().rstrip()
say(profile if profile else "## Where the time goes\n\nNot profiled in this run (`Benchmarks/run --profile`).")
say("")
say(ANALYSIS)

# The process side (bulk CLI, one string, start-up), two rounds of 2026-12-04 (issue 20:
# i20b from main 3f15b9c, i20s from main 813328c): callgrind instruction counts and
# `/usr/bin/time` peak RSS of `Scripts/run`'s build (what this run times), before and after
# each change. The one place for the whole-process targets' causes (ANALYSIS points here).
PROCESS_ROUND = """### The process: start-up, one string and the bulk job (2026-12-04)

Instruction counts are callgrind's for the whole process (`valgrind --tool=callgrind`;
deterministic, so the other engineers' builds did not move them); peak RSS is
`/usr/bin/time`'s (median of 3). The bulk job is this run's: `caliper measure --input
<Gatsby> --width 120,…,960 --json --no-lines --jobs 1`. Every output is byte-identical
before and after (the bulk JSONL of all four classes, with and without lines, `--jobs 1`
and `--jobs 2`, compared with `cmp`), and the full test suite passes unchanged. The second
round's binaries ran from `.build/release`, where `Scripts/run` runs its own: the fonts'
path (written into every JSON line) and the folder searched for them count.

| change | `--version` | one string | bulk job | RSS: `--version` / one string / bulk `--jobs 1` / bulk `--jobs 2` |
|---|---:|---:|---:|---:|
| before (3f15b9c) | 4.44 M | 9.65 M | 711.1 M | 11.0 / 15.2 / 21.8 / 23.0 MB |
| release CLI: ICU and libstdc++ linked statically, relative relocations packed (DT_RELR, GNU ld): the loader no longer loads libstdc++.so and ICU's two libraries nor binds their 1,700 symbol relocations (1,663 of them libstdc++'s own), and the 24,000 relocation entries (566 KB of the binary read at start) become 5.5 KB | 1.99 M | 7.20 M | 708.6 M | 8.9 / 13.0 / 19.6 / 20.8 MB |
| only texts that come again go through the prepared-text cache (`TextBatch.repeats`: 15 of Gatsby's 1,643 paragraphs); the others are no longer copied into a key, inserted and evicted | | | 694.7 M | – / – / 19.1 / 18.8 MB |
| second round, before (813328c: the first round and the other work since) | 1.99 M | 7.27 M | 666.4 M | 8.9 / 13.2 / 19.2 / 19.1 MB |
| whether the space takes part in a lookup (the condition for shaping word by word) read from the GSUB and GPOS bytes: the one glyph looked for in place in coverages, the classes rules use, pair sets and substitutes (`LayoutGlyphs`, 0.14 M), where `hb_ot_layout_lookup_collect_glyphs` gathered every glyph of every lookup into sets (0.49 M). The rest of the 1.5 M once counted in `Font.spaceTakesPartInLayout` is HarfBuzz loading the two tables (0.96 M), which the first `hb_shape` now pays, as `hb-shape` does | 1.98 M | 6.87 M | 665.3 M | |
| `caliper measure` makes only its own option table (0.35 M; all five were made, 0.69 M), the usage line only for a usage error (0.49 M of string wrapping before every command), and reads `CALIPER_FONTS` with `getenv` (a dictionary of the whole environment was 0.35 M) | 1.98 M | 5.68 M | 664.3 M | |
| type metadata found through accessor functions, not by mangled name (`Scripts/release-build`: `-disable-concrete-type-metadata-mangled-name-accessors`): the runtime no longer demangles generic types' names and checks their requirements (`Key: Hashable`) by scanning every protocol-conformance record of the binary (1.3 M of the one string, 0.94 M of it the scans); 58 KB more code | 1.95 M | 4.42 M | 663.5 M | |
| the fonts: the package's own resource bundle tried before the executable's folder (`.build/release`, hundreds of entries) is listed and sorted (0.15 M) | 1.95 M | 4.27 M | 663.6 M | 9.2 / 12.9 / 19.1 / 19.3 MB (the same within run-to-run noise) |

Causes, from the profiles of these builds:

- **`caliper --version` ≤ 2 ms above process start.** 1.95 M instructions: the loader 1.45 M
  (16 libraries: HarfBuzz with GLib, graphite2 and PCRE2; FreeType with libpng, zlib and
  brotli; fontconfig with expat; libhyphen), most of it binding 1,015 symbol relocations at
  start, because Debian links HarfBuzz, GLib, FreeType and libpng with `BIND_NOW` (their
  imports are looked up whether a command calls them or not: HarfBuzz 261, GLib 249,
  FreeType 159, libpng 145); the static Swift runtime's initialisers 0.40 M (its command
  line's `/proc/self/maps` scan with `sscanf` 0.26 M, the backtracer finding its helper's
  path 0.11 M); caliper's own code 0.10 M; and 351 page faults (`/bin/true` 68) of a
  larger binary (ICU's code and data inside it: 50 MB on disk, only touched pages
  resident). Debian ships no static HarfBuzz, and FreeType is loaded by HarfBuzz anyway;
  loading the libraries only when a command needs them would take `dlopen` in place of
  linking: not done.
- **One string ≤ 2× `hb-shape`.** 4.27 M instructions against `hb-shape`'s 2.4 M (7.27 M
  before this round): the start-up above (1.85 M before `main`), HarfBuzz 1.05 M (0.96 M of
  it loading Noto Sans's GSUB and GPOS at the first `hb_shape`, as `hb-shape` does),
  `measure`'s option table 0.32 M (its 42 options' help texts and checks, made before
  parsing), the Swift runtime's generic metadata made on first use (arrays,
  dictionaries and sets of Caliper's types, about 0.35 M), opening Noto Sans 0.28 M
  (`LayoutGlyphs` 0.14 M, FreeType's face 0.07 M), ICU's line break iterator 0.09 M and the
  output 0.10 M.
- **Bulk ≥ 20× Pango (`--jobs 1`) and ≥ 35× (two cores).** The job is 663.6 M
  instructions, 97 % of it `TextBatch.prepare`'s per-text work: preparing 490 M (HarfBuzz
  190 M: 9,873 calls, about one for each of the 9,858 distinct words, some 19 K
  instructions each, as Noto Sans's GSUB and GPOS lookups run per glyph), JSON 99 M (the
  numbers' shortest digits 34 M, the rest appending members a few bytes at a time) and the
  ideal and ten widths of each text (18,073 `sizeThatFits`) 28 M. A further 15 M (2 %) is
  the Swift runtime looking up `_ContiguousArrayStorage` metadata for arrays made in
  unspecialized generic code (`getContiguousArrayStorageType`, 32,400 calls of about 470
  instructions; `FaceChooser.choose` is among the callers): a target for the next round.
  On two cores threads take chunks of the texts as they finish (the shaped-word cache
  shared under its lock), so the job can be at most twice `--jobs 1`'s speed, and only
  when the second core is free: 35× Pango needs about 17.5× on one core's worth of work.
  Measured at 4dc6353, two cores ran it 1.4× faster than one: starting the process,
  reading and splitting the input and writing the output in order are one thread's work,
  and the two threads share the word cache's lock.
- **Bulk peak RSS ≤ Pango's.** At exit the bulk process maps 15.2 MB (gdb,
  `/proc/<pid>/smaps` at `_exit`, in the first round): the binary 7.6 MB (code faulted in
  64 KB around each touched page, ICU's data), libc 1.3, HarfBuzz 0.8, FreeType 0.6, GLib
  0.6 and the heap 2.5 MB; the peak adds the shaped-word cache (about 3.5 MB for Gatsby's 9,858 words,
  freed before exit) and one long paragraph's transient arrays. Pango's process is 14.7 MB
  on the same job; meeting it needs the word cache about half as large (its entries are
  about 350 bytes a word).
"""
say("")
say(PROCESS_ROUND)


def duration(ns):
    if ns < 1000:
        return "%.3g ns" % ns
    if ns < 1e6:
        return "%.3g µs" % (ns / 1000)
    return "%.3g ms" % (ns / 1e6)


def times(value):
    return "%.1f×" % value if value is not None else "–"


def summary():
    """The headline table (the README's), every figure from this run."""
    table = rows()
    lines = ["## Summary", "",
             "Gatsby unless named; peer time over Caliper's, from this one run (the sections "
             "below explain every row).", "",
             "| workload | Caliper | Pango/Caliper | SkParagraph/Caliper | target | met |",
             "|---|---:|---:|---:|---|---|"]
    lines.append("| W1 one sentence at 10 widths, whole process | %.1f ms | %s | %s | | |"
                 % (cal[0], times(pan[0] / cal[0]), times(sk1[0] / cal[0] if sk1 else None)))
    mine, floor = hello["caliper measure"][0], hello["hb-shape"][0]
    lines.append("| one string, `Scripts/run`'s build | %.1f ms (`hb-shape` %.1f ms, %.1f×) | | | "
                 "≤ 2× `hb-shape` | %s |" % (mine, floor, mine / floor, "yes" if mine <= 2 * floor else "no"))
    lines.append("| `caliper --version` above process start | %.2f ms | | | ≤ 2 ms | %s |"
                 % (version[0] - start[0], "yes" if version[0] - start[0] <= 2 else "no"))
    for label, key in (("W2 cold measure (prepare + one width)", ("W2 cold measure (240)", "gatsby")),
                       ("W3 relayout at a new width", ("W3 relayout, new width", "gatsby")),
                       ("W3 relayout inside a known range", ("W3 relayout, inside cached range", "gatsby")),
                       ("W4 prepare + 10 widths", ("W4 prepare + 10 widths", "gatsby")),
                       ("W5 ideal width, cold", ("W5 ideal width, cold", "gatsby")),
                       ("W5 ideal width, prepared", ("W5 ideal width, prepared", "gatsby")),
                       ("W6 fallback-heavy cold", ("W6 cold measure (240), fallback-heavy", "fallback-heavy"))):
        row = table.get(key)
        if row is None:
            continue
        caliper = duration(row["caliper"])
        if key[0] == "W3 relayout, new width" and row.get("caliperPerSegment"):
            caliper += " (%.1f ns/segment)" % row["caliperPerSegment"]
        lines.append("| %s | %s | %s | %s | %s | %s |" % (
            label, caliper, times(row["pangoRatio"]), times(row.get("skparagraphRatio")),
            row["target"], row["met"]))
    for label, value, wanted in (("bulk CLI, --jobs 1", one, 20), ("bulk CLI, two cores", allc, 35)):
        lines.append("| %s | %.0f ms | %s | %s | ≥ %d× Pango | %s |" % (
            label, value[0], times(pm[0] / value[0]), times(skb[0] / value[0] if skb else None),
            wanted, "yes" if pm[0] / value[0] >= wanted else "no"))
    memory = re.search(r"^\| gatsby \| \d+ \| \d+ \| \d+ \| \d+ \| ([\d.]+) \|", bench_md, re.M)
    if memory:
        per_segment = float(memory.group(1))
        lines.append("| memory per prepared segment | %.0f bytes | | | ≤ 120 bytes | %s |"
                     % (per_segment, "yes" if per_segment <= 120 else "no"))
    lines.append("| bulk CLI peak RSS | %.1f MB | Pango %.1f MB | %s | ≤ Pango's | %s |" % (
        int(rss_one) / 1024, int(rss_pango) / 1024,
        "%.1f MB" % (int(rss_sk) / 1024) if rss_sk != "0" else "–",
        "yes" if int(rss_one) <= int(rss_pango) else "no"))
    lines.append("")
    return lines


# The paragraphs that open the command-line tables, and the names their rows are compared by.
CLI_SECTIONS = (("W1", "W1"), ("One string", "one string"), ("Bulk sizing", "bulk sizing"))


def previous_times(text):
    """(workload, class) -> (Caliper ns per op, Pango's ns for the same or None), from a
    RESULTS.md's time tables and its command-line tables (keyed by the paragraph above each
    table: W1, one string, bulk sizing)."""
    found = {}
    units = {"ns": 1, "µs": 1e3, "ms": 1e6}

    def ns(cell):
        match = re.fullmatch(r"([\d.]+) (ns|µs|ms)", cell)
        return float(match.group(1)) * units[match.group(2)] if match else None

    section = ""
    cli = {}
    for line in text.splitlines():
        stripped = line.strip()
        if stripped and not stripped.startswith("|"):
            if stripped.startswith("#"):
                section = ""
            section = next((name for prefix, name in CLI_SECTIONS if stripped.startswith(prefix)),
                           section)
            continue
        cells = [c.strip() for c in stripped.strip("|").split("|")]
        if len(cells) >= 5 and ns(cells[3]) is not None:
            found[(cells[0], cells[1])] = (ns(cells[3]), ns(cells[4]))
        elif len(cells) >= 3 and re.fullmatch(r"[\d.]+", cells[1]) and (
                cells[0].startswith("caliper") or cells[0].startswith("pango")):
            cli[(section, cells[0])] = float(cells[1]) * 1e6
    for (section, command), value in cli.items():
        if command.startswith("caliper"):
            found[(command, "CLI, " + section)] = (value, cli.get((section, "pango-measure")))
    return found


def comparison():
    """Every workload more than 15 % slower than in the RESULTS.md this run replaces, with
    Pango's change on the same workload beside it (Pango's code did not change, so a Pango
    that slowed as much says the machine was busier, not that Caliper regressed)."""
    old = read("previous-RESULTS.md")
    lines = ["## Compared with the previous RESULTS.md", ""]
    if not old:
        return lines + ["No previous RESULTS.md to compare with.", ""]
    commit = re.search(r"^- Caliper: commit (.*)$", old, re.M)
    if quick == "1" or "Benchmarks/run --quick" in old:
        return lines + ["Not compared: a quick run on either side.", ""]
    before = previous_times(old)
    now = previous_times("\n".join(out))
    slower = [(key, before[key], now[key]) for key in now
              if key in before and now[key][0] > 1.15 * before[key][0]]
    lines.append("Caliper's time per operation against the previous run (%s), same machine; "
                 "%d workloads compared. More than 15 %% slower (Pango's change on the same "
                 "workload in brackets: the machine's load moves both):" % (
                     commit.group(1) if commit else "commit unknown", len(set(now) & set(before))))
    lines.append("")
    if not slower:
        lines.append("none.")
    for (workload, corpus), (was, was_pango), (is_now, pango) in sorted(slower):
        peer = (" (Pango %+.0f %%)" % (100 * (pango / was_pango - 1))
                if pango and was_pango else "")
        lines.append("- %s, %s: %s → %s (+%.0f %%)%s" % (
            workload, corpus, duration(was), duration(is_now), 100 * (is_now / was - 1), peer))
    lines.append("")
    return lines


out[summary_at:summary_at] = summary() + comparison()
print("\n".join(out))
