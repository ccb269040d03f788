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

# The bulk job's targets (issue 32): Pango's time over Caliper's on one core and on all.
# Issue 36: a wrap style's relayout at most this many times `.auto`'s.
WRAP_STYLE_COST_TARGET = 5
BULK_TARGET_ONE_CORE = 25
BULK_TARGET_ALL_CORES = 40


def run(*command):
    try:
        return subprocess.run(command, capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "?"


def measured_commit():
    """The commit measured: short hash, subject, and whether the checkout differed from it
    (uncommitted changes in Sources, Package.swift or Benchmarks are measured too; not the
    report's own script and notes, which write this file and measure nothing)."""
    commit = run("git", "-C", here, "log", "-1", "--format=%h %s")
    changed = run("git", "-C", os.path.dirname(here), "status", "--porcelain", "--",
                  "Sources", "Package.swift", "Benchmarks")
    changed = [line for line in changed.splitlines()
               if line.strip() and "RESULTS.md" not in line and line != "?"
               and "Benchmarks/Scripts/report" not in line]
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
for label, value, wanted in (("caliper measure --jobs 1", one, BULK_TARGET_ONE_CORE),
                             ("caliper measure (all cores)", allc, BULK_TARGET_ALL_CORES)):
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


def notes(name):
    """Hand-written analysis beside this script: what each change bought and the causes of
    the targets missed, from callgrind runs (deterministic); re-profile when the code changes."""
    with open(os.path.join(here, "Scripts", name)) as f:
        return f.read().rstrip()


say("")
with open(os.path.join(work, "profile.md")) as f:
    profile = f.read().rstrip()
say(profile if profile else "## Where the time goes\n\nNot profiled in this run (`Benchmarks/run --profile`).")
say("")
say(notes("report-analysis.md"))
say("")
say(notes("report-cold.md"))
say("")
say(notes("report-process.md"))


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
                       ("W6 fallback-heavy cold", ("W6 cold measure (240), fallback-heavy", "fallback-heavy")),
                       ("W2 vertical Japanese cold (a 240-pt column)",
                        ("W2 cold measure (240), vertical-rl", "vertical Japanese")),
                       ("W3 vertical Japanese relayout at a new height",
                        ("W3 relayout, new height, vertical-rl", "vertical Japanese"))):
        row = table.get(key)
        if row is None:
            continue
        caliper = duration(row["caliper"])
        if key[0] == "W3 relayout, new width" and row.get("caliperPerSegment"):
            caliper += " (%.1f ns/segment)" % row["caliperPerSegment"]
        lines.append("| %s | %s | %s | %s | %s | %s |" % (
            label, caliper, times(row["pangoRatio"]), times(row.get("skparagraphRatio")),
            row["target"], row["met"]))
    # Issue 36: a wrap style's cost over greedy lines. The `.auto` reference and the styles'
    # rows are raced together, paragraph by paragraph, each visit after a Pango visit
    # (`wrapStyleRows`), so the cost is the style row's Caliper time over the reference's,
    # the machine's speed cancelled.
    reference = table.get(("W3 relayout, new width, auto", "gatsby"))
    for style in ("balance", "pretty"):
        row = table.get(("W3 relayout, new width, " + style, "gatsby"))
        if row is None or reference is None:
            continue
        cost = row["caliper"] / reference["caliper"]
        lines.append("| W3 relayout at a new width, `.%s` (cost over `.auto`) | %s (%.2f×) | %s | | "
                     "≤ %d× `.auto` | %s |" % (style, duration(row["caliper"]), cost,
                                               times(row["pangoRatio"]), WRAP_STYLE_COST_TARGET,
                                               "yes" if cost <= WRAP_STYLE_COST_TARGET else "no"))
    for label, value, wanted in (("bulk CLI, --jobs 1", one, BULK_TARGET_ONE_CORE),
                                 ("bulk CLI, two cores", allc, BULK_TARGET_ALL_CORES)):
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
# Each command-line section's peer: the command timed round-robin with Caliper's in the same
# rounds (`interleave.py`), whose time over Caliper's cancels the machine's speed of the moment.
CLI_PEERS = {"W1": "pango-measure", "one string": "hb-shape", "bulk sizing": "pango-measure"}
# The floor table's columns: Caliper's prepare is timed paragraph by paragraph in turn with the
# floor (ICU), its peer; the floor's own rows (C code, unchanged by Caliper's work) have none.
FLOOR_PREPARE = "Caliper prepare (warm shape cache)"
FLOOR_COLUMNS = ("floor, ICU", "floor, pair table")


def previous_times(text):
    """(workload, class) -> (time ns per op, its peer's ns in the same run or None, the peer's
    name or None), from a RESULTS.md's time tables (peer: Pango), its floor table (Caliper's
    prepare against the floor, ICU; the floor's rows have no peer) and its command-line
    tables (keyed by the paragraph above each table; peers in `CLI_PEERS`, `/bin/true` for
    `caliper --version`). Columns are found by each table's header."""
    found = {}
    units = {"ns": 1, "µs": 1e3, "ms": 1e6}

    def ns(cell):
        match = re.fullmatch(r"([\d.]+) (ns|µs|ms)", cell)
        return float(match.group(1)) * units[match.group(2)] if match else None

    section = ""
    header = []
    cli = {}
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped.startswith("|"):
            header = []
            if stripped.startswith("#"):
                section = ""
            if stripped:
                section = next((name for prefix, name in CLI_SECTIONS
                                if stripped.startswith(prefix)), section)
            continue
        cells = [c.strip() for c in stripped.strip("|").split("|")]
        if not header:
            header = cells
            continue
        if set("".join(cells)) <= set("-: "):
            continue
        column = {name: i for i, name in enumerate(header)}
        cell = lambda name: cells[column[name]] if column.get(name, len(cells)) < len(cells) else ""
        if "Caliper per op" in column and ns(cell("Caliper per op")) is not None:
            peer = ns(cell("Pango per op"))
            found[(cells[0], cells[1])] = (ns(cell("Caliper per op")), peer,
                                           "Pango" if peer else None)
        elif FLOOR_PREPARE in column and ns(cell(FLOOR_PREPARE)) is not None:
            floor = ns(cell(FLOOR_COLUMNS[0]))
            found[("prepare, warm shape cache", cells[0])] = (
                ns(cell(FLOOR_PREPARE)), floor, "the floor (ICU)" if floor else None)
            for name in FLOOR_COLUMNS:
                if ns(cell(name)) is not None:
                    found[(name, cells[0])] = (ns(cell(name)), None, None)
        elif header[:2] == ["command", "median ms"] and re.fullmatch(r"[\d.]+", cells[1]):
            cli[(section, cells[0])] = float(cells[1]) * 1e6
    for (section, command), value in cli.items():
        if command.startswith("caliper"):
            peer = "/bin/true" if command == "caliper --version" else CLI_PEERS.get(section)
            peer_ns = cli.get((section, peer))
            found[(command, "CLI, " + section)] = (value, peer_ns, peer if peer_ns else None)
    return found


def compared():
    """The previous RESULTS.md's rows and this run's, or the reason they are not compared
    (returned as the paragraph to print), and the previous run's commit."""
    old = read("previous-RESULTS.md")
    if not old:
        return None, None, "No previous RESULTS.md to compare with."
    if quick == "1" or "Benchmarks/run --quick" in old:
        return None, None, "Not compared: a quick run on either side."
    commit = re.search(r"^- Caliper: commit (.*)$", old, re.M)
    return ((previous_times(old), previous_times("\n".join(out))),
            commit.group(1) if commit else "commit unknown", None)


def comparison():
    """Every workload more than 15 % slower than in the RESULTS.md this run replaces, with
    its peer's change on the same workload beside it (the peer's code did not change, so a
    peer that slowed as much says the machine was busier, not that Caliper regressed)."""
    lines = ["## Compared with the previous RESULTS.md", ""]
    tables, commit, reason = compared()
    if tables is None:
        return lines + [reason, ""]
    before, now = tables
    slower = [(key, before[key], now[key]) for key in now
              if key in before and now[key][0] > 1.15 * before[key][0]]
    lines.append("Time per operation against the previous run (%s), same machine; "
                 "%d workloads compared. More than 15 %% slower (the peer's change on the same "
                 "workload in brackets: the machine's load moves both):" % (
                     commit, len(set(now) & set(before))))
    lines.append("")
    if not slower:
        lines.append("none.")
    for (workload, corpus), (was, was_peer, _), (is_now, peer, name) in sorted(slower):
        change = (" (%s %+.0f %%)" % (name, 100 * (peer / was_peer - 1))
                  if peer and was_peer else " (no peer)")
        lines.append("- %s, %s: %s → %s (+%.0f %%)%s" % (
            workload, corpus, duration(was), duration(is_now), 100 * (is_now / was - 1), change))
    lines.append("")
    return lines + ratio_comparison(tables, commit)


def ratio_comparison(tables, commit):
    """Each workload's same-run ratio (its peer's time over Caliper's, the two timed
    interleaved in one run) against the previous RESULTS.md's: absolute times move 15-30 %
    between runs on a shared machine, a ratio only with Caliper's (or the peer's) own speed.
    Rows whose ratio fell by more than 5 % are listed; rows without a peer are named."""
    before, now = tables
    both = sorted(set(now) & set(before))
    paired = [key for key in both if now[key][1] and before[key][1]]
    fell = [(key, before[key], now[key]) for key in paired
            if now[key][1] / now[key][0] < 0.95 * (before[key][1] / before[key][0])]
    lines = ["### Same-run ratios against the previous RESULTS.md", "",
             "Each workload's peer time over Caliper's, both from the same run (timed "
             "interleaved, so the machine's speed of the moment cancels), against the same "
             "ratio in the previous run (%s); %d workloads with a peer on both sides. Ratio "
             "more than 5 %% lower:" % (commit.split()[0], len(paired)), ""]
    if not fell:
        lines.append("none: no workload with a peer is more than 5 % slower.")
    for (workload, corpus), (was, was_peer, _), (is_now, peer, name) in fell:
        # A ratio also falls when the peer alone got faster: then Caliper's time says so.
        note = "; Caliper's own time fell, the peer's more" if is_now < was else ""
        lines.append("- %s, %s: %s/Caliper %s → %s (%+.1f %%): Caliper %s → %s, %s %s → %s%s" % (
            workload, corpus, name, "%.3g×" % (was_peer / was), "%.3g×" % (peer / is_now),
            100 * ((peer / is_now) / (was_peer / was) - 1), duration(was), duration(is_now),
            name, duration(was_peer), duration(peer), note))
    lonely = [key for key in both if key not in paired]
    lines.append("")
    if lonely:
        lines.append("Without a peer in the same run, so judged only by absolute time above "
                     "(which the machine's load moves): %s." % "; ".join(
                         "%s, %s (%s → %s)" % (workload, corpus, duration(before[(workload, corpus)][0]),
                                               duration(now[(workload, corpus)][0]))
                         for workload, corpus in lonely))
        lines.append("")
    return lines


out[summary_at:summary_at] = summary() + comparison()
print("\n".join(out))
