"""`bench.py --self-test`: the bench's pass/fail logic, proved on fixtures without the full run, a
build or a display.

The verdicts first: a figure on either side of each kind of limit. Then the start-up part of
bench.py run whole (`bench.py --only startup`, its alternating runs, its targets, its report and
its exit status) on fixture programs that stand in for Triad, the C window, the floor programs and
triad-bench: a Triad quicker than the C window and as small must pass (exit 0); one planted slower,
one planted bigger, and one that cannot start must each fail (exit 1) and name the target missed.
And the docs: PERFORMANCE.md keeps no figure of its own, and every link to a section of
BENCHMARKS.md finds it (a planted figure and a planted link must be found). Closes with
`N passed, N failed`.

The fixture (this file, run as `selftest.py fixture KIND`) sleeps and touches memory as told by
its environment, then prints what the real programs print.
"""
import glob
import os
import re
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from benchlib import Targets  # noqa: E402

PYTHON = sys.executable


def fixture(kind):
    """A stand-in program. KIND window: sleeps FIXTURE_DELAY_MS, holds FIXTURE_MB of touched
    memory, prints the first-frame line (and phases, a count and its memory map when asked, as
    Triad does); floor: prints its peak memory and the clock; bench-tool: prints triad-bench's
    lines for `signals`."""
    if kind == "window":
        held = bytearray(int(float(os.environ.get("FIXTURE_MB", "0")) * 1024 * 1024))
        for i in range(0, len(held), 4096):
            held[i] = 1
        if os.environ.get("TRIAD_PHASES"):
            print(f"phase main monotonic-us={int(time.monotonic() * 1e6)}")
        time.sleep(float(os.environ.get("FIXTURE_DELAY_MS", "0")) / 1000)
        if os.environ.get("TRIAD_PHASES"):
            print(f"phase first frame drawn monotonic-us={int(time.monotonic() * 1e6)}")
            print("count gtkkit-closures=120")
        if os.environ.get("TRIAD_SMAPS_TO"):
            with open("/proc/self/smaps") as source, open(os.environ["TRIAD_SMAPS_TO"], "w") as copy:
                copy.write(source.read())
        print(f"first-frame-ms=-1 monotonic-us={int(time.monotonic() * 1e6)}", flush=True)
    elif kind == "floor":
        peak = next(line.split()[1] for line in open("/proc/self/status") if line.startswith("VmHWM:"))
        print(f"peak-rss-kb={peak} monotonic-us={int(time.monotonic() * 1e6)}")
    elif kind == "bench-tool":
        for name, connect, emit in (("raw", 0.5, 0.15), ("closure", 1.0, 0.45), ("target-action", 1.5, 0.6),
                                    ("target-action-watched", 1.6, 0.62)):
            print(f"signal-way name={name} connect-us={connect} emit-us={emit} count=10 rounds=1")
    return 0


def program(folder, name, kind, **settings):
    """An executable in `folder` that runs the fixture of `kind` with `settings` in its environment."""
    path = os.path.join(folder, name)
    exports = " ".join(f"{key}={value}" for key, value in settings.items())
    with open(path, "w") as f:
        f.write(f"#!/bin/sh\nexport {exports}\nexec {PYTHON} {os.path.join(HERE, 'selftest.py')} fixture {kind} \"$@\"\n"
                if exports else f"#!/bin/sh\nexec {PYTHON} {os.path.join(HERE, 'selftest.py')} fixture {kind} \"$@\"\n")
    os.chmod(path, 0o755)
    return path


def run_startup(folder, triad, reference, pages="adder"):
    """bench.py --only startup with `triad` and `reference` as Triad and the C window, on `pages`:
    (exit status, output, report)."""
    report = os.path.join(folder, "report.md")
    floor = program(folder, "floor", "floor")
    env = dict(os.environ, TRIAD_BIN=triad, REFERENCE_BIN=reference, TRIAD_BENCH_BIN=program(folder, "bench-tool", "bench-tool"),
               C_FLOOR_BIN=floor, SWIFT_FLOOR_BIN=floor, C_FLOOR_LIBS_BIN=floor, SWIFT_FLOOR_LIBS_BIN=floor,
               BENCH_RUNS="7", BENCH_PHASE_RUNS="2", BENCH_PAGES=pages, TMPDIR=folder)
    result = subprocess.run([PYTHON, os.path.join(HERE, "bench.py"), "--only", "startup", "--report", report],
                            env=env, capture_output=True, text=True, timeout=300)
    text = open(report).read() if os.path.exists(report) else ""
    return result.returncode, result.stdout + result.stderr, text


# A measured figure: a number with a unit of time, size or share, a ratio, a count of instructions.
FIGURE = re.compile(r"(?<![\w.])\d[\d,.]*\s?(?:ms|µs|s|MB|KB|GB|%|M instructions)(?![\w])|×\s?\d")
LINK = re.compile(r"BENCHMARKS\.md#([\w-]+)")


def anchor(heading):
    """The anchor a Markdown renderer gives a heading (GitHub's rule)."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def doc_problems(performance, benchmarks, others=()):
    """What keeps the docs from being figures of the bench's own run: a figure written into
    PERFORMANCE.md by hand, or a link (from it or `others`) to a section BENCHMARKS.md lacks."""
    problems = [f"PERFORMANCE.md:{number}: a figure kept by hand: {match.group(0)!r}"
                for number, line in enumerate(performance.splitlines(), 1) for match in FIGURE.finditer(line)]
    sections = {anchor(line[3:]) for line in benchmarks.splitlines() if line.startswith("## ")}
    for name, text in (("PERFORMANCE.md", performance), *others):
        problems += [f"{name}: links to BENCHMARKS.md#{link}, which BENCHMARKS.md has no section for"
                     for link in LINK.findall(text) if link not in sections]
    return problems


def verdict_lines(output):
    return [line for line in output.splitlines() if line.rstrip().endswith(("PASS", "FAIL", "ERROR"))]


def main():
    passed, failed = 0, 0

    def case(name, ok, detail=""):
        nonlocal passed, failed
        if ok:
            passed += 1
            print(f"  ok    {name}")
        else:
            failed += 1
            print(f"  FAIL  {name}" + ("\n        | " + detail.replace("\n", "\n        | ") if detail else ""))

    print("bench self-test: verdicts")
    t = Targets()
    case("a ratio under its limit passes", t.ratio("r", 114, 100, "ms", 1.15, "b").passed)
    case("a ratio over its limit fails", not t.ratio("r", 116, 100, "ms", 1.15, "b").passed)
    case("a figure at most its limit passes", t.at_most("m", 20, "ms", 20).passed)
    case("a figure over its limit fails", not t.at_most("m", 20.1, "ms", 20).passed)
    case("a figure under its floor fails", not t.at_least("l", 0.9, "MB", 1).passed)
    case("a figure outside a range fails", not t.within("w", 501, "ms", 100, 500).passed)
    case("a figure inside a range passes", t.within("w", 300, "ms", 100, 500).passed)
    case("one missed target makes the exit status 1", t.exit_status == 1)
    met = Targets()
    met.ratio("r", 100, 100, "ms", 1.15, "b")
    case("only met targets make it 0", met.exit_status == 0)
    met.error("part", "could not start")
    case("a part that could not run makes it 1", met.exit_status == 1)

    print("bench self-test: the docs hold the bench's figures, not their own")
    docs = os.path.join(os.path.dirname(HERE), "docs")
    performance = open(os.path.join(docs, "PERFORMANCE.md")).read()
    benchmarks = open(os.path.join(docs, "BENCHMARKS.md")).read()
    others = [(os.path.basename(path), open(path).read()) for path in sorted(glob.glob(os.path.join(docs, "*.md")))
              if os.path.basename(path) not in ("PERFORMANCE.md", "BENCHMARKS.md")]
    problems = doc_problems(performance, benchmarks, others)
    case("PERFORMANCE.md holds no figure, and every BENCHMARKS.md section linked to exists", not problems,
         "\n".join(problems))
    planted = doc_problems(performance.replace("## Start-up, measured", "## Start-up, measured\n\nA start takes 61.3 ms.", 1),
                           benchmarks)
    case("  a figure planted in PERFORMANCE.md is found", any("61.3 ms" in p for p in planted), "\n".join(planted))
    planted = doc_problems(performance + "\n[gone](BENCHMARKS.md#no-such-section)\n", benchmarks)
    case("  a link planted to a section BENCHMARKS.md lacks is found", any("no-such-section" in p for p in planted),
         "\n".join(planted))

    print("bench self-test: the start-up part on fixtures (bench.py --only startup)")
    with tempfile.TemporaryDirectory(prefix="bench-selftest-") as folder:
        # Times far apart, so that a busy machine's noise cannot turn a verdict: the met case is
        # quicker than the C window, the planted one half as slow again.
        reference = program(folder, "c-window", "window", FIXTURE_DELAY_MS=400, FIXTURE_MB=40)
        same = program(folder, "triad-quicker", "window", FIXTURE_DELAY_MS=300, FIXTURE_MB=40)
        status, output, report = run_startup(folder, same, reference)
        lines = verdict_lines(output)
        case("a Triad quicker than the C window and as small: exit 0", status == 0, output[-1500:])
        case("  every target row says PASS", lines and all(line.endswith("PASS") for line in lines), "\n".join(lines))
        case("  the report holds the targets table and the figures",
             "## Targets" in report and "start → first frame, adder page" in report and "## Start-up: the adder page" in report,
             report[:800])

        status, output, report = run_startup(folder, same, reference, pages="chart")
        case("a page other than the adder page: its targets against the C window on that page, and the adder page in C beside",
             status == 0 and "start → first frame, chart page" in report
             and "the chart page against the adder page, each in C" in report, output[-1500:])

        slower = program(folder, "triad-slower", "window", FIXTURE_DELAY_MS=600, FIXTURE_MB=40)
        status, output, report = run_startup(folder, slower, reference)
        missed = [line for line in verdict_lines(output) if line.endswith("FAIL")]
        case("a Triad planted slower than ×1.15 the C window: exit 1", status == 1, output[-1500:])
        case("  the time row fails, the RSS row passes",
             any(line.startswith("start → first frame") for line in missed)
             and not any(line.startswith("peak RSS") for line in missed), "\n".join(verdict_lines(output)))
        case("  the report says FAIL too", "FAIL" in report and "targets met, 1 missed" in report, report[:800])

        bigger = program(folder, "triad-bigger", "window", FIXTURE_DELAY_MS=300, FIXTURE_MB=90)
        status, output, _ = run_startup(folder, bigger, reference)
        missed = [line for line in verdict_lines(output) if line.endswith("FAIL")]
        case("a Triad planted bigger than ×1.20 the C window's memory: exit 1", status == 1, output[-1500:])
        case("  the RSS row fails", any(line.startswith("peak RSS") for line in missed), "\n".join(verdict_lines(output)))

        status, output, _ = run_startup(folder, os.path.join(folder, "no-such-triad"), reference)
        case("a Triad that cannot start: exit 1 with the part reported as not run",
             status == 1 and any(line.endswith("ERROR") for line in verdict_lines(output)), output[-1500:])
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[1] == "fixture":
        sys.exit(fixture(sys.argv[2]))
    sys.exit(main())
