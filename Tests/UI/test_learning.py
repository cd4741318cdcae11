"""Learning from the Messages pane: a message's code, the model's state after it, the filters, the
flash of a widget a view update touched, the exercises, and each page's Source window."""
import contextlib
import os
import sqlite3
import subprocess
import tempfile
import time

import pyatspi

from harness import BIN, TIMEOUT_SCALE, App, check, holds_for, settled_region, wait_for
from test_messages import clear, message_rows, opened_pane, toggle_pane

CODE, STATE, EXERCISE = 0, 1, 2
STRONG_PASSWORD = "Plum tree, 7 ferries & a lantern"


def select_row(app, message):
    """Selects the pane's row whose message starts with `message`, as a click on it does."""
    table = app.find("Messages list").queryTable()
    for row in range(table.nRows):
        if table.getAccessibleAt(row, 2).name.startswith(message):
            table.addRowSelection(row)
            return row
    raise AssertionError(f"no row {message!r} in {message_rows(app)}")


def show_tab(app, index):
    app.find("Message details").querySelection().selectChild(index)


def labels_in(node):
    """The texts of the labels showing under `node`, in order."""
    found = []
    pyatspi.findAllDescendants(node, lambda n: n.getRoleName() == "label" and n.getState().contains(pyatspi.STATE_SHOWING)
                               and found.append(n.name) and False)
    return found


def code_location(app):
    return next((text for text in labels_in(app.find("Message details")) if ", line " in text), "")


def source_text(app):
    """The source view's text, and the line (1-based) its cursor is on."""
    text = app.find("Source code").queryText()
    whole = text.getText(0, text.characterCount)
    return whole, whole[:text.caretOffset].count("\n") + 1


def state_rows(app):
    """The State tab's rows: (name, value after, value before when it changed)."""
    table = app.find("Model state").queryTable()
    return [tuple(table.getAccessibleAt(r, c).name for c in range(table.nColumns)) for r in range(table.nRows)]


def add(app, first, second, total):
    app.set_text("First number", first)
    app.set_text("Second number", second)
    clear(app)
    app.click("Add")
    app.wait_text("Sum result", total)


def pane_after_adding_40_and_2(app):
    """Opens the pane and adds 40 and 2 (MVC): six rows."""
    toggle_pane(app)
    app.wait_find("Messages pane")
    add(app, "40", "2", "42")
    wait_for(lambda: len(message_rows(app)) >= 6, what="the Add's messages")


def test_a_rows_code_at_its_line():
    with App() as app:
        pane_after_adding_40_and_2(app)
        row = select_row(app, "setTotalVal")
        _, file_line, _ = message_rows(app)[row][2:5]
        line = int(file_line.rsplit(":", 1)[1])
        wait_for(lambda: code_location(app), what="the code's location")
        check(code_location(app).startswith(f"Triad/Adder/MVC/AdderViewController.swift, line {line}:"),
              f"the location names the file under Sources and the line: {code_location(app)!r}")
        text, at = wait_for(lambda: source_text(app)[0] and source_text(app), what="the source")
        check(at == line, f"the cursor is on the message's line {line}, not {at}")
        check("func setTotalVal(" in text.splitlines()[line - 1], f"line {line} is the delegate method: {text.splitlines()[line - 1]!r}")
        check(coloured_pixels(app, "Source code") > 200, "the code is highlighted (GtkSourceView's Swift colours)")
        editor = app.find("Open in editor")
        if os.environ.get("TRIAD_SANDBOXED"):  # the flatpak: the tree it was built from is not on this computer
            check(not editor.getState().contains(pyatspi.STATE_SENSITIVE) and "not on this computer" in editor.description,
                  f"in the sandbox, Open in Editor is off and says why: {editor.description!r}")
        else:
            check(editor.getState().contains(pyatspi.STATE_SENSITIVE),
                  "the build's source tree is on disk: Open in Editor can hand the file over")
        app.screenshot("learning-code.png")

        # A model method: the model's file, at the method's line.
        select_row(app, "model.set")
        wait_for(lambda: "TriadModel/Adder/AdderModel.swift" in code_location(app), what=f"the model's file: {code_location(app)!r}")
        text, at = source_text(app)
        check("func set(" in text.splitlines()[at - 1], f"the model's set method at the cursor: {text.splitlines()[at - 1]!r}")


def test_the_state_after_a_message_and_what_it_changed():
    with App() as app:
        pane_after_adding_40_and_2(app)
        show_tab(app, STATE)
        select_row(app, "model.set")
        wait_for(lambda: len(state_rows(app)) == 3, what=f"the adder's state: {state_rows(app)}")
        check(state_rows(app) == [("model.first", "40", "0"), ("model.second", "2", "0"), ("model.total()", "42", "0")],
              f"after model.set the model holds 40 and 2, changed from 0 and 0: {state_rows(app)}")
        select_row(app, "setTotalVal")
        wait_for(lambda: state_rows(app) == [("model.first", "0", ""), ("model.second", "0", ""), ("model.total()", "0", "")],
                 what=f"before the model is told, nothing has changed: {state_rows(app)}")
        app.screenshot("learning-state.png")

        add(app, "1", "1", "2")
        # A second Add within a moment merges into the first one's rows, which then read its words.
        wait_for(lambda: any(row[2].startswith('model.set("1", "1")') for row in message_rows(app)), what="the second Add's messages")
        select_row(app, "model.set")
        wait_for(lambda: ("model.total()", "2", "42") in state_rows(app), what=f"the sum from 42 to 2: {state_rows(app)}")


def test_filtering_by_receiver_leaves_the_controllers_rows():
    with App() as app:
        pane_after_adding_40_and_2(app)
        receiver = app.find("Filter by receiver")
        items = pyatspi.findAllDescendants(receiver, lambda n: n.getRoleName() == "menu item")
        names = [item.name for item in items]
        receiver.querySelection().selectChild(names.index("Controller"))
        wait_for(lambda: len(message_rows(app)) == 2, what=f"the controller's two messages: {message_rows(app)}")
        check([row[:3] for row in message_rows(app)] == [("View → Controller", "delegate", 'setTotalVal("40", "2")'),
                                                         ("View → Controller", "delegate", "getTotalVal()")],
              f"everything the controller receives, nothing else: {message_rows(app)}")
        receiver.querySelection().selectChild(names.index("Any receiver"))
        wait_for(lambda: len(message_rows(app)) == 6, what="every row again")


def lit_pixels(app, name):
    """How many pixels of the widget named `name` are tinted with the theme's selection blue."""
    return sum(1 for r, _, b in app.pixels(name) if b - r > 30)


def test_a_view_update_flashes_its_widget_while_the_pane_is_open():
    with App() as app:
        app.set_text("First number", "40")
        app.set_text("Second number", "2")
        app.click("Add")
        app.wait_text("Sum result", "42")
        # A flash would start with the new sum and stay lit for a moment: watched for that long.
        holds_for(lambda: lit_pixels(app, "Sum result") == 0, 1.0, what="with the pane closed, the sum's label unlit")
        toggle_pane(app)
        app.wait_find("Messages pane")
        for press in range(1, 4):  # every press flashes: each is watched for its own flash
            wait_for(lambda: lit_pixels(app, "Sum result") == 0, timeout=5, what="the last flash to fade before the next press")
            app.set_text("Second number", str(press))
            app.click("Add")
            wait_for(lambda: lit_pixels(app, "Sum result") > 20, timeout=3, interval=0, what=f"press {press} to flash the sum's label")
            app.wait_text("Sum result", str(40 + press))
        wait_for(lambda: lit_pixels(app, "Sum result") == 0, timeout=5, what="the flash to fade")


def test_the_state_tab_never_shows_a_password_or_its_hash():
    """An account registered, logged in and out, and a failed log-in, with the pane open: the State
    tab after every message, each selected in turn, the rows and the pane's labels, show neither
    password typed nor any part of the stored hash (read from the store, as any program could)."""
    wrong = "not the password 123"
    with App() as app:
        opened_pane(app, "Login")
        app.click("Register…")
        app.wait_find("New user name")
        app.set_text("New user name", "kim")
        app.set_text("New password", STRONG_PASSWORD)
        app.set_text("Confirm password", STRONG_PASSWORD)
        app.click("Register", role="push button")
        wait_for(lambda: app.find("New user name", required=False) is None, timeout=20, what="the dialog to close")
        app.wait_text("User name", "kim")
        app.set_text("Password", STRONG_PASSWORD)
        app.click("Log in", role="push button")
        app.wait_text("Signed in user", "Signed in as kim", timeout=20)
        app.click("Log out")
        app.wait_find("User name")
        app.set_text("User name", "kim")
        app.set_text("Password", wrong)
        app.click("Log in", role="push button")
        app.wait_text("Login message", "User name or password is wrong", timeout=20)

        with contextlib.closing(sqlite3.connect(f"file:{os.path.join(app.data_dir, 'triad.sqlite3')}?mode=ro", uri=True)) as db:
            stored = db.execute("SELECT password_hash FROM accounts WHERE name_key = 'kim'").fetchone()
        check(stored and len(stored[0]) >= 20, f"the store holds kim's hash: {stored}")
        stored_hash = stored[0]
        secrets = {STRONG_PASSWORD, wrong} | {stored_hash[i:i + 8] for i in range(len(stored_hash) - 7)}

        show_tab(app, STATE)
        app.wait_find("Model state")
        table = app.find("Messages list").queryTable()
        rows = message_rows(app)
        check(len(rows) >= 6, f"the registration and the log-ins were recorded: {rows}")
        shown = [("row", cell) for row in rows for cell in row]
        views = []
        for row in range(table.nRows):
            for other in range(table.nRows):
                table.removeRowSelection(other)
            wait_for(lambda: any(text.startswith("Select a message") for text in labels_in(app.find("Message details"))),
                     what=f"no row selected before row {row}")
            table.addRowSelection(row)

            def state_of_the_row():
                texts = labels_in(app.find("Message details"))
                return table.isRowSelected(row) and not any(text.startswith("Select a message") for text in texts) and texts
            texts = wait_for(state_of_the_row, what=f"the State tab for row {row}: {rows[row][:3]}")
            view = state_rows(app)
            views.append(view)
            shown += [(f"row {row}: {rows[row][2]}", text) for text in texts]
            shown += [(f"row {row}: {rows[row][2]}", cell) for entry in view for cell in entry]
        every_value = [entry for view in views for entry in view]
        check(any(entry[:2] == ("accounts[0].name", '"kim"') for entry in every_value),
              f"the State tab showed the account it is about: {views}")
        check(any(entry[0] == 'failures["kim"]' and entry[1].startswith("1 failed") for entry in every_value),
              f"and the failed log-in: {views}")
        leaks = {}  # each text that shows a secret, where it was first seen, and one secret it shows
        for where, text in shown:
            secret = next((secret for secret in secrets if secret in text), None)
            if secret is not None and text not in leaks:
                leaks[text] = (where, secret)
        check(not leaks, "a password or part of its hash on screen: " +
              "; ".join(f"{where}: {text!r} shows {secret!r}" for text, (where, secret) in leaks.items()))
        print(f"  read {len(views)} State views ({len(every_value)} values) and {len(shown)} texts; no part of the {len(stored_hash)}-character hash in any")


def coloured_pixels(app, name):
    """How many pixels of the widget named `name` are in a clear colour (not black, white or grey)."""
    return sum(1 for pixel in app.pixels(name, settled=True) if max(pixel) - min(pixel) > 60)


def exercise_labels(app):
    """The Exercise tab's task and verdict as shown: the two labels above Next Exercise (the
    verdict is "" while there is none)."""
    button = app.find("Next exercise")
    index = button.getIndexInParent()
    task, result = (button.parent.getChildAtIndex(index - i) for i in (2, 1))
    check(task.getRoleName() == "label" and result.getRoleName() == "label",
          f"a label for the task and one for the verdict above Next Exercise: {task.getRoleName()}, {result.getRoleName()}")
    return task.name, result.name


def answer(app, choice):
    """Chooses an exercise's answer, and waits until the pane has taken it: the choice is on,
    the pane says what to do, and shows no verdict (not even the last try's)."""
    app.click(choice, role="radio button")

    def taken():
        task, result = exercise_labels(app)
        return app.has_state(choice, pyatspi.STATE_CHECKED) and task.startswith("Now: ") and result == ""
    wait_for(taken, what=lambda: f"the choice {choice!r} taken, and no verdict before the task is done (task and verdict: "
                             f"{exercise_labels(app)})")


def verdict(app):
    try:
        return wait_for(lambda: exercise_labels(app)[1], timeout=20, what="the verdict")
    except AssertionError as error:
        raise AssertionError(f"{error}: the pane says {labels_in(app.find('Message details'))}, after {message_rows(app)}")


def quiet(app, seconds=0.5):
    """Waits until no message has been recorded for `seconds`: the work an action started is over."""
    last = {"count": -1, "since": time.monotonic()}

    def still():
        count = len(message_rows(app))
        if count != last["count"]:
            last.update(count=count, since=time.monotonic())
        return time.monotonic() - last["since"] >= seconds * TIMEOUT_SCALE

    wait_for(still, timeout=15, what="the messages to stop coming")


def exercise(app, wrong, right, action, number=1):
    """The page's exercise `number`: answered wrongly, then rightly. After each choice nothing is
    said until the action is done; then the verdict: "Not quite", naming the right answer, for
    the wrong choice, and "Right." for the right one."""
    show_tab(app, EXERCISE)
    for _ in range(number - 1):
        app.click("Next exercise")
    wait_for(lambda: any(text.startswith(f"Exercise {number} of") for text in labels_in(app.find("Message details"))),
             what=f"exercise {number}")
    for choice, expected in ((wrong, f"Not quite: the messages say “{right}”. "), (right, "Right. ")):
        answer(app, choice)
        # Nothing on the page moves by itself: a message that came now would come within a few frames.
        holds_for(lambda: exercise_labels(app)[1] == "", 0.5,
                  what=lambda: f"no verdict after choosing {choice!r}, before the task is done (the verdict: {exercise_labels(app)[1]!r})")
        action()
        said = verdict(app)
        check(said.startswith(expected), f"{choice!r} is answered with {expected!r}: {said!r}")
        # The action's last messages may come after its verdict (a search's rest of a long result
        # follows the frame that shows its first rows): the next choice waits until they are in.
        quiet(app)
    app.screenshot(f"learning-exercise-{app.selected_page().lower()}-{number}.png")


def test_the_adders_exercises():
    def press_add(pattern):
        numbers = iter(["2", "3"])  # a new sum each time: a bound label hears only of a change

        def action():
            if pattern != "MVC":
                app.click(pattern, role="toggle button")
            app.set_text("First number", "40")
            app.set_text("Second number", next(numbers))
            app.click("Add")
        return action
    with App() as app:
        toggle_pane(app)
        app.wait_find("Messages pane")
        exercise(app, "clicked, by target-action", "setTotalVal, through the delegate", press_add("MVC"))
    for number, (pattern, wrong, right) in enumerate([("MVP", "The view works it out itself", "The presenter, with showSum"),
                                                      ("MVVM", "The controller sets the label", "A binding from the view model's sum")], 2):
        with App() as app:
            toggle_pane(app)
            app.wait_find("Messages pane")
            exercise(app, wrong, right, press_add(pattern), number)


def test_the_address_exercises():
    with App() as app:
        opened_pane(app, "Address")

        def leave():
            app.set_text("Street", f"{time.monotonic()} Main Street")
            app.open_page("Adder")
            app.wait_find("Unsaved address")
            app.click("Cancel")
        exercise(app, "The address view, by target-action", "The page's controller, with a should message", leave)

    with App() as app:
        opened_pane(app, "Address")

        def save_empty():
            app.set_text("Street", "")
            app.click("Save address")
        exercise(app, "did save", "did refuse, with every problem", save_empty, 2)


def test_the_login_exercises():
    with App() as app:
        opened_pane(app, "Login")

        def log_in():
            # The last try's password check may still run: the form waits for it.
            wait_for(lambda: app.text("Login message") != "Checking…", what="the last try's answer")
            app.set_text("User name", "nobody")
            app.set_text("Password", "not the password")
            app.click("Log in", role="push button")
        exercise(app, "The accounts model", "The login controller, by target-action", log_in)

    with App() as app:
        opened_pane(app, "Login")
        names = iter(["kim", "lee"])

        def register():
            app.click("Register…")
            app.wait_find("New user name")
            app.set_text("New user name", next(names))
            app.set_text("New password", "Plum tree, 7 ferries & a lantern")
            app.set_text("Confirm password", "Plum tree, 7 ferries & a lantern")
            app.click("Register", role="push button")
        exercise(app, "A notification the login page listens to", "The registration controller tells its delegate, didRegister",
                 register, 2)


def test_the_users_exercises():
    with App() as app:
        opened_pane(app, "Users")
        letters = iter("ab")
        exercise(app, "The store, which fills the table", "The presenter: it tells the view startLoading, then setUsers",
                 lambda: app.set_text("Search users", next(letters)))

    with tempfile.TemporaryDirectory(prefix="triad-ui-", ignore_cleanup_errors=True) as data:
        subprocess.run([BIN, "--generate-users", "997"], env=dict(os.environ, TRIAD_DATA_DIR=data), check=True, capture_output=True)
        with App(data_dir=data) as app:
            opened_pane(app, "Users")
            wait_for(lambda: app.find("User count", required=False) and app.text("User count") == "1000 users", what="the list")

            def scroll():
                position = app.find("User list position").queryValue()
                position.currentValue = position.maximumValue if position.currentValue == 0 else 0
            exercise(app, "The presenter", "The data source", scroll, 2)


def test_the_note_exercises():
    for number, (wrong, right) in enumerate([("A notification", "An observer of the model's text"),
                                             ("The Edit Note window", "The main window, which says “Note edited”")], 1):
        with App() as app:
            opened_pane(app, "Note")

            def type_in_the_flipside():
                app.click("Edit note")
                app.wait_find("Note editor")
                editor = app.find("Note editor").queryEditableText()
                editor.insertText(0, "x", 1)
            exercise(app, wrong, right, type_in_the_flipside, number)


def test_the_chart_exercises():
    def set_apples():
        # As a screen reader sets a bar; the model tells the same observers whichever view asked.
        bar = app.find("Apples", role="slider").queryValue()
        bar.currentValue = bar.currentValue + 1
    with App() as app:
        opened_pane(app, "Chart")
        app.wait_find("Apples", role="slider")
        exercise(app, "One: the controller of the view that asked", "Four: the controller of each view, and the page", set_apples)

    with App() as app:
        opened_pane(app, "Chart")
        app.wait_find("Apples", role="slider")
        undo = app.find("Undo", role="push button")

        def change_and_undo():
            set_apples()
            wait_for(lambda: undo.getState().contains(pyatspi.STATE_SENSITIVE), what="Undo to be possible")
            app.click("Undo", role="push button")
        exercise(app, "The view that made the change, through its controller", "The model: it steps back and tells every observer",
                 change_and_undo, 2)


def test_the_chart_travel_exercises():
    """The chart's exercises about travel: what the three views show after the pane takes the page
    back to a row, answered wrongly, then rightly, with the views read to show the same."""
    from test_chart import legend, percentages, rows as table_rows, votes
    from test_travel import apart, travel_to

    def apples_everywhere(value):
        """Apples at `value` in the table, on its bar, and as its share in the pie's legend."""
        def shown():
            shares = percentages([int(r[1]) for r in table_rows(app)])
            return (table_rows(app)[0][:2] == ("Apples", str(value)) and votes(app, "Apples") == value
                    and legend(app)[0] == f"Apples, {shares[0]} %")
        wait_for(shown, what=lambda: f"Apples at {value} in the table, the bars and the pie: {table_rows(app)[0]}, "
                                     f"{votes(app, 'Apples')}, {legend(app)[0]}")

    def change_twice_and_travel():
        bar = app.find("Apples", role="slider").queryValue()
        first = int(bar.currentValue) + 1
        for value in (first, first + 1):
            bar.currentValue = value
            wait_for(lambda: any(r[2] == f"model.setVotes(at: 0, to: {value})" for r in message_rows(app)), what=f"Apples set to {value}")
            apart()
        travel_to(app, f"model.setVotes(at: 0, to: {first})")
        apples_everywhere(first)

    def add_and_travel_before():
        count = len(table_rows(app))
        app.click("Add option")
        wait_for(lambda: len(table_rows(app)) == count + 1, what="the option added")
        quiet(app)
        app.find("Messages list").queryTable().addRowSelection(0)
        app.click("Travel here")
        wait_for(lambda: len(table_rows(app)) == count and len(legend(app)) == count,
                 what="the table and the pie as they were before the option came")

    with App() as app:
        opened_pane(app, "Chart")
        app.wait_find("Apples", role="slider")
        exercise(app, "The votes of now: travel does not reach what the views show", "The votes of that moment, in all three views",
                 change_twice_and_travel, 3)

    with App() as app:
        opened_pane(app, "Chart")
        app.wait_find("Apples", role="slider")
        exercise(app, "As many as now: travel sets back votes, not options", "As many as at that moment, in all three views",
                 add_and_travel_before, 4)


def test_a_pages_source_window():
    with App() as app:
        app.click("Main menu")
        app.click("Page Source")
        window = wait_for(lambda: next((f for f in app.frames() if f.name == "Adder Page Source"), None), what="the Source window")
        files = app.find("Files of the page").queryTable()
        listed = [files.getAccessibleAt(r, 0).name for r in range(files.nRows)]
        for expected in ["Triad/Adder/AdderPage.swift", "Triad/Adder/AdderView.ui", "Triad/Adder/MVC/AdderViewController.swift",
                         "TriadModel/Adder/AdderModel.swift", "TriadModel/Adder/MVP/AdderPresenter.swift"]:
            check(expected in listed, f"{expected} is among the page's files: {listed}")
        files.addRowSelection(listed.index("TriadModel/Adder/AdderModel.swift"))
        wait_for(lambda: "public final class AdderModel" in source_text(app)[0], what="the model's source")
        check(window.getState().contains(pyatspi.STATE_SHOWING), "the window is showing")
        app.screenshot("learning-source-window.png")


def test_open_in_editor_hands_the_file_to_the_desktops_editor():
    """A stand-in editor, the desktop's default for plain text here, notes the file it is given."""
    with tempfile.TemporaryDirectory(prefix="triad-editor-") as home:
        opened = os.path.join(home, "opened")
        editor = os.path.join(home, "editor.sh")
        with open(editor, "w") as script:
            script.write(f'#!/bin/sh\nprintf "%s\\n" "$@" > "{opened}"\n')
        os.chmod(editor, 0o755)
        os.makedirs(os.path.join(home, "data", "applications"))
        with open(os.path.join(home, "data", "applications", "triad-test-editor.desktop"), "w") as entry:
            entry.write(f"[Desktop Entry]\nType=Application\nName=Test editor\nExec={editor} %f\nMimeType=text/plain;\n")
        # The harness keeps the app's configuration in its data folder's config/.
        os.makedirs(os.path.join(home, "app", "config"))
        with open(os.path.join(home, "app", "config", "mimeapps.list"), "w") as defaults:
            defaults.write("[Default Applications]\ntext/plain=triad-test-editor.desktop\n")
        with App(data_dir=os.path.join(home, "app"), env={"XDG_DATA_HOME": os.path.join(home, "data")}) as app:
            pane_after_adding_40_and_2(app)
            select_row(app, "setTotalVal")
            wait_for(lambda: code_location(app), what="the code's location")
            app.click("Open in editor")
            wait_for(lambda: os.path.exists(opened) and open(opened).read().strip(), what="the editor to be started")
            handed = open(opened).read().strip()
            check(handed.endswith("/Sources/Triad/Adder/MVC/AdderViewController.swift") and os.path.isfile(handed),
                  f"the editor was given the file on disk: {handed!r}")


def test_the_code_is_dark_when_the_app_is():
    with App(env={"GTK_THEME": "Adwaita:dark"}) as app:
        pane_after_adding_40_and_2(app)
        select_row(app, "setTotalVal")
        wait_for(lambda: source_text(app)[0], what="the source")
        x, y, width, height = app.screen_box("Source code")
        corner = settled_region(x + width - 20, y + height - 20, 8, 8)
        brightness = sum(map(sum, corner)) / (3 * len(corner))
        check(brightness < 80, f"the code's background is dark in a dark app ({brightness:.0f} of 255)")
        app.screenshot("learning-code-dark.png")


TESTS = [test_a_rows_code_at_its_line, test_the_state_after_a_message_and_what_it_changed,
         test_filtering_by_receiver_leaves_the_controllers_rows, test_a_view_update_flashes_its_widget_while_the_pane_is_open,
         test_the_adders_exercises, test_the_address_exercises, test_the_login_exercises, test_the_users_exercises,
         test_the_note_exercises, test_the_chart_exercises, test_the_chart_travel_exercises, test_the_state_tab_never_shows_a_password_or_its_hash, test_a_pages_source_window, test_open_in_editor_hands_the_file_to_the_desktops_editor,
         test_the_code_is_dark_when_the_app_is]
