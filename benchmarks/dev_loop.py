"""The learner's loop (`make dev`), timed: a one-line edit in a lesson's controller to its window
on screen, with SwiftPM's incremental debug build and a start of the debug binary to the first
frame that shows its page (`--quit-after-first-frame`); beside it, the same edit through `make
build` (the release build, its source map and its second link) and a start of that binary.

The edit is a comment line appended to Sources/Triad/Adder/MVC/AdderViewController.swift, a new
one each round so that every build has something to compile; the file is put back as it was at
the end, and both builds are brought back to the tree as it is, whatever happens.
"""
import os
import subprocess
import time

from statistics import median

from benchlib import ROOT

EDITED = os.path.join(ROOT, "Sources", "Triad", "Adder", "MVC", "AdderViewController.swift")
ROUNDS = 3


def swift():
    return os.environ.get("SWIFT", "swift")


def timed(command, env=None):
    started = time.monotonic()
    result = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"{' '.join(command[:3])} failed: {(result.stdout + result.stderr)[-400:]}")
    return time.monotonic() - started


def first_frame(binary, workdir):
    """Seconds from starting `binary` to its first frame with the page's content drawn."""
    data = os.path.join(workdir, "dev-loop-data")
    env = dict(os.environ, TRIAD_DATA_DIR=data, XDG_CONFIG_HOME=os.path.join(data, "config"), GSETTINGS_BACKEND="keyfile")
    return timed([binary, "--page", "adder", "--quit-after-first-frame"], env)


def dev_loop_benchmark(report, targets, workdir):
    original = open(EDITED, encoding="utf-8").read()
    debug_bin = os.path.join(subprocess.run([swift(), "build", "--show-bin-path"], cwd=ROOT, capture_output=True,
                                            text=True).stdout.strip(), "triad")
    release_bin = os.path.join(ROOT, ".build", "release", "triad")
    make_env = dict(os.environ, STAGED="1")
    debug, release = [], []
    try:
        timed([swift(), "build", "--product", "triad"])  # the debug build as it stands, before the edits
        first_frame(debug_bin, workdir)  # the display's first GTK start, which no round should pay
        for round_number in range(ROUNDS):
            with open(EDITED, "w", encoding="utf-8") as file:
                file.write(original + f"// make bench's edit {round_number}\n")
            build = timed([swift(), "build", "--product", "triad"])
            debug.append((build, first_frame(debug_bin, workdir)))
            if round_number == 0:  # minutes each: once is enough to set beside the loop
                build = timed(["make", "--no-print-directory", "build"], make_env)
                release.append((build, first_frame(release_bin, workdir)))
    finally:
        with open(EDITED, "w", encoding="utf-8") as file:
            file.write(original)
        subprocess.run([swift(), "build", "--product", "triad"], cwd=ROOT, capture_output=True)
        subprocess.run(["make", "--no-print-directory", "build"], cwd=ROOT, env=make_env, capture_output=True)
    section = "The learner's loop"
    report.section(section)
    report.print(f"a one-line edit in AdderViewController.swift to its window on screen (median of {ROUNDS} rounds)")

    def line(name, rounds):
        builds, starts = [b for b, _ in rounds], [s for _, s in rounds]
        total = median([b + s for b, s in rounds])
        report.print(f"{name}: build {median(builds):.1f} s (min–max {min(builds):.1f}–{max(builds):.1f}), "
                     f"start to first frame {median(starts):.2f} s, edit to screen {total:.1f} s")
        return total

    dev = line("make dev (swift build, debug)", debug)
    made = line("make build (release, once)", release)
    targets.at_most("edit to screen, make dev", dev, "s", 10, made, "the same through make build", section,
                    "a learner sees a change while still thinking about it: the issue's budget for the loop")


def seam_benchmark(report, targets, triad, workdir):
    """The Messages pane's stand-ins while it is closed (Sources/Triad/Diagnostics/SeamFigures.swift):
    a sum through the adder's model and the view's question to its delegate, through the stand-in
    the seam gives each lesson object and straight to the lesson's object."""
    data = os.path.join(workdir, "seam-data")
    env = dict(os.environ, TRIAD_SEAM_FIGURES="200000", TRIAD_DATA_DIR=data, GSETTINGS_BACKEND="keyfile",
               XDG_CONFIG_HOME=os.path.join(data, "config"))
    from benchlib import figure_lines
    figures = dict(figure_lines([triad, "--page", "adder"], env))
    section = "The Messages pane's seam, closed"
    report.section(section)
    report.print("each lesson object's parts are given through a stand-in when its page is made; while the pane is closed a")
    report.print("message costs the stand-in's call and one check (nanoseconds per message, 200,000 each, median of 5 rounds)")
    for name, what in (("seam-model", "a model call (set, total)"), ("seam-delegate", "the view's question to its delegate")):
        rounds = [tuple(int(v) for v in pair.split(",")) for pair in figures[name]["ns"].split(";")]
        woven, plain = median([w for w, _ in rounds]), median([p for _, p in rounds])
        report.print(f"{what}: {woven} ns through the stand-in, {plain} ns straight")
        targets.at_most(f"seam closed: {what}", woven, "ns", plain + 1000, plain, "straight to the lesson's object", section,
                        "at most a microsecond more a message: a person's press or keystroke sends a handful, and a "
                        "table's row questions pass no stand-in")
