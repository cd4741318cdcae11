"""Lifetime: showing every page, and opening and closing each dialog and window, 30 times
leaves no signal closure and no controller behind. The app reports its counts on SIGUSR1 when
TRIAD_DEBUG_LIFETIME=1."""
import os
import re
import signal

from harness import SANITIZED, App, TestFailure, check, settled, wait_for

# What is checked are exact counts (closures and controllers back to the baseline), so a leak of one
# object a round shows after the first; the rounds beyond a few are there for a leak that happens
# only some of the time (a race with a window's last event), which 30 rounds of each of the eight
# give 240 chances to show. Under the sanitizers each round is several times
# slower and what is checked is every teardown path's memory (ASan) and leaks (LeakSanitizer, per
# object), which fewer rounds exercise as well. TRIAD_LIFETIME_CYCLES sets the number: `make test`
# runs the full loop in one pass and a few rounds in the others, `make check` a few rounds.
CYCLES = int(os.environ.get("TRIAD_LIFETIME_CYCLES") or (20 if SANITIZED else 30))


def counts(app):
    """Asks the app for its live counts and returns the newest report as a dict."""
    before = len(re.findall(r"^lifetime ", app.output(), re.M))
    app.process.send_signal(signal.SIGUSR1)
    wait_for(lambda: len(re.findall(r"^lifetime ", app.output(), re.M)) > before, what="the lifetime report")
    line = re.findall(r"^lifetime (.*)$", app.output(), re.M)[-1]
    return {key: int(value) for key, value in (pair.split("=") for pair in line.split())}


def settled_counts(app):
    """The counts once two reports a second apart agree. A one-shot callback still waiting to run
    (a debounced save, a result on its way back from a worker, a flash fading) holds its closure
    until it runs, and is no leak; a leak stays."""
    return settled(lambda: counts(app), 1.0, interval=1.0, timeout=30, what="two lifetime reports to agree")


def register_dialog(app):
    app.click("Register…")
    app.wait_find("New user name")
    app.click("Back")
    wait_for(lambda: app.find("New user name", required=False) is None, what="the dialog to close")


def flipside_window(app):
    app.click("Edit note")
    app.wait_find("Note editor")
    app.focus_window("Edit Note")
    app.key("Escape")
    wait_for(lambda: app.find("Note editor", required=False) is None, what="the flipside to close")


def unsaved_question(app):
    app.wait_find("Street")  # the page may still be fading in (the stack's crossfade)
    app.set_text("Street", "edited")
    app.open_page("Adder")
    app.wait_find("Unsaved address")
    app.click("Discard")
    wait_for(lambda: app.selected_page() == "Adder", what="the Adder page")
    app.open_page("Address")
    wait_for(lambda: app.selected_page() == "Address", what="the Address page")


def about_dialog(app):
    app.click("Main menu")
    app.click("About Triad")
    app.wait_find("About Triad", role="dialog")
    app.focus_window("About Triad")
    app.key("Escape")
    wait_for(lambda: app.find("About Triad", role="dialog", required=False) is None, what="the About dialog to close")


def file_chooser(app):
    app.click("Import users")
    app.wait_find("Import Users")
    app.focus_window("Import Users")
    app.key("Escape")
    wait_for(lambda: not any(f.name == "Import Users" for f in app.frames()), what="the file chooser to close")


def export_chooser(app):
    app.wait_find("Apples", role="slider")  # the page may still be fading in
    app.click("Export chart")
    app.wait_find("Export Chart")
    # The chooser is on the bus a moment before its window can take the focus: an Escape sent
    # then goes to the main window. A person presses it again, and so does this.
    for _ in range(3):
        app.focus_window("Export Chart")
        app.key("Escape")
        try:
            wait_for(lambda: not any(f.name == "Export Chart" for f in app.frames()), timeout=3, what="the chart's file chooser to close")
            return
        except TestFailure:
            print("  'Export Chart' still open after Escape: Escape again", flush=True)
    raise TestFailure("the chart's file chooser stayed open after Escape three times")


def import_preview(app):
    app.click("Import users")
    app.choose_file("Import Users", PREVIEWED)
    app.wait_find("Import preview")
    app.click("Cancel", role="push button")
    wait_for(lambda: app.find("Import preview", required=False) is None, what="the import preview to close")


def every_page(app):
    for title in ("Adder", "Address", "Login", "Users", "Note", "Chart"):
        app.open_page(title)
        wait_for(lambda: app.selected_page() == title, what=f"the {title} page")


def test_dialogs_and_windows_free_everything():
    global PREVIEWED
    with App(env={"TRIAD_DEBUG_LIFETIME": "1"}) as app:
        PREVIEWED = os.path.join(app.data_dir, "previewed.csv")  # the file the import preview shows
        with open(PREVIEWED, "w", encoding="utf-8") as f:
            f.write("first_name;last_name;email\nZoë;Brontë;zoe@example.com\n")
        rounds = [("Login", register_dialog), ("Note", flipside_window), ("Address", unsaved_question),
                  ("Adder", about_dialog), ("Users", file_chooser), ("Users", import_preview), ("Chart", export_chooser),
                  ("Adder", every_page)]
        for page, action in rounds:  # once each, so that lazily built pages exist for the baseline
            app.open_page(page)
            wait_for(lambda: app.selected_page() == page, what=f"the {page} page")
            action(app)
        baseline = settled_counts(app)
        for page, action in rounds:
            app.open_page(page)
            wait_for(lambda: app.selected_page() == page, what=f"the {page} page")
            for _ in range(CYCLES):
                action(app)
        after = settled_counts(app)
        print(f"  lifetime: {CYCLES} × {len(rounds)} open/close; before {baseline}, after {after}")
        check(after["closure-boxes"] == baseline["closure-boxes"],
              f"signal closures back to the baseline: {baseline['closure-boxes']} → {after['closure-boxes']}")
        check(after.get("register-controllers", 0) == 0, f"registration controllers released: {after}")
        check(after.get("flipside-controllers", 0) == 0, f"flipside controllers released: {after}")


TESTS = [test_dialogs_and_windows_free_everything]
