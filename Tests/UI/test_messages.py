"""The Messages pane: what passes between model, view and controller, as it happens."""
import os
import subprocess
import tempfile

import pyatspi

from harness import BIN, TIMEOUT_SCALE, App, check, settled, wait_for

ADDER_ROWS = [
    ("View → View", "target-action", "clicked → AdderView.addPressed()"),
    ("View → Controller", "delegate", 'setTotalVal("100", "200")'),
    ("Controller → Model", "method call", 'model.set("100", "200")'),
    ("View → Controller", "delegate", "getTotalVal()"),
    ("Controller → Model", "method call", "model.total()"),
    ("Controller → View", "delegate", 'getTotalVal() returned total("300")'),
]
ADDER_MERMAID = """sequenceDiagram
    participant View as View
    participant Controller as Controller
    participant Model as Model
    View->>View: clicked → AdderView.addPressed() [target-action]
    View->>Controller: setTotalVal("100", "200") [delegate]
    Controller->>Model: model.set("100", "200") [method call]
    View->>Controller: getTotalVal() [delegate]
    Controller->>Model: model.total() [method call]
    Controller->>View: getTotalVal() returned total("300") [delegate]
"""


def member_of(row):
    """The name a row's message is about, as its code line must write it: the method a
    target-action calls (`clicked → AdderView.addPressed()` → addPressed), the method or property
    a message reaches (`model.set(…)` → set, `address didSet → …` → address), what an observer or
    a binding is told of (`note.text → …` → text, `sum = "42"` → sum), the notification's `post`, the
    data source's `cells(forRow:)` for its row questions, and the presenter's `getUsers` for the
    service's answer, which reaches the callback that method gave."""
    text = row[2]
    if row[1] == "target-action":
        return text.split(" → ", 1)[1].split(".")[-1].split("(")[0]
    if row[1] == "data source":
        return "cells"
    if text.startswith("callBack("):
        return "getUsers"
    if row[1] in ("observer", "binding") or " didSet" in text:
        name = text.split(" ")[0]
        return name.split(".")[-1]
    return text.split("(")[0].split(" ")[0].split(".")[-1]


def asked_for_rows_of(app, total):
    """Waits for the table to ask its data source for the rows it draws, which it does in its next
    frame after the count is shown."""
    wait_for(lambda: any(r[1] == "data source" and f" of {total}" in r[2] for r in message_rows(app)),
             what=lambda: f"the table to ask for rows of {total}: {message_rows(app)}")


def check_each_row_opens_its_member(app):
    """Every recorded row's Code tab opens a line that names the row's member: the source map
    (made from the compiler's output) points at the right line, for every kind of row."""
    from test_learning import CODE, code_location, show_tab, source_text  # noqa: E402 (one module imports the other)
    show_tab(app, CODE)
    rows = message_rows(app)
    check(rows, "rows were recorded")
    table = app.find("Messages list").queryTable()
    for index, row in enumerate(rows):
        file, line = row[3].rsplit(":", 1)
        table.addRowSelection(index)
        wait_for(lambda: code_location(app).endswith(f"line {line}: " + ("the line that sent the message" if row[4] == "sender"
                                                                          else "the method that received it"))
                 and code_location(app).split(",")[0].endswith(file.split("/")[-1]),
                 what=f"row {index}'s code, {file}:{line}: {code_location(app)!r}")
        text, at = wait_for(lambda: source_text(app)[1] == int(line) and source_text(app), what=f"row {index}'s line under the cursor")
        member = member_of(row)
        check(member in text.splitlines()[at - 1], f"row {row[:3]} opens {file}:{line}, {text.splitlines()[at - 1]!r}, "
                                                   f"which does not name {member!r}")


def message_rows(app):
    """The pane's rows as a person reads them: (from → to, channel, message, code, whose line)."""
    listing = app.find("Messages list")
    table = listing if listing.getRoleName() in ("table", "tree table") else \
        pyatspi.findDescendant(listing, lambda n: n.getRoleName() in ("table", "tree table"))
    t = table.queryTable()
    return [tuple(t.getAccessibleAt(r, c).name for c in range(t.nColumns)) for r in range(t.nRows)]


def toggle_pane(app):
    """The main menu's Messages item (F9 does the same; a click needs no keyboard focus, which a
    Wayland compositor may leave on another window)."""
    app.click("Main menu")
    app.click("Messages")


def test_adder_add_in_the_messages_pane_and_its_mermaid_export():
    with App() as app:
        app.click("Add")  # with the pane closed: nothing is recorded
        toggle_pane(app)
        app.wait_find("Messages pane")
        app.wait_text("Messages status", "Use a page: its messages appear here as they pass.")
        check(message_rows(app) == [], f"nothing recorded while the pane was closed: {message_rows(app)}")

        app.click("Add")
        wait_for(lambda: len(message_rows(app)) >= len(ADDER_ROWS), what="the Add press's messages")
        rows = message_rows(app)
        check([r[:3] for r in rows] == ADDER_ROWS, f"one Add press, in order:\n{rows}")
        # The target-action row points at the line that connected the button (the sender's); the
        # others at the lesson's method that received the message: the view, the controller,
        # the model.
        files = [r[3].rsplit(":", 1)[0] for r in rows]
        check(files == ["triad/AdderView.swift", "triad/AdderViewController.swift", "TriadModel/AdderModel.swift",
                        "triad/AdderViewController.swift", "TriadModel/AdderModel.swift", "triad/AdderViewController.swift"],
              f"each row names the Swift file of the lesson: {rows}")
        check(all(r[3].rsplit(":", 1)[1].isdigit() and int(r[3].rsplit(":", 1)[1]) > 0 for r in rows), f"and its line: {rows}")
        check([r[4] for r in rows] == ["sender"] + ["receiver"] * 5, f"and whose line that is: {rows}")
        diagram = app.find("Message diagram")
        check(diagram.description.startswith("Latest message: Controller → View by delegate"),
              f"the diagram's text alternative: {diagram.description!r}")
        app.screenshot("messages-adder.png")
        check_each_row_opens_its_member(app)

        with tempfile.TemporaryDirectory(prefix="triad-export-") as folder:
            path = os.path.join(folder, "adder.mmd")
            app.click("Export messages")
            app.choose_file("Export Messages", path)
            wait_for(lambda: os.path.exists(path), what="the exported file")
            exported = open(path, encoding="utf-8").read().splitlines()
            for number, (got, expected) in enumerate(zip(exported, ADDER_MERMAID.splitlines()), 1):
                check(got == expected, f"Mermaid line {number}: {got!r}, expected {expected!r}")
            check(len(exported) == len(ADDER_MERMAID.splitlines()), f"{len(exported)} Mermaid lines")
            app.wait_text("Messages status", f"Saved to {path}.")

        toggle_pane(app)  # closed: recording stops and the rows are forgotten
        wait_for(lambda: app.find("Messages pane", required=False) is None, what="the pane to close")
        app.click("Add")
        toggle_pane(app)
        app.wait_find("Messages pane")
        check(message_rows(app) == [], f"nothing recorded or kept while closed: {message_rows(app)}")


def test_first_opening_keeps_the_focus_and_the_default_button():
    # The pane's first opening moves the pages into a divided pane (MainWindowView.swift): the
    # field being typed in keeps the focus, its text and cursor, and Enter still adds.
    with App() as app:
        app.focus_window("Triad")  # a new window gets the focus from a window manager (Xvfb has none)
        app.set_text("Second number", "5")
        app.focus("Second number")
        wait_for(lambda: app.is_focused("Second number"), what="focus in the second field")
        app.key("End")
        app.key("F9")
        app.wait_find("Messages pane")
        wait_for(lambda: app.is_focused("Second number"), what="the second field to keep the focus")
        field = app.find("Second number").queryText()
        check(field.getNSelections() == 0, "its text is not selected")
        app.key("0")
        app.wait_text("Second number", "50")
        app.key("Return")
        app.wait_text("Sum result", "150")


def opened_pane(app, page):
    """Opens the pane, goes to `page`, and clears what that recorded."""
    toggle_pane(app)
    app.wait_find("Messages pane")
    app.open_page(page)
    wait_for(lambda: app.selected_page() == page, what=f"the {page} page")
    clear(app)


def clear(app):
    """Clears the pane once what the last step set off has been recorded: a row that a late frame
    records (a table asking for the rows it draws) would otherwise come after the click."""
    settled(lambda: message_rows(app), 0.3 * TIMEOUT_SCALE, what="the rows to stop changing")
    app.click("Clear messages")
    wait_for(lambda: message_rows(app) == [], what=lambda: f"the rows to clear (still shown: {message_rows(app)})")


def shown(app, expected, what):
    """Waits until the rows (from → to, channel, message) contain `expected` in this order."""
    def found():
        rows = [r[:3] for r in message_rows(app)]
        position = 0
        for row in rows:
            if position < len(expected) and row == expected[position]:
                position += 1
        return position == len(expected)
    wait_for(found, what=f"{what}: {expected}\n(shown: {[r[:3] for r in message_rows(app)]})")


def test_address_save_with_an_error_then_leaving_with_unsaved_edits():
    with App() as app:
        opened_pane(app, "Address")
        app.wait_find("Street")
        app.set_text("Postal code", "bad#")
        clear(app)
        app.click("Save address")
        shown(app, [("View → Controller", "target-action", "clicked → AddressViewController.updateAddressFromView()"),
                    ("Controller → Model", "method call", "book.save(form)"),
                    ("Model → Controller", "delegate (did)", 'addressBook(didRefuse: ["street", "city", "state", "postalCode"])')],
              "Save with errors")
        app.screenshot("messages-address.png")
        check_each_row_opens_its_member(app)
        clear(app)
        app.open_page("Adder")
        app.wait_find("Unsaved address")
        shown(app, [("Controller → Controller", "delegate (should)", "pageShouldClose → ask")], "leaving with unsaved edits")
        app.click("Discard")


def test_login_registration_hands_the_name_back_through_the_delegate():
    with App() as app:
        opened_pane(app, "Login")
        app.click("Register…")
        app.wait_find("New user name")
        shown(app, [("View → Controller", "target-action", "clicked → LoginViewController.openRegistration()")], "Register…")
        app.set_text("New user name", "kim")
        app.set_text("New password", "Plum tree, 7 ferries & a lantern")
        app.set_text("Confirm password", "Plum tree, 7 ferries & a lantern")
        clear(app)
        app.click("Register", role="push button")
        # What the person sees: the dialog gone, the name handed back, and the page's message.
        wait_for(lambda: app.find("New user name", required=False) is None, timeout=20, what="the dialog to close")
        app.wait_text("User name", "kim")
        app.wait_text("Login message", "Account kim created. Enter its password to log in.")
        shown(app, [("View → Controller", "target-action", "response → RegisterViewController.answered()"),
                    ("Controller → Controller", "delegate (did)", 'registerViewController(didRegister: "kim")')],
              "registration")
        check(not any("Plum" in cell for row in message_rows(app) for cell in row), "no password is ever shown")
        app.screenshot("messages-login.png")
        check_each_row_opens_its_member(app)


def test_users_search_and_scroll():
    with tempfile.TemporaryDirectory(prefix="triad-ui-", ignore_cleanup_errors=True) as data:
        subprocess.run([BIN, "--generate-users", "997"], env=dict(os.environ, TRIAD_DATA_DIR=data),
                       check=True, capture_output=True)
        with App(data_dir=data) as app:
            opened_pane(app, "Users")
            wait_for(lambda: app.find("User count", required=False) and app.text("User count") == "1000 users", what="the list")
            clear(app)
            app.set_text("Search users", "Iyad")
            shown(app, [("View → Controller", "target-action", "changed → UsersViewController.searchChanged()"),
                        ("Controller → Presenter", "method call", 'getUsers(matching: "Iyad")'),
                        ("Presenter → View", "outlet / view update", "startLoading()"),
                        ("Store → Presenter", "delegate", "callBack(.success)"),
                        ("Presenter → View", "outlet / view update", "finishLoading()")],
                  "a search")
            app.screenshot("messages-users.png")
            check_each_row_opens_its_member(app)
            app.set_text("Search users", "")
            wait_for(lambda: app.text("User count") == "1000 users", what="the whole list again")
            asked_for_rows_of(app, 1000)
            clear(app)
            position = app.find("User list position").queryValue()
            for step in range(1, 11):  # a scroll to the end, in ten moves
                position.currentValue = position.maximumValue * step / 10
            wait_for(lambda: any(r[1] == "data source" and "–999 of 1000 ×" in r[2] for r in message_rows(app)),
                     what=f"the data source asked for the last rows: {message_rows(app)}")
            questions = [r for r in message_rows(app) if r[1] == "data source"]
            check(len(questions) <= 3, f"a scroll's questions merge into a few rows, not hundreds: {questions}")
            check(any("×" in r[2] for r in questions), f"with a count: {questions}")


def test_note_typing_in_the_flipside_window_merges():
    with App() as app:
        opened_pane(app, "Note")
        app.click("Edit note")
        app.wait_find("Note editor")
        app.focus_window("Edit Note")
        app.focus("Note editor")
        clear_typing = message_rows(app)
        subprocess.run(["xdotool", "type", "--delay", "40", "hello world"], check=True)
        wait_for(lambda: any(r[2].startswith("changed → FlipsideViewController.textChanged()") and "×" in r[2] for r in message_rows(app)),
                 what=f"the typing merged: {message_rows(app)}")
        rows = [r[:3] for r in message_rows(app)]
        check(len(rows) - len(clear_typing) <= 8, f"11 keystrokes make a few rows, not 33: {rows}")
        for expected in [("View → Controller", "target-action", "changed → FlipsideViewController.textChanged() ×11"),
                         ("Model → Controller", "observer", "note.text → 2 observer(s) ×11"),
                         ("Model → Controller", "notification", "post(.noteChanged) ×11")]:
            wait_for(lambda: expected in [r[:3] for r in message_rows(app)], what=f"{expected} in {[r[:3] for r in message_rows(app)]}")
        app.screenshot("messages-note.png")
        check_each_row_opens_its_member(app)


def test_the_pane_beside_the_widest_page_keeps_the_window_on_the_screen():
    """The chart page, the widest, with the pane opened beside it: the window grows by the pane, but
    no wider than the 1280-pixel output both passes use (X11's screen, weston's output), so that its
    right edge, the Close button and the pane's own buttons are on the screen. A pane asking for more
    than its rows need (X11), or a filter as wide as its longest channel (Wayland, whose text is a
    little wider), made the window wider than the screen, where GTK keeps it, off the edge."""
    with App(args=["--page", "chart"]) as app:
        toggle_pane(app)
        app.wait_find("Messages pane")
        # The header bar spans the window's width (the frame's own extents add its shadow).
        header = next(child for child in app.frames()[0] if child.getRole() == pyatspi.ROLE_PANEL)
        width = settled(lambda: header.queryComponent().getExtents(pyatspi.WINDOW_COORDS).width, 0.3,
                        what="the window's width to settle")
        check(width <= 1280, f"the window with the pane is {width} pixels wide, more than the 1280 of the screen")
        check(width >= 1200, f"the window grew by the pane: {width} pixels")


def test_the_pane_in_its_own_window():
    with App() as app:
        toggle_pane(app)
        app.wait_find("Messages pane")
        app.click("Messages in their own window")
        wait_for(lambda: any(f.name == "Messages" for f in app.frames()), what="the Messages window")
        check(app.find("Messages in their own window", required=False) is None, "no own-window button in its own window")
        clear(app)
        app.click("Add")
        wait_for(lambda: [r[:3] for r in message_rows(app)] == ADDER_ROWS, what=f"the Add press in the window: {message_rows(app)}")
        app.focus_window("Messages")
        app.key("ctrl+w")
        wait_for(lambda: not any(f.name == "Messages" for f in app.frames()), what="Ctrl+W to close the Messages window")
        check(app.find("Messages pane", required=False) is None, "closing the window closes the pane")
        toggle_pane(app)  # it opens beside the pages again, with nothing kept
        app.wait_find("Messages pane")
        check(message_rows(app) == [], f"nothing kept: {message_rows(app)}")
        check(app.find("Messages in their own window", required=False) is not None, "beside the pages, the button is back")


TESTS = [test_adder_add_in_the_messages_pane_and_its_mermaid_export, test_first_opening_keeps_the_focus_and_the_default_button,
         test_the_pane_in_its_own_window, test_the_pane_beside_the_widest_page_keeps_the_window_on_the_screen,
         test_address_save_with_an_error_then_leaving_with_unsaved_edits,
         test_login_registration_hands_the_name_back_through_the_delegate, test_users_search_and_scroll,
         test_note_typing_in_the_flipside_window_merges]
