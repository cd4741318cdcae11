"""Break it to learn it: each lesson's classic mistake switched on from the page's Mistakes menu,
the consequence measured in the running app, and gone again once it is switched off; the Objects
tab's counts and reference chains; the Code tab's comparison and its "which line?" question."""
import os
import re
import sqlite3
import subprocess
import tempfile

import pyatspi

from harness import BIN, App, check, holds_for, settled, wait_for
from test_address import FIELDS, fill, shown
from test_chart import EXAMPLE, expect, legend, open_chart, rows, votes
from test_login import PASSWORD, open_registration, register
from test_messages import message_rows, toggle_pane
from test_note import stored_note

CODE, STATE, EXERCISE, OBJECTS = 0, 1, 2, 3


def switch(app, title, on):
    """Opens the Mistakes menu, sets the check box `title` to `on`, and closes the menu."""
    app.click("Mistakes")
    box = app.wait_find(title, role="check box")
    if box.getState().contains(pyatspi.STATE_CHECKED) != on:
        app.click(title, role="check box")
    wait_for(lambda: app.find(title, role="check box").getState().contains(pyatspi.STATE_CHECKED) == on,
             what=f"{title!r} {'on' if on else 'off'}")
    app.click("Mistakes")
    wait_for(lambda: app.find(title, role="check box", required=False) is None, what="the Mistakes menu to close")
    if on:
        wait_for(lambda: title in app.text("Mistake switched on", required=False), what=f"the bar saying {title!r} is on")
    else:
        wait_for(lambda: app.find("Mistake switched on", required=False) is None, what="the mistake bar to go")


def show_tab(app, index):
    app.find("Message details").querySelection().selectChild(index)


def table_rows(app, name):
    table = app.find(name).queryTable()
    return [tuple(table.getAccessibleAt(r, c).name for c in range(table.nColumns)) for r in range(table.nRows)]


def alive(app):
    """The Objects tab's counts: type → how many are alive."""
    return {row[0]: int(row[1].replace(",", "")) for row in table_rows(app, "Live objects")}


def count_of(app, type_name, expected):
    """Waits until `type_name` has `expected` objects alive (the tab reads them every second)."""
    return wait_for(lambda: alive(app).get(type_name, 0) == expected, timeout=15,
                    what=lambda: f"{expected} {type_name} alive (shown: {alive(app)})")


def chain_of(app, type_name):
    """Selects `type_name` in the Objects tab and returns the Reference chain's rows."""
    table = app.find("Live objects").queryTable()
    for row in range(table.nRows):
        if table.getAccessibleAt(row, 0).name == type_name:
            table.addRowSelection(row)
            break
    else:
        raise AssertionError(f"no row {type_name} in {alive(app)}")
    rows = settled(lambda: table_rows(app, "Reference chain"), 0.5, what="the reference chain")
    return [(row[0].strip(), row[1]) for row in rows]


def objects_pane(app, page):
    toggle_pane(app)
    app.wait_find("Messages pane")
    app.open_page(page)
    wait_for(lambda: app.selected_page() == page, what=f"the {page} page")
    show_tab(app, OBJECTS)
    app.wait_find("Live objects")


def pattern(app, name):
    app.click(name, role="toggle button")
    wait_for(lambda: app.find(name, role="toggle button").getState().contains(pyatspi.STATE_CHECKED),
             what=f"the {name} button pressed")


def test_strong_delegate_keeps_every_adder_controller_alive():
    with App() as app:
        objects_pane(app, "Adder")
        count_of(app, "AdderViewController", 1)
        for _ in range(2):  # the lesson's class: each MVC made frees the one before
            pattern(app, "MVP")
            pattern(app, "MVC")
        count_of(app, "AdderViewController", 1)
        rows = chain_of(app, "AdderViewController")
        check(any("the Adder page keeps it alive" in r[0] for r in rows), f"the right controller is the page's: {rows}")
        check(not any("cycle" in r[0] for r in rows), f"no cycle with the lesson's class: {rows}")
        check(("AdderPage.mvc → AdderViewController", "strong") in rows, f"the page holds it: {rows}")

        switch(app, "Strong delegate", True)
        count_of(app, "AdderViewController", 1)
        for made in range(2, 5):
            pattern(app, "MVP")
            pattern(app, "MVC")
            count_of(app, "AdderViewController", made)  # one more left behind each time
        count_of(app, "StrongDelegateAdderView", 4)
        rows = chain_of(app, "AdderViewController")
        check(sum("a cycle keeps it alive" in r[0] for r in rows) == 4, f"every controller in a cycle, the shown one too: {rows}")
        check(("AdderViewController.view → StrongDelegateAdderView", "strong") in rows, f"the controller holds its view: {rows}")
        check(("StrongDelegateAdderView.delegate → AdderViewController", "strong, through a stand-in") in rows,
              f"the view holds its delegate strongly: {rows}")
        app.resize_main_window(1280, 1000)  # room for the chain in the picture
        app.settled_window_size()
        chain_of(app, "AdderViewController")
        app.screenshot("objects-delegate-cycle.png")

        switch(app, "Strong delegate", False)
        leaked = 4  # nothing frees what a cycle holds: they stay, and one right controller comes
        count_of(app, "AdderViewController", leaked + 1)
        count_of(app, "StrongDelegateAdderView", leaked)
        for _ in range(3):
            pattern(app, "MVP")
            pattern(app, "MVC")
        count_of(app, "AdderViewController", leaked + 1)


def open_flipside(app):
    app.click("Edit note")
    app.wait_find("Note editor")


def close_flipside(app):
    app.focus_window("Edit Note")
    app.focus("Note editor")
    wait_for(lambda: app.is_focused("Note editor"), what="focus in the editor")
    app.key("Escape")
    wait_for(lambda: app.find("Note editor", required=False) is None, what="the flipside to close")


def test_forget_to_stop_observing_leaves_an_observer_per_window():
    with App() as app:
        objects_pane(app, "Note")
        for _ in range(3):  # the lesson's class: a closed window's controller goes
            open_flipside(app)
            close_flipside(app)
        count_of(app, "FlipsideViewController", 0)

        switch(app, "Forget to stop observing", True)
        for _ in range(3):
            open_flipside(app)
            close_flipside(app)
        open_flipside(app)
        # Every change reaches the four windows' controllers, and the page's own observer: five.
        app.set_text("Note editor", "heard four times")
        wait_for(lambda: any(r[2].startswith("note.text → 5 observer(s)") for r in message_rows(app)),
                 what=lambda: f"the model telling five observers: {[r[2] for r in message_rows(app)]}")
        count_of(app, "StillObservingFlipsideViewController", 4)
        rows = chain_of(app, "StillObservingFlipsideViewController")
        check(sum("a closure" in r[0] for r in rows) == 3, f"an observer's closure holds each closed window's: {rows}")
        check(sum("the Note page keeps it alive" in r[0] for r in rows) == 1, f"the page holds the open window's: {rows}")
        close_flipside(app)

        switch(app, "Forget to stop observing", False)
        for _ in range(2):
            open_flipside(app)
            close_flipside(app)
        count_of(app, "FlipsideViewController", 0)
        open_flipside(app)
        app.set_text("Note editor", "heard by the window and the page")
        wait_for(lambda: any(r[2].startswith("note.text → 6 observer(s)") for r in message_rows(app)),
                 what=lambda: f"the four left behind, the page and the new window: {[r[2] for r in message_rows(app)]}")
        close_flipside(app)


def test_a_view_that_changes_itself_falls_out_of_step():
    with App() as app:
        open_chart(app)
        switch(app, "A view that changes itself", True)
        app.wait_find("Apples", role="slider")
        app.find("Apples", role="slider").queryValue().currentValue = 20
        wait_for(lambda: votes(app, "Apples") == 20, what="the bar moved to 20")
        holds_for(lambda: rows(app)[0][1] == "12" and legend(app)[0] == "Apples, 33 %", 1.0,
                  what=f"the table and the pie keep the model's 12 (table {rows(app)[:1]}, legend {legend(app)[:1]})")
        check(app.find("12", role="label", required=False) is not None, "the number above the bar still says 12")
        app.screenshot("mistake-chart.png")

        switch(app, "A view that changes itself", False)
        wait_for(lambda: votes(app, "Apples") == 12, what="the page made again shows the model's 12")
        app.find("Apples", role="slider").queryValue().currentValue = 20
        expect(app, [("Apples", 20)] + EXAMPLE[1:], "the table, the bars and the pie at 20, with the lesson's class")


def stored_street(data):
    with sqlite3.connect(f"file:{os.path.join(data, 'triad.sqlite3')}?mode=ro", uri=True) as db:
        row = db.execute("SELECT street FROM address WHERE id = 1").fetchone()
    return row[0] if row else None


def save_address(app):
    app.click("Save address")
    wait_for(lambda: app.text("Address status").startswith("Saved at"), what="Saved at HH:MM")


def test_write_to_the_view_stores_the_old_value():
    old = ("1 Old Road", "Oldtown", "Oldshire", "11111")
    for mistaken in (True, False):
        with tempfile.TemporaryDirectory(prefix="triad-ui-", ignore_cleanup_errors=True) as data:
            with App(data_dir=data) as app:
                app.open_page("Address")
                app.wait_find("Street")
                fill(app, old)
                save_address(app)
                if mistaken:
                    switch(app, "Write to the view, not the model", True)
                    wait_for(lambda: shown(app) == old, what="the page made again with the stored address")
                app.set_text("Street", "2 New Street")
                save_address(app)
                check(app.text("Street") == "2 New Street", "the form shows what was saved")
                wait_for(lambda: stored_street(data) == "2 New Street", what="the new street stored")
                app.click("Revert address")
                expected = old[0] if mistaken else "2 New Street"
                wait_for(lambda: app.text("Street") == expected,
                         what=f"Revert shows what the model holds: {expected!r} (shows {app.text('Street')!r})")
                save_address(app)
                wait_for(lambda: stored_street(data) == expected, what=f"{expected!r} stored")
                if mistaken:
                    app.screenshot("mistake-address.png")
            with App(data_dir=data) as app:  # every start without a mistake, and the stored value kept
                app.open_page("Address")
                app.wait_find("Street")
                wait_for(lambda: app.text("Street") == expected, what=f"{expected!r} after a restart")
                app.click("Mistakes")
                box = app.wait_find("Write to the view, not the model", role="check box")
                check(not box.getState().contains(pyatspi.STATE_CHECKED), "no mistake is on at a start")
                check(app.find("Mistake switched on", required=False) is None, "no mistake bar at a start")


def log_in_wrong(app, attempt):
    app.set_text("User name", "Frank")
    app.set_text("Password", f"not the password {attempt}")
    app.click("Log in")


def test_count_failed_logins_in_the_view():
    with App() as app:
        open_registration(app)
        register(app, "Frank", PASSWORD)
        wait_for(lambda: app.find("New user name", required=False) is None, what="the dialog to close")
        switch(app, "Count failed logins in the view", True)
        for attempt in range(1, 5):
            log_in_wrong(app, attempt)
            app.wait_text("Login message", "User name or password is wrong", timeout=15)
            app.set_text("Password", "")
        log_in_wrong(app, 5)
        app.wait_text("Login message", "Too many failed attempts. Try again in 30 seconds.", timeout=15)
        log_in_wrong(app, 6)
        app.wait_text("Login message", "Too many failed attempts: this page is locked.")  # the view's own lock
        toggle_pane(app)
        app.wait_find("Messages pane")
        app.open_page("Adder")
        wait_for(lambda: app.selected_page() == "Adder", what="the Adder page")
        app.open_page("Login")
        wait_for(lambda: app.selected_page() == "Login", what="the Login page, made again")
        log_in_wrong(app, 7)
        # The new controller lets it through: the model's own lock refuses it.
        wait_for(lambda: app.text("Login message").startswith("Too many failed attempts. Try again in"),
                 what=lambda: f"the model's lock answering (shows {app.text('Login message')!r})")
        wait_for(lambda: ("View → Controller", "target-action", "clicked → ViewCountingLoginViewController.logIn()")
                 in [r[:3] for r in message_rows(app)], what=lambda: f"the attempt recorded: {message_rows(app)}")
        app.screenshot("mistake-login.png")
        check(PASSWORD not in app.output() and not any("not the password" in line for line in app.output().splitlines()),
              "no password in the app's output")

        switch(app, "Count failed logins in the view", False)
        log_in_wrong(app, 8)
        wait_for(lambda: app.text("Login message").startswith("Too many failed attempts. Try again in"),
                 what=lambda: f"the model's lock, with the lesson's class (shows {app.text('Login message')!r})")


def stalls(app):
    """The stall meter: frames missed, and the longest stall in milliseconds."""
    match = re.match(r"Frames missed: ([\d,]+); the longest stall ([\d,]+) ms", app.text("Frames missed"))
    return (int(match.group(1).replace(",", "")), int(match.group(2).replace(",", ""))) if match else (0, 0)


# How long the store's search waits, on its worker, for the frame that shows the first rows of a
# long list (StoreUserService.drawingWait): on the main loop nothing can draw that frame, so each
# search holds the loop at least that long. Not a speed target: the stall the mistake makes.
FRAME_WAIT_MS = 500


def test_work_on_the_main_thread_stalls_the_window():
    with tempfile.TemporaryDirectory(prefix="triad-ui-", ignore_cleanup_errors=True) as data:
        subprocess.run([BIN, "--generate-users", "1000000"], env=dict(os.environ, TRIAD_DATA_DIR=data), check=True, capture_output=True)
        with App(data_dir=data) as app:
            app.open_page("Users")
            app.wait_text("User count", "1000003 users", timeout=30)
            switch(app, "Work on the main thread", True)
            app.wait_text("User count", "1000003 users", timeout=30)
            for query in ("m", "mi", "mil", "mila"):
                app.set_text("Search users", query)
            wait_for(lambda: stalls(app)[1] >= FRAME_WAIT_MS, timeout=30,
                     what=lambda: f"a search holding the main loop past the frame wait ({app.text('Frames missed')!r})")
            wait_for(lambda: app.text("User count") not in ("", "1000003 users"), timeout=30, what="the search's answer")
            app.screenshot("mistake-users.png")
            missed, longest = stalls(app)
            check(missed >= FRAME_WAIT_MS // 17, f"the stall meter counted each frame missed: {missed} (longest {longest} ms)")
            app.set_text("Search users", "zo")
            switch(app, "Work on the main thread", False)  # the menu answers, stalls and all
            app.set_text("Search users", "mila")
            wait_for(lambda: app.text("User count") not in ("", "1000003 users"), timeout=30, what="the search's answer")
            check(app.find("Frames missed", required=False) is None, "no stall meter once the mistake is off")


def test_the_code_tab_compares_and_asks_which_line():
    with App() as app:
        toggle_pane(app)
        app.wait_find("Messages pane")
        app.open_page("Adder")
        switch(app, "Strong delegate", True)
        show_tab(app, CODE)
        app.wait_find("Mistake question")
        question = app.text("Mistake question")
        check("Which line is the mistake?" in question, f"the question: {question!r}")
        lines = app.text("Differing lines")
        match = re.search(r"(\d+) in the lesson's class, (\d+) in the mistaken one", lines)
        check(match, f"the differing lines named: {lines!r}")
        right_line, wrong_line = int(match.group(1)), int(match.group(2))
        right, wrong = app.find("The lesson's code").queryText(), app.find("The mistaken code").queryText()
        right_text, wrong_text = right.getText(0, -1).split("\n"), wrong.getText(0, -1).split("\n")
        check("weak var delegate" in right_text[right_line - 1], f"the lesson's line: {right_text[right_line - 1]!r}")
        check(wrong_text[wrong_line - 1].strip() == "var delegate: AdderViewDelegate?", f"the mistaken line: {wrong_text[wrong_line - 1]!r}")
        app.screenshot("mistake-code.png")

        def click_line(number):  # as a click puts the cursor there
            wrong.setCaretOffset(sum(len(line) + 1 for line in wrong_text[:number - 1]))

        click_line(wrong_line + 1)
        wait_for(lambda: app.text("Mistake answer").startswith("Not this one"), what=lambda: f"a wrong line: {app.text('Mistake answer')!r}")
        click_line(wrong_line)
        wait_for(lambda: app.text("Mistake answer").startswith("Right"), what=lambda: f"the mistake's line: {app.text('Mistake answer')!r}")
        switch(app, "Strong delegate", False)
        wait_for(lambda: app.find("Mistake question", required=False) is None, what="the comparison to go with the mistake")


TESTS = [test_strong_delegate_keeps_every_adder_controller_alive, test_forget_to_stop_observing_leaves_an_observer_per_window,
         test_a_view_that_changes_itself_falls_out_of_step, test_write_to_the_view_stores_the_old_value,
         test_count_failed_logins_in_the_view, test_work_on_the_main_thread_stalls_the_window,
         test_the_code_tab_compares_and_asks_which_line]
