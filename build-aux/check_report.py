"""What every `make check-*` script shares: the tree it checks (`--root DIR`, by default this
repository, so that Tests/Checks/run.py can run a check on a small tree with a defect planted in
it), and its end: its problems, one summary line, the runner's `N passed, N failed` count line, and
the exit status."""
import os
import sys

REPOSITORY = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def root():
    """The tree to check: the value of `--root DIR` (taken out of sys.argv, so the script reads its
    other arguments as before), or this repository."""
    if "--root" in sys.argv:
        at = sys.argv.index("--root")
        if at + 1 >= len(sys.argv):
            raise SystemExit("--root needs a folder")
        folder = sys.argv[at + 1]
        del sys.argv[at:at + 2]
        return os.path.abspath(folder)
    return REPOSITORY


def finish(tag, summary, problems, checked=1):
    """Prints each problem as `tag: problem`, then `tag: summary; K problems` and the counts of
    `checked` items (one failed per problem), and exits 1 if there was any problem."""
    for problem in problems:
        print(f"{tag}: {problem}")
    print(f"{tag}: {summary}; {len(problems)} problems")
    checked = max(checked, len(problems))
    failed = min(len(problems), checked)
    print(f"{checked - failed} passed, {failed} failed")
    sys.exit(1 if problems else 0)


# The parts a real-window pass can be run in (Tests/UI/harness.py's PARTS), the windows part
# perhaps in shards (windowsKofN).
PASS_PARTS = ("windows", "loops")


def pass_result_files(results, pass_name):
    """The results files that make up a real-window pass in the folder `results`: PASS.jsonl, or,
    when the pass ran in parts side by side, PASS+PART.jsonl for each part, whichever was written
    last. Returns (files, problem): a problem (a sentence) when a part's file is missing, since a
    pass run in parts is whole only with all of them: the loops, and the windows whole or every
    shard of them."""
    import glob
    import re
    whole = os.path.join(results, pass_name + ".jsonl")
    present = sorted(glob.glob(os.path.join(glob.escape(results), glob.escape(pass_name) + "+*.jsonl")))
    newest_part = max((os.path.getmtime(p) for p in present), default=None)
    if os.path.exists(whole) and (newest_part is None or os.path.getmtime(whole) >= newest_part):
        return [whole], None
    if not present:
        return [], None
    names = {os.path.basename(p)[len(pass_name) + 1:-len(".jsonl")] for p in present}
    missing = [part for part in PASS_PARTS if part != "windows" and part not in names]
    shards = [re.fullmatch(r"windows([1-9][0-9]*)of([1-9][0-9]*)", n) for n in names]
    counts = {int(m.group(2)) for m in shards if m}
    if "windows" not in names:
        if len(counts) != 1:
            missing.append("windows")
        else:
            n = counts.pop()
            missing += [f"windows{k}of{n}" for k in range(1, n + 1) if f"windows{k}of{n}" not in names]
    if missing:
        return present, (f"{pass_name} ran in parts, and the results of {', '.join(pass_name + '+' + m + '.jsonl' for m in missing)} "
                         f"are missing: the pass is not whole")
    return present, None


def read_result_lines(paths):
    """The JSON lines of a pass's results files: (headers, records), the header the first line of
    each file (the runner's, with its settings), the records each test's lines."""
    import json
    headers, records = [], []
    for path in paths:
        lines = [json.loads(line) for line in open(path, encoding="utf-8") if line.strip()]
        if lines and "runner" in lines[0]:
            headers.append(lines.pop(0))
        records += [r for r in lines if "test" in r]
    return headers, records
