"""What every part of `make bench` shares: the report it writes (docs/BENCHMARKS.md), the targets
it checks, and the ways it runs programs against their baselines.

A target is a figure of this run against a limit: either a ratio to a baseline measured in the
same run (alternating with it, so that the machine's state at each moment weighs on both), or a
figure of its own (a stall, a delay a person would notice) printed beside the baseline that
gives it scale. Each prints PASS or FAIL; one FAIL, or a part that could not run, makes the run
exit 1.
"""
import builtins
import datetime
import os
import statistics
import subprocess
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Report:
    """What the run prints, kept by section, to be written as docs/BENCHMARKS.md."""

    def __init__(self):
        self.sections = []  # (title, [lines])

    def section(self, title):
        self.sections.append((title, []))
        builtins.print(f"\n== {title}", flush=True)

    def print(self, *parts):
        text = " ".join(str(p) for p in parts)
        if not self.sections:
            self.section("Figures")
        self.sections[-1][1].append(text)
        builtins.print(text, flush=True)


class Target:
    """One target: `figure` (in `unit`) against `limit`. `kind` says what is compared: "ratio"
    (figure / baseline ≤ limit), "at most" (figure ≤ limit), "at least" (figure ≥ limit),
    "within" (limit[0] ≤ figure ≤ limit[1]). `baseline` is the same-run figure it is set beside
    (its ratio is printed for every kind); `why` says where the limit comes from."""

    def __init__(self, name, figure, unit, kind, limit, baseline=None, baseline_name="", section="", why=""):
        self.name, self.figure, self.unit, self.kind, self.limit = name, figure, unit, kind, limit
        self.baseline, self.baseline_name, self.section, self.why = baseline, baseline_name, section, why
        self.ratio = figure / baseline if baseline else None
        if kind == "ratio":
            self.passed = self.ratio is not None and self.ratio <= limit
        elif kind == "at most":
            self.passed = figure <= limit
        elif kind == "at least":
            self.passed = figure >= limit
        elif kind == "within":
            self.passed = limit[0] <= figure <= limit[1]
        else:
            raise ValueError(f"unknown kind of target: {kind}")

    @property
    def verdict(self):
        return "PASS" if self.passed else "FAIL"

    def limit_text(self):
        if self.kind == "ratio":
            return f"≤ ×{self.limit:.2f}"
        if self.kind == "within":
            return f"{number(self.limit[0])}–{number(self.limit[1])} {self.unit}"
        return f"{'≤' if self.kind == 'at most' else '≥'} {number(self.limit)} {self.unit}"


def number(value):
    """A figure as the tables print it: whole above 100, else one decimal (two below 1)."""
    if value == int(value) and abs(value) >= 1:
        return str(int(value))
    return f"{value:.0f}" if abs(value) >= 100 else f"{value:.1f}" if abs(value) >= 1 else f"{value:.2f}"


class Targets:
    """The targets a run checked, in order, and the parts that could not run."""

    def __init__(self):
        self.checked = []
        self.errors = []  # (part, message)

    def add(self, target):
        self.checked.append(target)
        return target

    def ratio(self, name, figure, baseline, unit, limit, baseline_name, section="", why=""):
        return self.add(Target(name, figure, unit, "ratio", limit, baseline, baseline_name, section, why))

    def at_most(self, name, figure, unit, limit, baseline=None, baseline_name="", section="", why=""):
        return self.add(Target(name, figure, unit, "at most", limit, baseline, baseline_name, section, why))

    def at_least(self, name, figure, unit, limit, baseline=None, baseline_name="", section="", why=""):
        return self.add(Target(name, figure, unit, "at least", limit, baseline, baseline_name, section, why))

    def within(self, name, figure, unit, low, high, baseline=None, baseline_name="", section="", why=""):
        return self.add(Target(name, figure, unit, "within", (low, high), baseline, baseline_name, section, why))

    def error(self, part, message):
        self.errors.append((part, message))

    @property
    def failed(self):
        return [t for t in self.checked if not t.passed]

    @property
    def exit_status(self):
        return 1 if self.failed or self.errors else 0

    def table(self):
        """The targets as lines: figure, the baseline of the same run and the ratio to it, the
        target and the verdict."""
        rows = [("target", "figure", "baseline (this run)", "ratio", "target", "")]
        for t in self.checked:
            baseline = f"{t.baseline_name} {number(t.baseline)} {t.unit}".strip() if t.baseline is not None else "–"
            ratio = "–"
            if t.ratio is not None:
                # Enough digits to show which side of a ratio limit it is on.
                digits = 2
                while t.kind == "ratio" and digits < 5 and round(t.ratio, digits) == t.limit and t.ratio != t.limit:
                    digits += 1
                ratio = f"×{t.ratio:.{digits}f}"
            rows.append((t.name, f"{number(t.figure)} {t.unit}", baseline, ratio, t.limit_text(), t.verdict))
        for part, message in self.errors:
            rows.append((f"{part}: could not run", "–", "–", "–", "–", "ERROR"))
        widths = [max(len(row[i]) for row in rows) for i in range(5)]
        return ["  ".join(cell.ljust(widths[i]) if i < 5 else cell for i, cell in enumerate(row)).rstrip() for row in rows]

    def error_lines(self):
        return [f"{part}: {message}" for part, message in self.errors]

    def summary(self):
        failed = len(self.failed) + len(self.errors)
        return f"{len(self.checked) - len(self.failed)} targets met, {failed} missed" + (
            f" ({len(self.errors)} parts could not run)" if self.errors else "")


# MARK: the machine


def machine():
    model = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), "?")
    memory = next((l.split()[1] for l in open("/proc/meminfo") if l.startswith("MemTotal")), "0")
    return f"{model}, {os.cpu_count()} cores, {int(memory) // 1048576} GiB, Linux {os.uname().release}"


def load_average():
    return os.getloadavg()[0]


def commit():
    result = subprocess.run(["git", "describe", "--always", "--dirty"], cwd=ROOT, capture_output=True, text=True)
    return result.stdout.strip() or "?"


def write_report(path, report, targets, started, load_at_start, parts, intro):
    """docs/BENCHMARKS.md, all of it from this run: the targets, then each part's figures."""
    minutes = (time.monotonic() - started) / 60
    measured = commit()  # before the report is opened: writing it makes the tree differ
    with open(path, "w") as f:
        f.write("# Benchmarks\n\n")
        f.write("Written by `make bench` (benchmarks/bench.py) from the run it just made: every figure below, and the\n"
                "baseline each is set against, comes from that one run. Nothing here is kept by hand.\n\n")
        f.write(f"- commit: {measured}\n- date: {datetime.date.today().isoformat()}\n- machine: {machine()}\n")
        f.write(f"- load average (1 min): {load_at_start:.1f} at the start, {load_average():.1f} at the end "
                f"(the machine is shared; ratios to baselines run alternately are what count)\n")
        f.write(f"- run time: {minutes:.1f} min; parts: {', '.join(parts)}\n\n")
        f.write("## Targets\n\n")
        f.write(intro + "\n\n```\n" + "\n".join(targets.table() + targets.error_lines()) + "\n" + targets.summary()
                + "\n```\n\n")
        f.write("## Where each target comes from\n\n")
        seen = set()
        for t in targets.checked:
            if t.why and t.why not in seen:
                seen.add(t.why)
                f.write(f"- **{t.name}** ({t.limit_text()}): {t.why}\n")
        for title, lines in report.sections:
            f.write(f"\n## {title}\n\n```\n" + "\n".join(lines).strip("\n") + "\n```\n")


# MARK: running programs


def one_run(command, env):
    """Spawns `command`, which prints `monotonic-us=N` when its first frame is drawn; returns the
    milliseconds from the spawn to that clock, and its peak RSS in MB (ru_maxrss from wait4)."""
    started = time.monotonic()
    process = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    output = process.stdout.read()
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0 or "monotonic-us=" not in output:
        raise RuntimeError(f"{command[0]} failed ({process.returncode}): {output!r}")
    frame_us = int(output.split("monotonic-us=")[1].split()[0])
    return (frame_us / 1e6 - started) * 1000.0, usage.ru_maxrss / 1024.0


def alternating_runs(commands, env, runs, envs=None):
    """One warm-up run each (page cache, font cache), then `runs` runs of each, alternating so
    that drift affects all alike, and each round starting with the next program, so that none
    always follows the same one (a program that leaves work and memory to free behind it slows
    the one after it). `envs` gives a command its own environment instead of `env`.
    Returns {name: ([milliseconds], [peak RSS MB])}."""
    envs = envs or {}
    results = {name: ([], []) for name in commands}
    for name in commands:
        one_run(commands[name], envs.get(name, env))
    names = list(commands)
    for round in range(runs):
        for name in names[round % len(names):] + names[:round % len(names)]:
            ms, rss = one_run(commands[name], envs.get(name, env))
            results[name][0].append(ms)
            results[name][1].append(rss)
    return results


def summary(values):
    return statistics.median(values), min(values), max(values)


def paired_ratio(ours, theirs):
    """The ratio of two programs' times, run by run: alternating runs come in pairs that share the
    machine's state at that moment, and a shared machine swings between fast and slow spells
    longer than a run. Returns the median of the pairs' ratios and their quartiles."""
    ratios = [a / b for a, b in zip(ours, theirs)]
    if len(ratios) < 2:
        return ratios[0], ratios[0], ratios[0]
    low, _, high = statistics.quantiles(ratios, n=4)
    return statistics.median(ratios), low, high


def percentile(values, share):
    """The value `share` (0…1) of the way up the sorted values (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered) + 0.5) - 1))]


def figure_lines(command, env=None):
    """Runs a program that prints one figure a line, `NAME key=value …` (triad-bench), and returns
    [(NAME, {key: value})], in order."""
    output = subprocess.run(command, env=env, capture_output=True, text=True, check=True).stdout
    lines = []
    for line in output.splitlines():
        name, *pairs = line.split()
        if pairs and all("=" in pair for pair in pairs):
            lines.append((name, dict(pair.split("=", 1) for pair in pairs)))
    if not lines:
        raise RuntimeError(f"{' '.join(command[:2])} printed no figure: {output[-300:]!r}")
    return lines


def data_env(folder):
    """The environment of a Triad whose data (and state: the last page left open) is in `folder`."""
    return dict(os.environ, TRIAD_DATA_DIR=folder, XDG_STATE_HOME=os.path.join(folder, "state"))
