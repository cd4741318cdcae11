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
