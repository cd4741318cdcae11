"""`make bench`, look-alike: the C window is a fair baseline only if it is the same window. Triad
and the C window are started on each start-up page (startup.PAGES), left open, and the screen is
read once each has drawn; the pixels that differ are counted (ImageMagick's `compare`). Any
difference is a widget, a style or a size that one has and the other lacks.

Two empty screens, or two windows not yet drawn, would look alike too: each page is also set
against the C window on another page, which must differ, so that a blind comparison fails.
"""
import os
import subprocess
import tempfile
import time

from benchlib import ROOT, data_env
from startup import PAGES, TRIAD

REFERENCE_OPEN = os.environ.get("REFERENCE_OPEN_BIN") or os.path.join(ROOT, "build", "window-reference-open")
# At least this many pixels differ between two different pages: a title, a few widgets.
DIFFERENT_PAGES = 1000
WHY_SAME = ("the C window is the baseline of the start-up targets only if it shows what Triad shows: a pixel that "
            "differs is a widget, a style or a size that one of them has and the other lacks")
WHY_CONTROL = ("two blank screens, or two windows caught before they were drawn, would look alike: two different "
               "pages must not, or the comparison above saw nothing")


def settings(folder):
    """An environment in which no cursor blinks (a text cursor caught in another phase of its blink
    would be a difference between the same pages) and Triad's data is new."""
    config = os.path.join(folder, "config")
    os.makedirs(os.path.join(config, "gtk-3.0"), exist_ok=True)
    with open(os.path.join(config, "gtk-3.0", "settings.ini"), "w") as ini:
        ini.write("[Settings]\ngtk-cursor-blink=false\n")
    return dict(data_env(os.path.join(folder, "data")), XDG_CONFIG_HOME=config)


def screen(command, env, path):
    """Starts `command`, waits until its window is shown and has drawn, and saves the screen."""
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        subprocess.run(["xdotool", "search", "--sync", "--onlyvisible", "--pid", str(process.pid)], env=env,
                       check=True, capture_output=True, timeout=60)
        time.sleep(2)  # the first frame, and the idle work after it (the legend's fonts, a list's rows)
        subprocess.run(["import", "-window", "root", path], env=env, check=True, capture_output=True)
    finally:
        process.terminate()
        process.wait()


def differing_pixels(first, second):
    """How many pixels of two screenshots differ (`compare -metric AE` writes the count on stderr)."""
    result = subprocess.run(["compare", "-metric", "AE", first, second, "null:"], capture_output=True, text=True)
    return int(float(result.stderr.split()[0]))


def look_alike_benchmark(report, targets):
    section = "Start-up: the C windows look like Triad's"
    report.section(section)
    print = report.print
    print("Triad and the C window on each start-up page, left open, the screen read once each has drawn: the pixels "
          "that differ")
    print(f"{'page':<8} {'Triad against C, same page':>28} {'against C, another page':>25}")
    pages = list(PAGES)
    with tempfile.TemporaryDirectory(prefix="triad-look-alike-") as folder:
        shots = {}
        for page in pages:
            triad, reference = PAGES[page]
            shots[("triad", page)] = os.path.join(folder, f"triad-{page}.png")
            shots[("C", page)] = os.path.join(folder, f"c-{page}.png")
            env = settings(os.path.join(folder, page))
            screen([TRIAD, "--page", page], env, shots[("triad", page)])
            screen([REFERENCE_OPEN, *reference[1:]], env, shots[("C", page)])
        for index, page in enumerate(pages):
            other = pages[(index + 1) % len(pages)]
            same = differing_pixels(shots[("triad", page)], shots[("C", page)])
            control = differing_pixels(shots[("triad", page)], shots[("C", other)])
            print(f"{page:<8} {same:>28} {control:>19} ({other})")
            targets.at_most(f"{page} page: pixels that differ from the C window", same, "px", 0, section=section,
                            why=WHY_SAME)
            targets.at_least(f"{page} page against the C window's {other} page", control, "px", DIFFERENT_PAGES,
                             section=section, why=WHY_CONTROL)
