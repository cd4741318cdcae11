"""The Messages pane's travel on the chart page, measured inside Triad
(Sources/Triad/Diagnostics/TravelFigures.swift): with 10,000 recorded messages kept, the Time
slider set to rows across them, each timed to the end of the frame that shows the page there (the
table, the bars and the pie); the slider dragged end to end, each step timed the same way; and the
resident size while messages flow with the pane open, the log full at its usual size, per 10,000
messages, and what 10,000 rows kept cost."""
import os
import statistics
import tempfile

import benchlib
from benchlib import percentile
from startup import TRIAD

MESSAGES = int(os.environ.get("BENCH_TRAVEL_MESSAGES", "10000"))
WHY_JUMP = ("a jump through time answers as a click does: within 50 ms it is seen as the press's own effect, not as a "
            "wait (the issue's budget); the 90th percentile, so that one move delayed by another program on the "
            "machine does not decide it")
WHY_DRAG = ("a drag of the Time slider must keep up with the pointer: each step shown in the frame it came in, one "
            "frame at 60 Hz (16 ms), every step")
WHY_SOAK = ("the pane open for a long session: once the log is full, the messages that keep coming must not make the "
            "app grow (the issue's budget: 1 MiB per 10,000 messages)")


def travel_benchmark(report, targets, workdir):
    folder = tempfile.mkdtemp(prefix="travel-", dir=workdir)
    env = dict(benchlib.data_env(folder), TRIAD_TRAVEL_FIGURES=str(MESSAGES))
    lines = dict(benchlib.figure_lines([TRIAD, "--page", "chart", "--quit-after-first-frame"], env))
    if "travel-error" in lines or not all(name in lines for name in ("travel-soak", "travel-kept", "travel-jump", "travel-drag")):
        raise RuntimeError(f"the travel figures are missing: {lines}")
    jump = [int(v) / 1000 for v in lines["travel-jump"]["us"].split(",")]
    drag = [int(v) / 1000 for v in lines["travel-drag"]["us"].split(",")]
    soak, kept = lines["travel-soak"], lines["travel-kept"]
    flowed, warm, end = int(soak["flowed"]), int(soak["warm-kib"]), int(soak["end-kib"])
    growth = (end - warm) / 1024 * 10_000 / flowed
    kept_count, before, after = int(kept["messages"]), int(kept["before-kib"]), int(kept["after-kib"])
    section = "Travel"
    report.section(section)
    print = report.print
    print(f"The chart page with the Messages pane open: {kept_count:,} messages kept (changes of the votes, each a row of its")
    print(f"own); the Time slider set to {len(jump)} rows across them, each from the setting to the end of the frame that")
    print(f"shows the table, the bars and the pie there; then dragged end to end in {len(drag)} steps, one a frame; ms")
    print(f"{'figure':<34} {'median':>8} {'90th pct':>9} {'max':>8}")
    for label, values in (("a jump to a row → views drawn", jump), ("a step of the drag → views drawn", drag)):
        print(f"{label:<34} {statistics.median(values):>8.2f} {percentile(values, 0.9):>9.2f} {max(values):>8.2f}")
    print(f"Soak: the log full at its usual {soak['kept']} rows, then {flowed:,} messages more: resident size {warm:,} KiB, "
          f"then {end:,} KiB ({(end - warm):+,} KiB; {growth:+.2f} MiB per 10,000 messages)")
    print(f"{kept_count:,} rows kept (the log made to keep them for this part): resident size {before:,} KiB before they came, "
          f"{after:,} KiB after ({(after - before) / kept_count:.2f} KiB a row)")
    targets.at_most(f"travel: a jump among {kept_count:,} messages → views drawn (90th percentile)", percentile(jump, 0.9),
                    "ms", 50, section=section, why=WHY_JUMP)
    targets.at_most(f"travel: the Time slider dragged over {kept_count:,} messages, longest step", max(drag), "ms", 16,
                    statistics.median(drag), "the median step", section, WHY_DRAG)
    targets.at_most("travel soak: resident growth per 10,000 messages, pane open", growth, "MiB", 1, warm / 1024,
                    "resident size with the log full", section, WHY_SOAK)
