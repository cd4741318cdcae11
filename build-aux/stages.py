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
compiles runs in the idle scheduling class (chrt --idle), so that the windows under test get the
processor as soon as they want it and AT-SPI's calls are answered in time. At most one
compile-heavy stage runs at a time while windows are under test, and at most UI_SLOTS (4) real-window
passes.

The exit status is 1 if any stage failed (or could not start because one it needs failed).
"""
import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LOGS = os.path.join(ROOT, "build", "stages")
MAKE = os.environ.get("MAKE", "make")

class Stage:
    def __init__(self, name, target, needs=(), kind="plain", after=()):
        self.name = name
        self.command = [MAKE, "--no-print-directory", "STAGED=1"] + target.split()
        self.needs = list(needs)  # stages that must have passed first
        self.after = list(after)  # stages that must have ended first, whatever their result
        # "compile": processor-bound, in the idle scheduling class; "background": likewise, but
        # outside the one-compile-at-a-time rule (the fuzzer, whose time is boxed and whose
        # per-input limit allows for a stalled machine); "ui": a real-window pass, which mostly
        # waits on windows; "processor": processor-bound and timing what it checks (the model
        # tests and adder tests inside flatpak-check and fresh-check), so niced only a little, and
        # started once the heaviest real-window passes are over; "plain": a
        # check or a test run at normal priority.
        self.kind = kind
        self.status = None        # None: not started; "running", "passed", "failed", "not run"
        self.seconds = 0.0
        self.cpu = 0.0
        self.counts = (0, 0, 0)


def plan(name):
    """The stages of `make check` and `make test`. A stage starts as soon as what it needs is done
    and its kind has room; where two could start, the one listed first does."""
    checks = [Stage(n, n, needs=["build"]) for n in
              ("check-ui", "check-sources", "check-translations", "check-data", "check-shortcuts", "check-lessons", "check-mistakes",
               "check-source-map", "check-compile")]
    # The checks' own fixtures: each check run on small trees with its defects planted (no build);
    # the bench's pass/fail logic on fixture programs likewise.
    check_checks = Stage("check-checks", "check-checks")
    check_bench = Stage("check-bench", "check-bench")
    # The house style (swift-format), which needs no build either.
    check_format = Stage("check-format", "check-format")
    build = Stage("build", "build", kind="compile")
    xctest = [Stage("xctest-build", "xctest-build", needs=["build"], kind="compile"),
              Stage("swift-test", "test-xctest", needs=["xctest-build"])]
    # The tutorials' complete projects are built (in a build folder of their own, .build-tutorials)
    # and their steps type-checked, by the compiler: in the idle class, as a compile.
    tutorials = Stage("check-tutorials", "check-tutorials", kind="compile")
    if name == "check":
        return [build,
                check_checks,
                check_bench,
                check_format,
                # The X11 pass, its loops cut short, in three parts side by side: its windows in
                # two shards and its loops, so that it ends within the plan's few minutes.
                Stage("test-ui-1", "test-ui BRIEF=1 UI_PART=windows1of2", needs=["build"], kind="ui"),
                Stage("test-ui-2", "test-ui BRIEF=1 UI_PART=windows2of2", needs=["build"], kind="ui"),
                Stage("test-ui-loops", "test-ui BRIEF=1 UI_PART=loops", needs=["build"], kind="ui"),
                *xctest,
                *checks,
                # Reads what the X11 pass and XCTest wrote in build/results/, so it waits for them
                # to end (whatever their result: a failed test is a row it reports); this plan
                # runs no fault sweep, so those rows are left to `make test`.
                Stage("check-bad-input", "check-bad-input BAD_INPUT_SKIP=test-faults", needs=["build"],
                      after=["test-ui-1", "test-ui-2", "test-ui-loops", "swift-test"]),
                # What the X11 pass skipped or left unchecked is listed with its reason.
                Stage("check-skips", "check-skips SKIPS_PASSES=test-ui", after=["test-ui-1", "test-ui-2", "test-ui-loops"]),
                tutorials]
    if name == "test":
        passes = ["test-ui", "test-ui-loops", "test-ui-wayland", "test-asan-1", "test-asan-2", "test-asan-loops", "test-tsan",
                  "test-faults"]
        # The passes that take the most processor: the sanitizer's two shards of windows.
        heaviest = ["test-asan-1", "test-asan-2"]
        return [build,
                # The real-window passes in the order they take a slot, the longest first. The
                # address sanitizer slows the app several times, so its pass runs as three stages:
                # its windows in two shards and its loops; the X11 pass runs its long loops (the
                # lifetime's open/close rounds and the soak in full) apart from its other tests,
                # and after them: its windows are the longer part, and when they waited for the
                # loops' slot they were the last pass to end.
                # Each part writes its own results file (check_report.py reads a pass's parts as one).
                Stage("test-asan-1", "test-asan UI_PART=windows1of2", needs=["asan-build"], kind="ui"),
                Stage("test-asan-2", "test-asan UI_PART=windows2of2", needs=["asan-build"], kind="ui"),
                Stage("test-ui", "test-ui UI_PART=windows", needs=["build"], kind="ui"),
                Stage("test-ui-wayland", "test-ui-wayland", needs=["build"], kind="ui"),
                Stage("test-ui-loops", "test-ui UI_PART=loops", needs=["build"], kind="ui"),
                Stage("test-tsan", "test-tsan", needs=["tsan-build"], kind="ui"),
                Stage("test-faults", "test-faults", needs=["build"], kind="ui"),
                # Copy as Test end to end: a real window, then the copied tests compiled (in the
                # idle class, from inside the stage) and run against a copy of the model.
                Stage("test-copytest", "test-copytest", needs=["build"], kind="ui"),
                Stage("test-asan-loops", "test-asan UI_PART=loops", needs=["asan-build"], kind="ui"),
                check_checks,
                check_bench,
                check_format,
                *checks,
                # Reads what the X11 pass, XCTest and the fault sweep wrote in build/results/.
                Stage("check-bad-input", "check-bad-input", needs=["build"],
                      after=["test-ui", "test-ui-loops", "swift-test", "test-faults"]),
                # What each real-window pass skipped or left unchecked is listed with its reason.
                Stage("check-skips", "check-skips", after=passes),
                Stage("test-install", "test-install", needs=["build"]),
                # The builds in the order the passes need them, on the processor the passes leave;
                # after the release build, whose symbol graphs make the source map they compile in.
                Stage("asan-build", "asan-build", needs=["build"], kind="compile"),
                Stage("tsan-build", "tsan-build", needs=["build"], kind="compile"),
                # The fuzzer beside the passes, as CIFuzz runs it beside a project's other checks:
                # time-boxed per target, so it takes the same wall time whatever it is given, and
                # in the idle class, so the windows under test are not slowed by it. Once the
                # sanitizer builds the passes wait for are made.
                Stage("fuzz", "fuzz", kind="background", after=["tsan-build"]),
                *xctest,
                tutorials,
                # The tutorials' programs, which check-tutorials built, in real windows.
                Stage("test-tutorials", "test-tutorials", needs=["check-tutorials"], kind="ui"),
                # The documentation: a build of its own (.build-docs) and DocC, after the builds
                # the passes wait for; then the site rendered in headless Chromium.
                Stage("docs", "docs", needs=["build"], kind="compile"),
                Stage("check-docs-render", "check-docs-render", needs=["docs"]),
                # Side by side once the sanitizer's windows are over, while the other passes end:
                # niced, so that the windows still under test keep the processor first (each
                # builds first and runs its window tests last, by when the passes are over).
                # Started later, after every long pass, they were the last to end, alone for
                # minutes on a processor the passes no longer used.
                Stage("flatpak-check", "flatpak-check", kind="processor", after=heaviest),
                Stage("fresh-check", "fresh-check", kind="processor", after=heaviest)]
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


FAILURE = re.compile(r"^FAIL |error:|Error |\bfailed\b(?! at)|ERROR|Traceback|timed out|exited early")


def explain(path, failures=40, lines=40):
    """What CI's output shows of a failing stage: the log's lines that name a failure (a long log's
    failure may be far from its end), then the log's last lines."""
    try:
        text = open(path, encoding="utf-8", errors="replace").read().splitlines()
    except FileNotFoundError:
        return "(no log)"
    named = [line for line in text[:-lines] if FAILURE.search(line) and not NUMBERS.match(line.strip())]
    shown = []
    if named:
        shown.append(f"(lines naming a failure, {len(named)} in all)")
        shown += named[:failures]
        shown.append("(the log's last lines)")
    return "\n".join(shown + text[-lines:])


def run(plan_name):
    stages = plan(plan_name)
    by_name = {s.name: s for s in stages}
    # The runners' results of this run only: a pass that fails to start must leave no file of an
    # earlier run for check-bad-input to read as this one's.
    shutil.rmtree(os.path.join(ROOT, "build", "results"), ignore_errors=True)
    ui_slots = int(os.environ.get("UI_SLOTS", "4"))
    os.makedirs(LOGS, exist_ok=True)
    lock = threading.Lock()
    done = threading.Condition(lock)
    started_all = time.monotonic()
    children = []

    def stop(signum, frame):
        """Interrupted: end every stage still running (each is a process group of its own)."""
        for process in children:
            if process.poll() is None:
                try:
                    os.killpg(process.pid, signal.SIGTERM)
                except ProcessLookupError:
                    pass
        print(f"make {plan_name}: interrupted", flush=True)
        os._exit(130)
    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGTERM, stop)

    def worker(stage):
        log_path = os.path.join(LOGS, stage.name + ".log")
        command = stage.command
        if stage.kind == "processor":
            command = ["nice", "-n", "10"] + command
        if stage.kind in ("compile", "background"):
            # SCHED_IDLE rather than nice: SwiftPM starts its compilers at normal priority again,
            # whatever the nice value it was given, but keeps their scheduling class.
            command = ["chrt", "--idle", "0"] + command
        began = time.monotonic()
        with open(log_path, "w") as log:
            log.write("$ " + " ".join(stage.command) + "\n")
            log.flush()
            process = subprocess.Popen(command, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                       start_new_session=True)
            with lock:
                children.append(process)
            # wait4 gives the processor time the stage used (its own and its waited-for children's).
            _, wait_status, usage = os.wait4(process.pid, 0)
            status = os.waitstatus_to_exitcode(wait_status)
            process.returncode = status
        with lock:
            stage.seconds = time.monotonic() - began
            stage.cpu = usage.ru_utime + usage.ru_stime
            stage.counts = counts(log_path)
            # A stage that exits 0 but whose runner counted a failure has failed all the same.
            stage.status = "passed" if status == 0 and stage.counts[1] == 0 else "failed"
            passed, failed, skipped = stage.counts
            print(f"== {stage.name}: {stage.status} in {stage.seconds:.0f} s, processor {stage.cpu:.0f} s "
                  f"({passed} passed, {failed} failed, {skipped} skipped) "
                  f"[{time.monotonic() - started_all:.0f} s since the start]", flush=True)
            if stage.status == "failed":
                print(f"-- the end of {os.path.relpath(log_path, ROOT)} (exit status {status}):", flush=True)
                print(explain(log_path), flush=True)
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
                if any(by_name[n].status in (None, "running") for n in stage.after):
                    continue
                running = [s for s in stages if s.status == "running"]
                windows = any(s.kind == "ui" and s.status in (None, "running") for s in stages)
                # One compile at a time while real-window passes run or wait (two would take both
                # processors from their bursts, low priority or not); two once they are over.
                if stage.kind == "compile" and sum(s.kind == "compile" for s in running) >= (1 if windows else 2):
                    continue
                if stage.kind == "ui":
                    # A slot is kept for each pass listed earlier that can still start.
                    earlier = [s for s in stages[:stages.index(stage)] if s.kind == "ui" and s.status is None]
                    if sum(s.kind == "ui" for s in running) + len(earlier) >= ui_slots:
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
    print(f"{'stage':<20} {'result':<8} {'seconds':>8} {'cpu s':>7} {'passed':>7} {'failed':>7} {'skipped':>8}")
    sums = [0, 0, 0]
    for stage in stages:
        passed, failed, skipped = stage.counts
        sums = [sums[0] + passed, sums[1] + failed, sums[2] + skipped]
        print(f"{stage.name:<20} {stage.status:<8} {stage.seconds:>8.0f} {stage.cpu:>7.0f} {passed:>7} {failed:>7} {skipped:>8}")
    cpu = sum(s.cpu for s in stages)
    print(f"{'total (wall)':<20} {'':<8} {total:>8.0f} {cpu:>7.0f} {sums[0]:>7} {sums[1]:>7} {sums[2]:>8}")
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
