"""`make bench`, start-up: start → first frame and peak RSS of Triad on a page against the C window
(benchmarks/window-reference.c) on the same page (any page other than the adder page also against
the C window on the adder page), where start-up time goes (phases), where the memory is
(mappings), the floor under both (the smallest program in each language), and what GtkKit's typed
signals and the Messages pane's seam cost a start.

A start-up page is one line of PAGES: the Triad command and the C reference command. Each page
gets its time and RSS targets against the C window, from the same alternating runs.
"""
import os
import statistics
import subprocess
import tempfile
import time

from benchlib import ROOT, alternating_runs, data_env, figure_lines, paired_ratio, summary

TRIAD = os.environ.get("TRIAD_BIN") or os.path.join(ROOT, ".build", "release", "triad")
REFERENCE = os.environ.get("REFERENCE_BIN") or os.path.join(ROOT, "build", "window-reference")
RUNS = int(os.environ.get("BENCH_RUNS", "40"))
PHASE_RUNS = int(os.environ.get("BENCH_PHASE_RUNS", "10"))

# Each start-up page: Triad on it, and the C window on the same page (benchmarks/chart-page.h is
# the chart page in C). Any page other than the adder page is also set beside the C window on the adder
# page, in the same alternating runs: what the page itself costs GTK, apart from what Triad adds.
PAGES = {
    "adder": ([TRIAD, "--page", "adder", "--quit-after-first-frame"], [REFERENCE]),
    "chart": ([TRIAD, "--page", "chart", "--quit-after-first-frame"], [REFERENCE, "--page", "chart"]),
}


def pages():
    """The pages to start on: every one of PAGES, or those BENCH_PAGES names (comma-separated;
    the self-test's fixtures start on one)."""
    asked = os.environ.get("BENCH_PAGES")
    return [page for page in PAGES if not asked or page in asked.split(",")]

TIME_LIMIT, RSS_LIMIT = 1.15, 1.20
WHY_TIME = ("the C window (benchmarks/window-reference.c) is the same window in plain GTK3 calls, the least a "
            "GTK program can do for it; Triad may take 15 % more for what it adds (the Swift runtime, its store, "
            "its model, the typed widgets), medians of alternating runs")
WHY_RSS = "the same C window; 20 % more memory for the Swift runtime and Triad's own code and data"


def startup_benchmark(report, targets, page):
    """Alternating starts of Triad and the C window on `page`: the time and RSS targets, then
    where the time and the memory go. Returns the medians, for the parts that set figures
    beside them."""
    triad, reference = PAGES[page]
    data = os.path.join(os.environ.get("TMPDIR", "/tmp"), f"triad-bench-{os.getpid()}")
    # Its own data and state folders: the last page a person left open must not decide what starts.
    env = data_env(data)
    same_page = {"triad": triad, "C": reference}
    commands = same_page if reference == [REFERENCE] else dict(same_page, **{"C adder": [REFERENCE]})
    results = alternating_runs(commands, env, RUNS)
    section = f"Start-up: the {page} page"
    report.section(section)
    print = report.print
    print(f"Start → first frame and peak RSS, {RUNS} alternating runs each: Triad on the {page} page, the C window "
          f"on the {page} page" + (", the C window on the adder page" if "C adder" in commands else ""))
    print(f"{'program':<8} {'median ms':>10} {'min–max ms':>16} {'median RSS MB':>14} {'min–max MB':>14}")
    for name in commands:
        t, r = summary(results[name][0]), summary(results[name][1])
        print(f"{name:<8} {t[0]:>10.1f} {t[1]:>7.1f}–{t[2]:<8.1f} {r[0]:>14.1f} {r[1]:>6.1f}–{r[2]:<7.1f}")
    ms = {name: statistics.median(results[name][0]) for name in commands}
    mb = {name: statistics.median(results[name][1]) for name in commands}
    paired, low, high = paired_ratio(results["triad"][0], results["C"][0])
    print(f"time ×{ms['triad'] / ms['C']:.2f} (ratio of the medians; run by run: median ×{paired:.2f} of the {RUNS} pairs' "
          f"ratios, quartiles ×{low:.2f}–{high:.2f}); RSS ×{mb['triad'] / mb['C']:.2f}")
    if "C adder" in commands:
        print(f"the {page} page against the adder page, each in C: time ×{ms['C'] / ms['C adder']:.2f}, RSS "
              f"×{mb['C'] / mb['C adder']:.2f}; Triad on the {page} page against the C window on the adder page: "
              f"time ×{ms['triad'] / ms['C adder']:.2f}, RSS ×{mb['triad'] / mb['C adder']:.2f}")
    targets.ratio(f"start → first frame, {page} page", ms["triad"], ms["C"], "ms", TIME_LIMIT, "C window",
                  section, WHY_TIME)
    targets.ratio(f"peak RSS at start, {page} page", mb["triad"], mb["C"], "MB", RSS_LIMIT, "C window", section, WHY_RSS)
    counts = phase_table(print, same_page, env)
    memory_table(print, same_page, env)
    return {"ms": ms, "mb": mb, "counts": counts, "env": env}


def phase_runs(command, env, runs):
    """Runs `command` with TRIAD_PHASES set; returns {phase: [ms after spawn, one per run]} and
    the last run's `count NAME=N` lines."""
    phases, counts = {}, {}
    env = dict(env, TRIAD_PHASES="1")
    for _ in range(runs):
        started = time.monotonic()
        output = subprocess.run(command, env=env, capture_output=True, text=True, check=True).stdout
        for line in output.splitlines():
            if line.startswith("phase ") and " monotonic-us=" in line:
                name, clock = line[len("phase "):].rsplit(" monotonic-us=", 1)
                phases.setdefault(name, []).append((int(clock) / 1e6 - started) * 1000.0)
            elif line.startswith("count ") and "=" in line:
                name, value = line[len("count "):].rsplit("=", 1)
                counts[name] = int(value)
    return phases, counts


def phase_table(print, commands, env):
    """Where start-up time goes: each phase's median time after spawn, for Triad and for the C
    program, and the step from the phase before. "main" is after the dynamic loader (and for
    Triad, the Swift runtime's start); the rest are marks in the programs' own code. Returns
    Triad's counts (GtkKit's closures at the first frame)."""
    results = {name: phase_runs(command, env, PHASE_RUNS) for name, command in commands.items()}
    print()
    print(f"Start-up phases, median ms after spawn over {PHASE_RUNS} runs each (step: since the phase before)")
    print(f"{'phase':<50} {'triad':>7} {'step':>6} {'C':>7} {'step':>6}")
    previous = {name: 0.0 for name in commands}
    for phase in results["triad"][0]:
        cells = []
        for name in ("triad", "C"):
            values = results[name][0].get(phase)
            if values:
                at = statistics.median(values)
                cells.append(f"{at:>7.1f} {at - previous[name]:>6.1f}")
                previous[name] = at
            else:
                cells.append(f"{'–':>7} {'':>6}")
        print(f"{phase:<50} {cells[0]} {cells[1]}")
    return results["triad"][1]


def memory_map(command, env):
    """Resident memory at the first frame by mapping, from the program's own copy of
    /proc/self/smaps: {group: kB}."""
    with tempfile.NamedTemporaryFile(suffix=".smaps") as copy:
        subprocess.run(command, env=dict(env, TRIAD_SMAPS_TO=copy.name), check=True, capture_output=True)
        groups, name = {}, None
        for line in open(copy.name):
            fields = line.split()
            if fields and "-" in fields[0] and len(fields) >= 5 and not fields[0].endswith(":"):
                path = fields[5] if len(fields) > 5 else "[anonymous]"
                base = os.path.basename(path)
                if path == command[0] or base in ("triad", "window-reference"):
                    name = "the program's own binary (Triad: with the Swift runtime, and SQLite where linked in)"
                elif base.startswith(("libstdc++", "libgcc_s", "libsqlite3", "libcrypt", "libpwquality", "libcrack")):
                    name = "libraries only Triad loads: " + base.split(".so")[0]
                elif ".so" in base:
                    name = "shared libraries both load"
                elif path in ("[heap]", "[anonymous]"):
                    name = "heap and anonymous memory (malloc, GTK objects, Swift objects)"
                elif path.startswith("/usr/share/fonts") or path.startswith("/var/cache/fontconfig"):
                    name = "fonts and font caches"
                else:
                    name = "other files (" + path.split("/")[-1][:30] + ")" if path.startswith("/") else path
            elif fields and fields[0] == "Rss:" and name:
                groups[name] = groups.get(name, 0) + int(fields[1])
        return groups


def memory_table(print, commands, env):
    maps = {name: memory_map(command, env) for name, command in commands.items()}
    print()
    print("Resident memory at the first frame by mapping (one run each, from /proc/self/smaps), MB")
    print(f"{'mapping':<72} {'triad':>7} {'C':>7}")
    keys = sorted(set(maps["triad"]) | set(maps["C"]), key=lambda k: -max(maps["triad"].get(k, 0), maps["C"].get(k, 0)))
    for key in keys:
        t, c = maps["triad"].get(key, 0) / 1024, maps["C"].get(key, 0) / 1024
        if max(t, c) >= 0.1:
            print(f"{key[:72]:<72} {t:>7.1f} {c:>7.1f}")
    print(f"{'total':<72} {sum(maps['triad'].values()) / 1024:>7.1f} {sum(maps['C'].values()) / 1024:>7.1f}")


FLOORS = {"C": os.environ.get("C_FLOOR_BIN") or os.path.join(ROOT, "build", "c-floor"),
          "Swift": os.environ.get("SWIFT_FLOOR_BIN") or os.path.join(ROOT, "build", "swift-floor"),
          "C, Triad's libraries": os.environ.get("C_FLOOR_LIBS_BIN") or os.path.join(ROOT, "build", "c-floor-libs"),
          "Swift, Triad's libraries": os.environ.get("SWIFT_FLOOR_LIBS_BIN") or os.path.join(ROOT, "build", "swift-floor-libs")}


def floor_benchmark(report, startup):
    """The part of Triad's start-up no code of its own can remove: the smallest C program against
    the smallest Swift program linked as Triad is, spawn → main's first line, and peak RSS (each
    reads its own VmHWM: a spawned child's ru_maxrss starts at the parent's resident size); then
    the same two loading the libraries Triad is linked with, as Triad's start does."""
    results = {name: ([], []) for name in FLOORS}
    for _ in range(RUNS):
        for name, path in FLOORS.items():
            started = time.monotonic()
            output = subprocess.run([path], env=startup["env"], capture_output=True, text=True, check=True).stdout
            fields = dict(field.split("=") for field in output.split())
            results[name][0].append((int(fields["monotonic-us"]) / 1e6 - started) * 1000.0)
            results[name][1].append(int(fields["peak-rss-kb"]) / 1024.0)
    ms = {name: statistics.median(results[name][0]) for name in FLOORS}
    mb = {name: statistics.median(results[name][1]) for name in FLOORS}
    report.section("Start-up: the floor under both")
    print = report.print
    print(f"The smallest program in each language (print the clock, exit), {RUNS} alternating runs")
    print(f"{'program':<50} {'median ms':>10} {'median RSS MB':>14}")
    labels = {"C": "C (floor.c)", "Swift": "Swift, static Swift and C++ runtimes (floor.swift)",
              "C, Triad's libraries": "floor.c loading Triad's libraries",
              "Swift, Triad's libraries": "floor.swift loading Triad's libraries"}
    for name in FLOORS:
        print(f"{labels[name]:<50} {ms[name]:>10.1f} {mb[name]:>14.1f}")
    c_ms, c_mb = startup["ms"]["C"], startup["mb"]["C"]
    loaded_ms = ms["Swift, Triad's libraries"] - ms["C, Triad's libraries"]
    print(f"the Swift runtime alone: {ms['Swift'] - ms['C']:+.1f} ms, {mb['Swift'] - mb['C']:+.1f} MB; with Triad's "
          f"libraries loaded: {loaded_ms:+.1f} ms; Triad − C at the first frame: {startup['ms']['triad'] - c_ms:+.1f} ms, "
          f"{startup['mb']['triad'] - c_mb:+.1f} MB")
    print(f"what the targets leave for the runtime and Triad's own code together: {(TIME_LIMIT - 1) * c_ms:.1f} ms "
          f"({(TIME_LIMIT - 1) * 100:.0f} % of C's {c_ms:.1f}), {(RSS_LIMIT - 1) * c_mb:.1f} MB "
          f"({(RSS_LIMIT - 1) * 100:.0f} % of C's {c_mb:.1f})")


SIGNAL_COUNT = int(os.environ.get("BENCH_SIGNAL_COUNT", "2000"))
SIGNAL_ROUNDS = int(os.environ.get("BENCH_SIGNAL_ROUNDS", "21"))
WHY_SIGNALS = ("1 % of the C window's start is less than the spread of the start-up medians between runs: a cost "
               "no start-up benchmark, and no person, can tell from nothing")


def signals_benchmark(report, targets, bench_tool, startup):
    """What GtkKit's typed signals cost against g_signal_connect, per connection and per emission
    (triad-bench signals), the Messages pane's watcher closed and open, and the connections a
    start makes (GtkKit's closures alive at the first frame): together, what the typed widgets
    and the seam cost a start."""
    ways = {fields["name"]: (float(fields["connect-us"]), float(fields["emit-us"]))
            for name, fields in figure_lines([bench_tool, "signals", str(SIGNAL_COUNT), str(SIGNAL_ROUNDS)])
            if name == "signal-way"}
    section = "Start-up: typed widgets and the Messages seam"
    report.section(section)
    print = report.print
    print(f"GtkKit's typed signals against GTK's g_signal_connect with a C handler: one handler on each of {SIGNAL_COUNT}")
    print(f"new buttons, then a click on each; the ways alternate, medians of {SIGNAL_ROUNDS} rounds (triad-bench signals)")
    print(f"{'way':<62} {'connect µs':>11} {'emit µs':>9}")
    labels = {"raw": "g_signal_connect, a C handler (the baseline)",
              "closure": "button.on(.clicked) { … }",
              "target-action": "target-action, Messages pane closed (no watcher)",
              "target-action-watched": "target-action, pane open (a watcher that passes the call on)"}
    for name, label in labels.items():
        print(f"{label:<62} {ways[name][0]:>11.2f} {ways[name][1]:>9.2f}")
    closures = startup["counts"].get("gtkkit-closures")
    c_ms = startup["ms"]["C"]
    extra_us = ways["target-action"][0] - ways["raw"][0]
    print(f"the seam while the pane is closed is one look at GtkKit's empty list of watchers per connection and per emission: "
          f"target-action emits ×{ways['target-action'][1] / ways['raw'][1]:.1f} the C handler's time, the pane open "
          f"×{ways['target-action-watched'][1] / ways['target-action'][1]:.2f} the pane closed")
    if closures is None:
        targets.error("typed signals at start-up", "the app printed no count of its connections")
        return
    cost_ms = closures * extra_us / 1000
    print(f"a start to the first frame holds {closures} GtkKit closures (signal handlers, main-loop callbacks); made "
          f"as target-action instead of g_signal_connect they cost {cost_ms:.2f} ms more, "
          f"{cost_ms / c_ms * 100:.2f} % of the C window's start ({c_ms:.1f} ms)")
    targets.at_most("typed signals and the closed seam at start-up", cost_ms, "ms", 0.01 * c_ms, baseline=c_ms,
                    baseline_name="C window's start", section=section, why=WHY_SIGNALS)
