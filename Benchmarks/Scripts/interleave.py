#!/usr/bin/env python3
"""Times whole commands round-robin: each round runs every command once, in turn.

Problem: hyperfine runs all of one command's runs, then all of the next's, so on a machine
shared with other work (2 cores and three engineers compiling) a burst of load lands on one
command and the ratios swing. Solution: rounds that run each command once, in turn, so all
see the same load; the median of each command's runs is its figure.

  interleave.py [--runs N] [--warmup N] --export-json FILE -n NAME "COMMAND" [-n NAME "COMMAND"]...

COMMAND is split like a shell (quotes kept) and run without a shell, output discarded.
FILE gets hyperfine's shape ({"results": [{"command", "mean", "stddev", ...}]}, seconds)
with "median" beside "mean"; report.py reads the median.
"""
import json
import shlex
import statistics
import subprocess
import sys
import time


def main(arguments):
    runs, warmup, export, commands = 10, 1, None, []
    rest = list(arguments)
    while rest:
        argument = rest.pop(0)
        if argument == "--runs":
            runs = int(rest.pop(0))
        elif argument == "--warmup":
            warmup = int(rest.pop(0))
        elif argument == "--export-json":
            export = rest.pop(0)
        elif argument == "-n":
            name = rest.pop(0)
            commands.append((name, shlex.split(rest.pop(0))))
        else:
            print("interleave.py: unknown argument %s" % argument, file=sys.stderr)
            return 64
    if export is None or not commands:
        print(__doc__, file=sys.stderr)
        return 64
    times = {name: [] for name, _ in commands}
    for round_number in range(warmup + runs):
        for name, command in commands:
            start = time.perf_counter_ns()
            status = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode
            elapsed = (time.perf_counter_ns() - start) / 1e9
            if status != 0:
                print("interleave.py: %s exited %d" % (name, status), file=sys.stderr)
                return 1
            if round_number >= warmup:
                times[name].append(elapsed)
    results = []
    for name, _ in commands:
        values = times[name]
        results.append({"command": name, "mean": statistics.mean(values), "median": statistics.median(values),
                        "stddev": statistics.stdev(values) if len(values) > 1 else 0.0,
                        "min": min(values), "max": max(values), "times": values})
        print("%-40s median %9.2f ms  (min %.2f, max %.2f, %d runs)"
              % (name, 1000 * results[-1]["median"], 1000 * min(values), 1000 * max(values), len(values)),
              file=sys.stderr)
    with open(export, "w") as f:
        json.dump({"results": results}, f)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
