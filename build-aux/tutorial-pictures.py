#!/usr/bin/python3
"""`make tutorial-pictures`: the tutorials' pictures, taken of what the learner has built at the
step that shows each one. For every picture a step of a tutorial shows, the learner's package as of
that step (build-aux/tutorial_steps.py) is written into build/tutorial-steps/<Tutorial>/picture,
built, started in a real window, used as SCENES says (through AT-SPI, as the real-window tests do),
and its window taken with ImageMagick's `import`. A picture that is on no step (a chapter's, an
article's) is Triad's own, from `make screenshots`.

The pictures go to build/tutorial-pictures/<Tutorial>/; build-aux/update-screenshots.sh then copies
into the catalog (docs/Triad.docc/Resources/<Tutorial>/) those that changed beyond rendering noise.

    tutorial-pictures.py [--only TUTORIAL,...] [--pictures NAME,...]

Runs inside Xvfb and a D-Bus session with /usr/bin/python3 (the Makefile's target provides them).
"""
import argparse
import os
import re
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "build-aux"))
sys.path.insert(0, os.path.join(ROOT, "Tests", "Tutorials"))
import tutorial_steps  # noqa: E402
from program import Program, wait_for  # noqa: E402

CATALOG = os.path.join(ROOT, "docs", "Triad.docc")
OUTPUT = os.path.join(ROOT, "build", "tutorial-pictures")


def adds(first, second, then=None):
    """Types two numbers and presses Add; waits for the sum `then`, if given."""
    def scene(program):
        program.set_text("First number", first)
        program.set_text("Second number", second)
        program.click("Add")
        if then is not None:
            program.wait_text("Sum result", then)
    return scene


def adds_then_abc(after):
    """100 + 200, then abc in the first field and Add again; waits for `after` to be shown by
    the label it names ((name, text))."""
    def scene(program):
        adds("100", "200", "300")(program)
        program.set_text("First number", "abc")
        program.click("Add")
        program.wait_text(*after)
        time.sleep(0.3)  # the label's redraw after the change AT-SPI reported
    return scene


def edits_note(text, restart=False):
    """Opens the Edit Note window and types `text` in it; waits for the Note window to show it.
    With `restart`, quits and starts the program again, which then shows the kept note."""
    def scene(program):
        program.click("Edit…")
        # Beside the Note window, as a window manager would place it (Xvfb has none: both would
        # open at the top left, one hiding the other).
        wait_for(lambda: program.shown_windows("Edit Note"), what="the Edit Note window")
        for window in program.shown_windows("Edit Note"):
            subprocess.run(["xdotool", "windowmove", "--sync", window, "520", "0"], capture_output=True)
        program.set_text("Note editor", text)
        program.wait_text("Note content", text)
        if restart:
            program.stop()
            program.start()
            program.wait_text("Note content", text)
    return scene


def columns_add(patterns, first, second, then):
    """In each column named in `patterns`, types two numbers and presses Add; waits for `then`
    ((label name, text)) in each."""
    def scene(program):
        for pattern in patterns:
            program.set_text_within(pattern, "First number", first)
            program.set_text_within(pattern, "Second number", second)
            program.click_within(pattern, "Add")
            wait_for(lambda: program.text_within(pattern, then[0]) == then[1], what=f"{then} in {pattern}")
        time.sleep(0.3)
    return scene


def fills_address(city, zip_code, then):
    """Fills the address form (the street with spaces around it) and presses Save; waits for
    `then` ((name, text))."""
    def scene(program):
        program.set_text("Street", "  1 Main Street ")
        program.set_text("City", city)
        program.set_text("State", "Kent")
        program.set_text("Postal code", zip_code)
        program.click("Save")
        program.wait_text(*then)
        time.sleep(0.3)
    return scene


def logs_in(name, password):
    """Types a name and a password in the login form and presses Log In."""
    def scene(program):
        program.set_text("User name", name)
        program.set_text("Password", password)
        program.click("Log In")
        program.wait_text("Login status", "Wrong user name or password")
        time.sleep(0.3)
    return scene


def registers(password, then):
    """Opens the registration dialog, beside the login window, and registers alice with
    `password`; waits for `then` ((name, text))."""
    def scene(program):
        program.click("Register…")
        wait_for(lambda: program.shown_windows("Register"), what="the Register dialog")
        for window in program.shown_windows("Register"):
            subprocess.run(["xdotool", "windowmove", "--sync", window, "420", "0"], capture_output=True)
        program.set_text("New user name", "alice")
        program.set_text("New password", password)
        program.click("Register")
        program.wait_text(*then)
        time.sleep(0.3)
    return scene


# A picture of `swift test`'s answer in a terminal, for the testing tutorials: each test case's
# result and the count, without the seconds each took (which would change every picture).
TESTS = "swift test"


def test_output_picture(folder, path):
    """Builds the package in `folder` with its tests, runs them, and draws what they print."""
    built, log = tutorial_steps.build(folder, tests=True)
    if not built:
        raise RuntimeError(f"the tests do not build:\n{log[-1500:]}")
    _, output = tutorial_steps.run_tests(folder)
    lines = [re.sub(r" (in \d+\.\d+ )?\(\d+\.\d+\)? ?seconds\)?| \(\d+\.\d+ seconds\)", "", line).strip()
             for line in output.splitlines()
             if re.match(r"Test Case '.*' (passed|failed)|\s*Executed \d+ tests?, with|.*: error: ", line)]
    # XCTest prints the count for the suite, the bundle and all tests: the last says it all.
    counts = [line for line in lines if line.startswith("Executed")]
    lines = [line for line in lines if not line.startswith("Executed")] + counts[-1:]
    subprocess.run(["convert", "-background", "#241f31", "-fill", "#f6f5f4", "-font", "DejaVu-Sans-Mono", "-pointsize", "13",
                    "-bordercolor", "#241f31", "-border", "14", "label:" + "\n".join(["$ swift test"] + lines).replace("%", "%%"),
                    path], check=True)


# What each picture shows, done to the program before it is taken: nothing (None), or a function
# of the running Program. Each picture is taken of the learner's package as of the first step that
# shows it, and of the window titled as the third item says (the program's first window if None).
SCENES = {
    # AdderInMVC
    "adder-01-window.png": (None, None),
    "adder-02-layout.png": (None, None),
    "adder-03-view.png": (adds("100", "200"), None),
    "adder-04-sum.png": (adds("100", "200", "300"), None),
    # The first controller's stale sum: after abc, the sum still says 300.
    "adder-04-stale.png": (adds_then_abc(("Sum result", "300")), None),
    "adder-05-error.png": (adds_then_abc(("Error", "Enter a whole number in the first field")), None),
    # SharedNote: two windows are taken side by side.
    "note-01-page.png": (None, None),
    "note-02-flipside.png": (edits_note("Hello from the flipside"), ["Note", "Edit Note"]),
    "note-03-notified.png": (edits_note("Hello from the flipside"), ["Note", "Edit Note"]),
    "note-04-kept.png": (edits_note("Kept for next time", restart=True), None),
    # AdderThreeWays
    "three-01-mvp.png": (columns_add(["MVP adder"], "abc", "200", ("Error", "Enter a whole number in the first field")), None),
    "three-02-mvvm.png": (columns_add(["MVC adder", "MVP adder", "MVVM adder"], "100", "200", ("Sum result", "300")), None),
    # UserListInMVP
    "users-01-table.png": (lambda program: program.wait_find("Mila Haward"), None),
    "users-02-presenter.png": (lambda program: program.wait_text("User count", "3 users"), None),
    # AddressForm
    "address-01-form.png": (None, None),
    "address-02-refused.png": (fills_address(city="", zip_code="12#", then=("Problems", "The city is required\nA postal code is 3 to 10 letters, digits, spaces or hyphens")), None),
    "address-03-saved.png": (fills_address(city="Canterbury", zip_code="CT1 2AB", then=("Save status", "Saved")), None),
    # LoginAndRegistration
    "login-01-view.png": (None, None),
    "login-02-refused.png": (logs_in("alice", "correct horse"), None),
    "login-03-dialog.png": (registers("iloveyou", ("Registration problem", "This password is too common; choose another")),
                            ["Log In", "Register"]),
    "login-04-registered.png": (registers("correct horse", ("Login status", "Account alice created. Enter its password to log in.")),
                                None),
    # TestingThePresenter
    "presenter-tests-01.png": (TESTS, None),
    "presenter-tests-02.png": (TESTS, None),
    # TestingTheAdder
    "adder-tests-01.png": (TESTS, None),
    "adder-tests-02.png": (TESTS, None),
    "adder-tests-03.png": (TESTS, None),
}


def pictures_of(tutorial, catalog_files):
    """{picture: the index of the first step that shows it} for the pictures steps show, but
    Triad's own (a link to docs/screenshots/, which `make screenshots` takes)."""
    found = {}
    for index, step in enumerate(tutorial.steps):
        for image in step.images:
            if not os.path.islink(catalog_files.get(image, "")):
                found.setdefault(image, index)
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--only", help="the tutorials, by name, comma-separated")
    parser.add_argument("--pictures", help="the pictures, by name, comma-separated")
    options = parser.parse_args()
    problems = []
    tutorials, catalog_files = tutorial_steps.catalog_tutorials(CATALOG, problems)
    taken = failed = 0
    for tutorial in tutorials:
        if options.only and tutorial.name not in options.only.split(","):
            continue
        folder = os.path.join(tutorial_steps.STATES, tutorial.name, "picture")
        output = os.path.join(OUTPUT, tutorial.name)
        os.makedirs(output, exist_ok=True)
        for picture, index in sorted(pictures_of(tutorial, catalog_files).items(), key=lambda item: item[1]):
            if options.pictures and picture not in options.pictures.split(","):
                continue
            if picture not in SCENES:
                print(f"FAIL {tutorial.name} {picture}: no scene for it in SCENES")
                failed += 1
                continue
            scene, title = SCENES[picture]
            tutorial_steps.write_state(tutorial_steps.state(tutorial, index), folder)
            if scene == TESTS:
                try:
                    test_output_picture(folder, os.path.join(output, picture))
                    taken += 1
                    print(f"took {tutorial.name} {picture} (as of {tutorial.steps[index].where()})", flush=True)
                except Exception as error:
                    failed += 1
                    print(f"FAIL {tutorial.name} {picture}: {error}", flush=True)
                continue
            built, log = tutorial_steps.build(folder)
            package, why = tutorial_steps.describe(folder)
            if not built or package is None:
                print(f"FAIL {tutorial.name} {picture}: the package as of step {index + 1} does not build:\n{log[-1500:]}{why}")
                failed += 1
                continue
            product = next(p["name"] for p in package["products"] if "executable" in p["type"])
            try:
                with Program(os.path.join(tutorial_steps.SCRATCH, "debug", product)) as program:
                    time.sleep(0.5)  # the first frame
                    if scene:
                        scene(program)
                    time.sleep(0.3)
                    if isinstance(title, list):
                        # Each window, then side by side on the desktop's grey, as a window
                        # manager would place them.
                        parts = [program.shot(os.path.join(output, f"part-{n}.png"), t) for n, t in enumerate(title)]
                        gap = ["(", "-size", "16x1", "xc:#c0bfbc", ")"]
                        joined = [item for part in parts for item in gap + [part]][len(gap):]
                        subprocess.run(["convert", "-background", "#c0bfbc", "-gravity", "north"] + joined
                                       + ["+append", os.path.join(output, picture)], check=True)
                        for part in parts:
                            os.remove(part)
                    else:
                        program.shot(os.path.join(output, picture), title)
                taken += 1
                print(f"took {tutorial.name} {picture} (as of {tutorial.steps[index].where()})", flush=True)
            except Exception as error:
                failed += 1
                print(f"FAIL {tutorial.name} {picture}: {error}", flush=True)
        if any(name.endswith(".png") for name in os.listdir(output)):
            subprocess.run([os.path.join(ROOT, "build-aux", "update-screenshots.sh"), output,
                            os.path.join(CATALOG, "Resources", tutorial.name)], check=False)
    print(f"{taken} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
