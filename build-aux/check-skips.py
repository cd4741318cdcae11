"""`make check-skips`: every real-window pass tested what it says. Prints `N passed, N failed`.

    check-skips.py [--root DIR] PASS…

PASS is a runner's results file in build/results/ (test-ui, test-ui-wayland, test-asan, test-tsan,
test-faults: Tests/UI/harness.py's `run_tests` writes them, one JSON object a line). Each of these
fails unless Tests/UI/allowed-skips.txt lists it, with its reason:

- a test that was skipped in a pass (x11_only, wayland_only, or left out by the pass's
  TRIAD_UI_SKIP, which is recorded as a skip: the ASan pass leaves the soak to the plain one);
- a check a test left out of a pass (`not_in_this_pass(what, reason)`, a line of its own);
- a pass narrowed to some tests (TRIAD_UI_ONLY: the TSan pass runs the tests whose work crosses
  threads): the tests outside its scope leave no line, so the pass as a whole is listed.

A listed skip that did not happen (the test ran, or no such test ran in a full pass) fails too:
the list says only what is true. And no real-window test (Tests/UI/test_*.py) may branch on the
pass (WAYLAND, GDK_BACKEND): what differs between X11 and Wayland lives in harness.py, and a check
that a pass cannot make is said with not_in_this_pass, where this audit sees it.

The list's lines: `PASS KIND TEST REASON…`, KIND one of skipped, unchecked, narrowed; TEST a
module.function name or a pattern (`test_soak.*`; `*` for a narrowed pass); `#` starts a comment."""
import fnmatch
import glob
import io
import os
import sys
import tokenize

from check_report import finish, pass_result_files, read_result_lines, root

ROOT = root()
PASSES = ("test-ui", "test-ui-wayland", "test-asan", "test-tsan", "test-faults")
KINDS = ("skipped", "unchecked", "narrowed")
LIST = os.path.join("Tests", "UI", "allowed-skips.txt")
asked = sys.argv[1:] or list(PASSES)
unknown = [p for p in asked if p not in PASSES]
if unknown:
    raise SystemExit(f"check-skips: no pass {', '.join(unknown)} (the passes: {', '.join(PASSES)})")
problems = []

# The list.
allowed = []  # (pass, kind, pattern, reason, line number)
for number, line in enumerate(open(os.path.join(ROOT, LIST), encoding="utf-8"), 1):
    line = line.split("#", 1)[0].strip()
    if not line:
        continue
    fields = line.split(None, 3)
    if len(fields) < 4 or len(fields[3].split()) < 3:
        problems.append(f"{LIST}:{number}: a line is PASS KIND TEST and a reason of a few words: {line!r}")
        continue
    pass_name, kind, pattern, reason = fields
    if pass_name not in PASSES or kind not in KINDS:
        problems.append(f"{LIST}:{number}: {pass_name!r} is not a pass ({', '.join(PASSES)}) or {kind!r} not a kind "
                        f"({', '.join(KINDS)})")
        continue
    allowed.append((pass_name, kind, pattern, reason, number))


def listed(pass_name, kind, test):
    return [entry for entry in allowed if entry[:2] == (pass_name, kind) and fnmatch.fnmatchcase(test, entry[2])]


used = set()
read = 0
for pass_name in asked:
    files, problem = pass_result_files(os.path.join(ROOT, "build", "results"), pass_name)
    if problem:
        problems.append(problem)
        continue
    if not files:
        path = os.path.join("build", "results", pass_name + ".jsonl")
        problems.append(f"{pass_name}: its results file {path} is missing (run make {pass_name})")
        continue
    headers, records = read_result_lines(files)
    read += 1
    only = next((h["only"] for h in headers if h.get("only")), "")
    narrowed = bool(only)
    if narrowed:
        entries = listed(pass_name, "narrowed", "*")
        used.update(e[4] for e in entries)
        if not entries:
            problems.append(f"{pass_name}: the pass ran only the tests matching TRIAD_UI_ONLY={only!r}, "
                            f"and {LIST} does not say why it is narrowed")
    ran = {}
    for record in records:
        test = record["test"]
        if "unchecked" in record:
            entries = listed(pass_name, "unchecked", test)
            used.update(e[4] for e in entries)
            if not entries:
                problems.append(f"{pass_name}: {test} left a check out: {record['unchecked']} ({record.get('reason', '')}), "
                                f"and {LIST} does not list it")
            continue
        ran[test] = record.get("result")
        if record.get("result") == "skipped":
            entries = listed(pass_name, "skipped", test)
            used.update(e[4] for e in entries)
            if not entries:
                problems.append(f"{pass_name}: {test} was skipped ({record.get('reason', '')}), and {LIST} does not list it")
    # A listed skip that did not happen in this pass.
    for entry_pass, kind, pattern, reason, number in allowed:
        if entry_pass != pass_name or number in used:
            continue
        if kind == "skipped":
            matching = sorted(t for t in ran if fnmatch.fnmatchcase(t, pattern))
            if matching:
                problems.append(f"{LIST}:{number}: {pattern} is listed as skipped in {pass_name}, but it ran there "
                                f"({', '.join(f'{t} {ran[t]}' for t in matching[:3])}): take it off the list")
            elif not narrowed:
                problems.append(f"{LIST}:{number}: {pattern} is listed as skipped in {pass_name}, but no such test ran there")
        elif kind == "narrowed":
            problems.append(f"{LIST}:{number}: {pass_name} is listed as narrowed, but it ran every test: take it off the list")
        # An unchecked entry whose test checked everything this time is not an error: what a test
        # leaves out can depend on the machine (it is said at run time).

# No test branches on the pass.
for path in sorted(glob.glob(os.path.join(ROOT, "Tests", "UI", "test_*.py"))):
    source = open(path, encoding="utf-8").read()
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if (token.type == tokenize.NAME and token.string == "WAYLAND") or (
                token.type == tokenize.STRING and "GDK_BACKEND" in token.string):
            problems.append(f"{os.path.relpath(path, ROOT)}:{token.start[0]}: a test branches on the pass ({token.string}): "
                            f"what differs between X11 and Wayland belongs in harness.py, and a check a pass cannot make "
                            f"is said with not_in_this_pass(what, reason)")

finish("check-skips", f"{read} of {len(asked)} passes' results read, {len(allowed)} lines in {LIST}", problems,
       checked=max(1, read))
