"""The chart page's budgets, measured inside Triad (Sources/Triad/Diagnostics/ChartFrameReport.swift):
a change of the poll reaching the table, the bars and the pie within one frame, against a frame
asked for with no change; and the pie's paint, against a plain disc of the same size."""
import os
import statistics
import tempfile

import benchlib
from benchlib import percentile
from startup import TRIAD

ROUNDS = int(os.environ.get("BENCH_CHART_ROUNDS", "60"))
WHY_CHANGE = ("one frame at 60 Hz (16.7 ms): a change made in any of the three views shows in all three in the "
              "frame that follows it, so the seed's one model is seen as one; the 90th percentile, so that one "
              "change delayed by another program on the machine does not decide it")
WHY_PIE = ("an eighth of a frame: the pie is one of three views redrawn in the frame, beside the table and the "
           "bars, and the wheel over a slice redraws it at every step")


def chart_benchmark(report, targets, workdir):
    folder = tempfile.mkdtemp(prefix="chart-", dir=workdir)
    env = dict(benchlib.data_env(folder), TRIAD_CHART_FIGURES=str(ROUNDS))
    lines = dict(benchlib.figure_lines([TRIAD, "--page", "chart", "--quit-after-first-frame"], env))
    if "chart-error" in lines or not all(name in lines for name in ("chart-change", "chart-still", "pie-paint", "disc-paint")):
        raise RuntimeError(f"the chart's figures are missing: {lines}")
    ms = {name: [int(value) / 1000 for value in figures["us"].split(",")] for name, figures in lines.items()}
    section = "Chart"
    report.section(section)
    print = report.print
    print(f"{ROUNDS} changes of one option's votes at 12 options, each from the model's call to the end of the frame")
    print("that shows it in the table, the bars and the pie; the baseline: as many frames asked for with no change.")
    print(f"Then {ROUNDS} paints of the pie alone on a 320-pixel image, and of a plain disc of its size; ms")
    print(f"{'figure':<34} {'median':>8} {'90th pct':>9} {'max':>8}")
    labels = {"chart-change": "a change → three views drawn", "chart-still": "a frame with no change",
              "pie-paint": "the pie's paint, 12 options", "disc-paint": "a plain disc's paint"}
    for name, label in labels.items():
        values = ms[name]
        print(f"{label:<34} {statistics.median(values):>8.2f} {percentile(values, 0.9):>9.2f} {max(values):>8.2f}")
    targets.at_most("chart: a change → table, bars and pie drawn (90th percentile)", percentile(ms["chart-change"], 0.9),
                    "ms", 16, percentile(ms["chart-still"], 0.9), "a frame with no change", section, WHY_CHANGE)
    targets.at_most("chart: the pie's paint at 12 options (median)", statistics.median(ms["pie-paint"]), "ms", 2,
                    statistics.median(ms["disc-paint"]), "a plain disc", section, WHY_PIE)
