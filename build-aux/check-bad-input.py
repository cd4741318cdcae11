"""`make check-bad-input`: every test docs/BAD-INPUT.md names ran in this run of the tests and
passed. Prints `N passed, N failed`.

    check-bad-input.py [--root DIR] [--skip RUNNER]…

A test that is defined but left out of its runner's list never runs, so the names are not looked
up in the sources: they are looked up in what the runners wrote as they ran (`make check` and
`make test` start build/results/ empty and run this check after the passes it reads):

- XCTest (`Class.method`): build/results/xctest.log, the output of `make test-xctest`, whose
  `Test Case 'Class.method' passed` lines XCTest prints for each test;
- the real-window tests (`module.function`): build/results/test-ui.jsonl, written by the X11
  pass (Tests/UI/harness.py, `run_tests`), one JSON object a test;
- the fault sweep (`faults.SavePath`): build/results/test-faults.jsonl (Tests/Faults/run.py).

A row whose test did not run, failed or was skipped fails, and so does every row of a runner whose
file is missing, with the make target that writes it. `--skip RUNNER` (xctest, test-ui,
test-faults) leaves a runner's rows unchecked and says so: `make check` runs no fault sweep."""
import os
import re
import sys

from check_report import finish, pass_result_files, read_result_lines, root

ROOT = root()
skipped_runners = set()
while "--skip" in sys.argv:
    at = sys.argv.index("--skip")
    skipped_runners.update(sys.argv[at + 1].replace(",", " ").split())
    del sys.argv[at:at + 2]
RESULTS = os.path.join(ROOT, "build", "results")
RUNNERS = {  # runner: (its file, the make target that writes it)
    "xctest": (os.path.join(RESULTS, "xctest.log"), "make test-xctest"),
    "test-ui": (os.path.join(RESULTS, "test-ui.jsonl"), "make test-ui"),
    "test-faults": (os.path.join(RESULTS, "test-faults.jsonl"), "make test-faults"),
}
unknown = skipped_runners - set(RUNNERS)
if unknown:
    raise SystemExit(f"check-bad-input: no runner {', '.join(sorted(unknown))} (the runners: {', '.join(RUNNERS)})")


def runner_of(name):
    owner = name.split(".")[0]
    if owner == "faults":
        return "test-faults"
    if owner.startswith("test_"):
        return "test-ui"
    return "xctest"


def read_xctest(path):
    """Class.method → passed, failed or skipped, from XCTest's output (the last word on a test
    wins: a test run twice must pass the second time too)."""
    outcomes = {}
    for match in re.finditer(r"^Test Case '(?:[\w.]+\.)?(\w+)\.(\w+)' (passed|failed|skipped) \(",
                             open(path, encoding="utf-8", errors="replace").read(), re.M):
        key = f"{match.group(1)}.{match.group(2)}"
        if outcomes.get(key) != "failed":
            outcomes[key] = match.group(3)
    return outcomes


def read_jsonl(paths):
    """module.function → passed, failed or skipped, from a runner's JSON lines (Tests/UI/harness.py),
    in one file or in a pass's parts."""
    outcomes = {}
    for record in read_result_lines(paths)[1]:
        if outcomes.get(record["test"]) != "failed":
            outcomes[record["test"]] = record.get("result", "")
    return outcomes


doc = os.path.join(ROOT, "docs", "BAD-INPUT.md")
rows = re.findall(r"^\| (\d+) \|.*\| `([\w.]+)` \|$", open(doc, encoding="utf-8").read(), re.M)
problems = []
outcomes = {}
for runner, (path, target) in RUNNERS.items():
    named = [row for row in rows if runner_of(row[1]) == runner]
    if not named:
        continue
    if runner in skipped_runners:
        print(f"check-bad-input: {len(named)} rows of {runner} not checked in this run (--skip {runner})")
        continue
    if runner == "xctest":
        files, problem = ([path], None) if os.path.exists(path) else ([], None)
    else:
        files, problem = pass_result_files(RESULTS, runner)
    if problem or not files:
        problems.append(problem or f"the {runner} results file {os.path.relpath(path, ROOT)} is missing (run {target}): "
                        f"{len(named)} rows of docs/BAD-INPUT.md cannot be shown to have run")
        continue
    outcomes[runner] = read_xctest(path) if runner == "xctest" else read_jsonl(files)
    if not outcomes[runner]:
        problems.append(f"the {runner} results file {os.path.relpath(path, ROOT)} records no test (run {target})")

checked = 0
for number, name in rows:
    runner = runner_of(name)
    if runner not in outcomes or not outcomes[runner]:
        continue
    checked += 1
    result = outcomes[runner].get(name)
    if result is None:
        problems.append(f"docs/BAD-INPUT.md row {number}: {name} did not run in the {runner} pass "
                        f"(not defined, or left out of its runner's list)")
    elif result != "passed":
        problems.append(f"docs/BAD-INPUT.md row {number}: {name} {result} in the {runner} pass")

finish("check-bad-input", f"{len(rows)} rows of docs/BAD-INPUT.md, {checked} checked against "
       f"{', '.join(sorted(outcomes)) or 'no'} results", problems, checked=len(rows) - sum(
           1 for _, name in rows if runner_of(name) in skipped_runners))
