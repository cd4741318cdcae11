"""The end every `make check-*` script shares: its problems, one summary line, the runner's
`N passed, N failed` count line, and the exit status."""
import sys


def finish(tag, summary, problems, checked=1):
    """Prints each problem as `tag: problem`, then `tag: summary; K problems` and the counts of
    `checked` items (one failed per problem), and exits 1 if there was any problem."""
    for problem in problems:
        print(f"{tag}: {problem}")
    print(f"{tag}: {summary}; {len(problems)} problems")
    failed = min(len(problems), checked)
    print(f"{checked - failed} passed, {failed} failed")
    sys.exit(1 if problems else 0)
