"""Runs `make check` or `make test` as stages: some side by side, each with its own log, its wall
time printed as it ends, and a table at the end.

    /usr/bin/python3 build-aux/stages.py check|test

Each stage is a make target (run with STAGED=1: deps and the build are stages of their own here,
done once, so a target does not redo them) or a command. Its output goes to build/stages/NAME.log;
when it fails, the log's tail is printed, so that CI's output says why. The counts come from the
lines the runners print: `N passed, N failed[, N skipped]` (the real-window runner, the checks,
fault injection, fuzzing, the install test) and XCTest's `Executed N tests, with …`.

Why side by side: the real-window passes mostly wait on windows, not on the processor, so several
run at once, each on its own X display (xvfb-run -a), D-Bus session and runtime folder. What
compiles runs at the lowest priority (nice 19, idle I/O class), so that the windows under test get
the processor as soon as they want it and AT-SPI's calls are answered in time. At most one
compile-heavy stage runs at a time (two would each take a core from the windows' bursts), and
at most UI_SLOTS real-window passes.

The exit status is 1 if any stage failed (or could not start because one it needs failed).
"""
import os
import re
import subprocess
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LOGS = os.path.join(ROOT, "build", "stages")
MAKE = os.environ.get("MAKE", "make")

class Stage:
    def __init__(self, name, target, needs=(), kind="quick"):
        self.name = name
        self.command = [MAKE, "--no-print-directory", "STAGED=1"] + target.split()
        self.needs = list(needs)
        self.kind = kind          # "compile" (CPU-bound: at most one at a time), "ui" (waits on windows), "quick"
        self.status = None        # None: not started; "running", "passed", "failed", "not run"
        self.seconds = 0.0
        self.counts = (0, 0, 0)


def plan(name):
    """The stages of `make check` and `make test`, in the order they are started when they can be."""
    checks = [Stage(n, n, needs=["build"]) for n in
              ("check-ui", "check-sources", "check-translations", "check-bad-input", "check-data", "check-shortcuts",
               "check-lessons")]
    build = Stage("build", "build", kind="compile")
    if name == "check":
        return [build,
                Stage("test-ui", "test-ui BRIEF=1", needs=["build"], kind="ui"),
                Stage("swift-test", "test-xctest", needs=["build"], kind="compile"),
                *checks]
    if name == "test":
        return [build,
                # The sanitizer builds first, while only the plain passes (which wait on windows)
                # run beside them: their own passes can then start early, and the longest pass
                # (address sanitizer) ends in time.
                Stage("asan-build", "asan-build", kind="compile"),
                Stage("test-ui", "test-ui", needs=["build"], kind="ui"),
                Stage("test-ui-wayland", "test-ui-wayland", needs=["build"], kind="ui"),
                Stage("test-asan", "test-asan", needs=["asan-build"], kind="ui"),
                *checks,
                Stage("test-install", "test-install", needs=["build"]),
                Stage("swift-test", "test-xctest", needs=["build"], kind="compile"),
                Stage("tsan-build", "tsan-build", kind="compile"),
                Stage("test-tsan", "test-tsan", needs=["tsan-build"], kind="ui"),
                Stage("test-faults", "test-faults", needs=["build"], kind="ui"),
                Stage("fuzz", "fuzz", kind="compile"),
                Stage("flatpak-check", "flatpak-check", kind="compile"),
                Stage("fresh-check", "fresh-check", kind="compile")]
    raise SystemExit(f"stages.py: no plan {name!r} (check, test)")


NUMBERS = re.compile(r"^(?:[\w-]+: )?(\d+) passed, (\d+) failed(?:, (\d+) skipped)?$")
XCTEST = re.compile(r"Executed (\d+) tests?, with (?:(\d+) tests? skipped and )?(\d+) failures?")


def counts(log_path):
    """(passed, failed, skipped) from the runners' lines in a stage's log: every closing line
    summed, and for XCTest the largest `Executed` line (the whole run's)."""
    passed = failed = skipped = 0
    xctest = None
    try:
        lines = open(log_path, encoding="utf-8", errors="replace").read().splitlines()
    except FileNotFoundError:
        return (0, 0, 0)
    for line in lines:
        line = line.strip()
        match = NUMBERS.match(line)
        if match:
            passed += int(match.group(1))
            failed += int(match.group(2))
            skipped += int(match.group(3) or 0)
            continue
        match = XCTEST.search(line)
        if match:
            total, skip, fail = int(match.group(1)), int(match.group(2) or 0), int(match.group(3))
            if xctest is None or total > xctest[0]:
                xctest = (total, skip, fail)
    if xctest:
        total, skip, fail = xctest
        passed += total - skip - fail
        failed += fail
        skipped += skip
    return (passed, failed, skipped)


def tail(path, lines=60):
    try:
        return "\n".join(open(path, encoding="utf-8", errors="replace").read().splitlines()[-lines:])
    except FileNotFoundError:
        return "(no log)"


def run(plan_name):
    stages = plan(plan_name)
    by_name = {s.name: s for s in stages}
    ui_slots = int(os.environ.get("UI_SLOTS", "3"))
    os.makedirs(LOGS, exist_ok=True)
    lock = threading.Lock()
    done = threading.Condition(lock)
    started_all = time.monotonic()

    def worker(stage):
        log_path = os.path.join(LOGS, stage.name + ".log")
        command = stage.command
        if stage.kind == "compile":
            command = ["nice", "-n", "19", "ionice", "-c", "3"] + command
        began = time.monotonic()
        with open(log_path, "w") as log:
            log.write("$ " + " ".join(stage.command) + "\n")
            log.flush()
            status = subprocess.call(command, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                     env=os.environ)
        with lock:
            stage.seconds = time.monotonic() - began
            stage.counts = counts(log_path)
            # A stage that exits 0 but whose runner counted a failure has failed all the same.
            stage.status = "passed" if status == 0 and stage.counts[1] == 0 else "failed"
            passed, failed, skipped = stage.counts
            print(f"== {stage.name}: {stage.status} in {stage.seconds:.0f} s "
                  f"({passed} passed, {failed} failed, {skipped} skipped) "
                  f"[{time.monotonic() - started_all:.0f} s since the start]", flush=True)
            if stage.status == "failed":
                print(f"-- the end of {os.path.relpath(log_path, ROOT)} (exit status {status}):", flush=True)
                print(tail(log_path), flush=True)
                print(f"-- end of {stage.name}'s log", flush=True)
            done.notify_all()

    with lock:
        while True:
            for stage in stages:
                if stage.status is not None:
                    continue
                needs = [by_name[n] for n in stage.needs]
                if any(n.status in ("failed", "not run") for n in needs):
                    stage.status = "not run"
                    print(f"== {stage.name}: not run (it needs {', '.join(n.name for n in needs if n.status != 'passed')})",
                          flush=True)
                    continue
                if not all(n.status == "passed" for n in needs):
                    continue
                running = [s for s in stages if s.status == "running"]
                if stage.kind == "compile" and any(s.kind == "compile" for s in running):
                    continue
                if stage.kind == "ui" and sum(s.kind == "ui" for s in running) >= ui_slots:
                    continue
                stage.status = "running"
                print(f"== {stage.name}: started [{time.monotonic() - started_all:.0f} s since the start]", flush=True)
                threading.Thread(target=worker, args=(stage,), daemon=True).start()
            if all(s.status not in (None, "running") for s in stages):
                break
            done.wait()

    total = time.monotonic() - started_all
    print()
    print(f"make {plan_name}: stages")
    print(f"{'stage':<20} {'result':<8} {'seconds':>8} {'passed':>7} {'failed':>7} {'skipped':>8}")
    sums = [0, 0, 0]
    for stage in stages:
        passed, failed, skipped = stage.counts
        sums = [sums[0] + passed, sums[1] + failed, sums[2] + skipped]
        print(f"{stage.name:<20} {stage.status:<8} {stage.seconds:>8.0f} {passed:>7} {failed:>7} {skipped:>8}")
    print(f"{'total (wall)':<20} {'':<8} {total:>8.0f} {sums[0]:>7} {sums[1]:>7} {sums[2]:>8}")
    bad = [s.name for s in stages if s.status != "passed"]
    if bad:
        print(f"make {plan_name}: FAILED: {', '.join(bad)} (logs in build/stages/)")
    # The plain closing line: every runner's counts together, and a stage that failed without a
    # runner counting the failure (a build, a check that stopped early) or did not run as one more.
    uncounted = sum(1 for s in stages if s.status != "passed" and s.counts[1] == 0)
    print(f"{sums[0]} passed, {sums[1] + uncounted} failed" + (f", {sums[2]} skipped" if sums[2] else ""))
    return 1 if bad else 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    sys.exit(run(sys.argv[1]))
