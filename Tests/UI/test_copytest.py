"""Copy as Test in the Messages pane: a session recorded through the real window on the adder shown
as MVP and on the users list, copied as an XCTest method, read off the clipboard as another program
reads it. The button is offered only on those pages, and says why elsewhere.

`make test-copytest` (Tests/UI/copytest.py) goes on: it compiles the copied methods in a scratch
package over a copy of the model, runs them, and runs them again with a presenter defect planted
in the copy, where they must fail."""
import contextlib
import json
import os
import subprocess

import pyatspi

from harness import App, check, press, wait_for, windows_of
from test_messages import clear, message_rows, toggle_pane
from test_patterns import choose
from test_travel import apart
from test_users import open_users, rows

READER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "clipboard_window.py")
TESTED_ON = ("Copy the recorded session as an XCTest method that drives the presenter with a mock view")
WHY_NOT = "Only a presenter can be copied as a test: show the adder as MVP, or the users list"
COPIED = "Test copied: paste it into a test case that imports TriadModel."


@contextlib.contextmanager
def reader():
    """Another program's window (clipboard_window.py), which prints the clipboard's text when pressed."""
    process = subprocess.Popen(["/usr/bin/python3", READER, "read", "1000", "800"], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, text=True)
    try:
        check(process.stdout.readline().strip() == "ready", "the other program's window shows")
        yield process
    finally:
        process.stdin.close()
        process.wait(timeout=10)


def pasted(process):
    """What the reader finds on the clipboard once pressed (pressed again while it finds nothing:
    on Wayland the offer comes with the focus the press gives)."""
    target = wait_for(lambda: pyatspi.findDescendant(windows_of(process.pid)[0], lambda n: n.name == "Paste here"),
                      what="the other program's window on the AT-SPI bus")
    for _ in range(20):
        press(target)
        text = json.loads(process.stdout.readline())
        if text:
            return text
    raise AssertionError("the clipboard held no text")


def button(app):
    return app.find("Copy as Test", role="push button")


def sensitive(app):
    return button(app).getState().contains(pyatspi.STATE_SENSITIVE)


def copy_as_test(app):
    """Presses Copy as Test with the pointer, as a person does (on Wayland the compositor takes a
    copy only from the window that has the latest input), and reads what it put on the clipboard
    from another program."""
    press(button(app))
    app.wait_text("Messages status", COPIED)
    with reader() as process:
        return pasted(process)


def record_adder(app):
    """On the adder shown as MVP: 40 + 2, then 40 + "two" (each press a row of its own). The
    copied method."""
    choose(app, "MVP")
    wait_for(lambda: sensitive(app), what="Copy as Test offered on the MVP adder")
    check(button(app).description == TESTED_ON, f"its tooltip: {button(app).description!r}")
    app.set_text("First number", "40")
    app.set_text("Second number", "2")
    clear(app)
    app.click("Add")
    app.wait_text("Sum result", "42")
    apart()
    app.set_text("Second number", "two")
    app.click("Add")
    wait_for(lambda: any(r[2].startswith("showError(") for r in message_rows(app)), what="the error's row")
    return copy_as_test(app)


def record_users(app):
    """On the users list: a search for "mi" (Mila alone), then one for "nobody". The copied method."""
    open_users(app)
    wait_for(lambda: sensitive(app), what="Copy as Test offered on the users list")
    clear(app)
    app.set_text("Search users", "mi")
    wait_for(lambda: [r[0] for r in rows(app)] == ["Mila Haward"], what="Mila alone")
    apart()
    app.set_text("Search users", "nobody")
    app.wait_find("No users yet")
    wait_for(lambda: any(r[2] == "setEmptyUsers()" for r in message_rows(app)), what="the empty list's row")
    return copy_as_test(app)


def recorded_sessions():
    """Both sessions, recorded in one window, as their copied methods: (adder, users)."""
    with App() as app:
        toggle_pane(app)
        app.wait_find("Messages pane")
        wait_for(lambda: not sensitive(app), what="Copy as Test not offered on the MVC adder")
        check(button(app).description == WHY_NOT, f"its tooltip says why: {button(app).description!r}")
        adder = record_adder(app)
        users = record_users(app)
        app.open_page("Chart")
        wait_for(lambda: not sensitive(app), what="Copy as Test not offered on the chart")
        check(button(app).description == WHY_NOT, f"its tooltip says why: {button(app).description!r}")
        return adder, users


def test_copy_as_test_copies_the_presenters_sessions():
    adder, users = recorded_sessions()
    for line in ["func testRecordedAdderSession() {", "let presenter = AdderPresenter()", 'presenter.add("40", "2")',
                 'presenter.add("40", "two")', r'"showSum(\"42\")",',
                 r'"showError(\"Enter a whole number in the second field\", field: .second)",']:
        check(line in adder, f"the adder's method has {line!r}:\n{adder}")
    check(adder.index('presenter.add("40", "2")') < adder.index('presenter.add("40", "two")'), f"in order:\n{adder}")
    for line in ["func testRecordedUsersSession() {", "let presenter = UsersPresenter(service: service)",
                 'presenter.getUsers(matching: "mi")', 'presenter.getUsers(matching: "nobody")',
                 '"setUsers(count: 1)",', '"setEmptyUsers()",']:
        check(line in users, f"the users' method has {line!r}:\n{users}")
    check(users.count(".completion(.success(RecordedService.users(") >= 2, f"each search answered:\n{users}")


TESTS = [test_copy_as_test_copies_the_presenters_sessions]
