"""Travel through the Messages pane's recorded messages: the page's models set back to what they
held right after a message, every view following them, the store untouched while the page is in
the past (read with the sqlite3 program, as any other program would read it), a kill in the past
leaving the store as it was, and a change made in the past starting a new present."""
import os
import subprocess
import tempfile
import time

import pyatspi

from harness import App, bring_into_view, check, holds_for, screen_box, screen_region, settled, wait_for
from test_address import fill, shown
from test_chart import EXAMPLE, expect, open_chart
from test_learning import select_row
from test_login import PASSWORD, log_in, open_registration, register
from test_messages import clear, message_rows, toggle_pane
from test_note import close_flipside, open_flipside, stored_note
from test_patterns import choose
from test_users import rows as user_rows


def store_dump(data):
    """Everything the store holds, as the sqlite3 program prints it (read-only, never waiting on
    the app: the app's writer holds no lock between writes)."""
    path = os.path.join(data, "triad.sqlite3")
    result = subprocess.run(["sqlite3", "-readonly", path, ".dump"], capture_output=True, text=True, timeout=20)
    check(result.returncode == 0, f"sqlite3 could read the store: {result.stderr}")
    return result.stdout


def settled_dump(data):
    """The store once the app's saves have landed (the dump the same for a while)."""
    return settled(lambda: store_dump(data), 1.0, what="the store to stop changing")


def apart():
    """Waits out the pane's burst: repeats within two seconds merge into one row (MessageLog's
    burstMicroseconds), keeping only the last moment; a person's separate actions get rows."""
    time.sleep(2.1)


def where(app):
    return app.text("Where in time")


def travel_to(app, message):
    """Selects the row whose message starts with `message` and presses Travel here."""
    select_row(app, message)
    app.click("Travel here")
    wait_for(lambda: where(app).startswith("After message"), what=lambda: f"the page in the past: {where(app)!r}")


def dimmed(app):
    """Which of the rows in view are shown dimmed, as a person sees them: {row: dimmed}. The
    darkest pixel of a row's "From → To" cell is the theme's text colour (dark) in a plain row and
    its insensitive text colour (mid grey) in a dimmed one; the selected row (light text on the
    selection's colour) is left out, and a row is read from the part of it in view, if that is at
    least its upper half (the text's upper half has the same ink). (GTK's accessible cells do not
    carry a renderer's sensitivity, so this reads the screen.)"""
    listing = app.find("Messages list")
    lx, ly, lw, lh = bring_into_view(listing)  # on Wayland the pane may reach past the output's edge
    table = listing.queryTable()
    seen = {}
    for r in range(table.nRows):
        cell = table.getAccessibleAt(r, 0)
        if cell.getState().contains(pyatspi.STATE_SELECTED) or table.isRowSelected(r):
            continue
        x, y, w, h = screen_box(cell)
        shown = min(y + h, ly + lh) - y  # where the window is short, the last row is cut at the list's foot
        if w <= 0 or h <= 0 or y < ly + 20 or shown < h // 2:  # below the column titles, at least half in view
            continue
        ink = min(sum(p) // 3 for p in screen_region(x, y, w, shown))
        seen[r] = ink > 100
    return seen


def later_count(app):
    """How many rows the pane says are after the moment travelled to."""
    words = where(app).split(": ", 1)[1].split()
    return int(words[0])


def open_pane_on(app, page_title):
    toggle_pane(app)
    app.wait_find("Messages pane")
    app.open_page(page_title)
    wait_for(lambda: app.selected_page() == page_title, what=f"the {page_title} page")


def drag_apples(app, values):
    """On the chart page with the pane open and cleared, the Apples bar dragged to each of
    `values` in turn, each a message of its own (see `apart`), every view followed each time."""
    open_chart(app)
    toggle_pane(app)
    app.wait_find("Messages pane")
    clear(app)
    for value in values:
        app.find("Apples", role="slider").queryValue().currentValue = value
        expect(app, [("Apples", value)] + EXAMPLE[1:], f"Apples at {value}, now")
        apart()


def test_chart_travels_back_and_forward_and_every_view_follows():
    with tempfile.TemporaryDirectory(prefix="triad-ui-", ignore_cleanup_errors=True) as data:
        with App(data_dir=data) as app:
            drag_apples(app, (20, 30))
            before = settled_dump(data)
            check("30" in before, "the present is stored")

            travel_to(app, "model.setVotes(at: 0, to: 20)")
            expect(app, [("Apples", 20)] + EXAMPLE[1:], "the table, the bars and the pie as they were after the first change")
            rows = message_rows(app)
            point = next(i for i, r in enumerate(rows) if r[2] == "model.setVotes(at: 0, to: 20)")
            shown = dimmed(app)
            check(shown and all(d == (r > point) for r, d in shown.items()), f"the rows after the point are dimmed: {shown}")
            check(later_count(app) == len(rows) - point - 1, f"the pane counts the later rows: {where(app)!r}")
            app.screenshot("travel-chart.png")

            app.click("Step back")
            app.click("Step back")
            expect(app, EXAMPLE, "two steps back: before the first change")
            app.find("Time", role="slider").queryValue().currentValue = point + 1
            expect(app, [("Apples", 20)] + EXAMPLE[1:], "the Time slider set to the first change")
            app.click("Step forward")
            for _ in range(len(rows)):
                if votes_now(app) == 30 or not app.find("Step forward").getState().contains(pyatspi.STATE_SENSITIVE):
                    break
                app.click("Step forward")
            expect(app, [("Apples", 30)] + EXAMPLE[1:], "stepped forward to the second change")
            holds_for(lambda: store_dump(data) == before, 1.0, what="the store unchanged by travel")

            app.click("Back to now")
            wait_for(lambda: where(app).startswith("Now."), what=lambda: f"the present: {where(app)!r}")
            expect(app, [("Apples", 30)] + EXAMPLE[1:], "back to now")
            check(not any(dimmed(app).values()), "no row is dimmed in the present")
            holds_for(lambda: store_dump(data) == before, 1.0, what="the store as it was")
            app.find("Apples", role="slider").queryValue().currentValue = 31
            expect(app, [("Apples", 31)] + EXAMPLE[1:], "the present changes as before")
            wait_for(lambda: "31" in store_dump(data), what="and is stored as before")


def votes_now(app):
    return int(app.find("Apples", role="slider").queryValue().currentValue)


def test_a_change_in_the_past_asks_then_starts_a_new_present():
    with tempfile.TemporaryDirectory(prefix="triad-ui-", ignore_cleanup_errors=True) as data:
        with App(data_dir=data) as app:
            drag_apples(app, (20, 30, 40))
            before = settled_dump(data)
            travel_to(app, "model.setVotes(at: 0, to: 20)")
            later = later_count(app)
            check(later > 0 and any(dimmed(app).values()), "later rows are dimmed")
            app.find("Pears", role="slider").queryValue().currentValue = 1
            dialog = app.wait_find("Start a new present")
            detail = " ".join(n.name for n in pyatspi.findAllDescendants(dialog, lambda n: n.getRoleName() == "label"))
            check(f"{later} later messages will be dropped" in detail, f"the question names how many rows go: {detail!r}")
            check(store_dump(data) == before, "nothing is stored before the answer")

            app.click("Keep the Past")
            wait_for(lambda: app.find("Start a new present", required=False) is None, what="the question to close")
            expect(app, [("Apples", 20)] + EXAMPLE[1:], "kept in the past, unchanged")
            check(later_count(app) == later, "the later rows still there")
            holds_for(lambda: store_dump(data) == before, 0.5, what="nothing stored")

            app.find("Pears", role="slider").queryValue().currentValue = 1
            app.wait_find("Start a new present")
            app.click("Drop Later Messages")
            expected = [("Apples", 20), ("Pears", 1)] + EXAMPLE[2:]
            expect(app, expected, "the new present: the past with the change")
            wait_for(lambda: where(app).startswith("A new present"), what=lambda: f"said: {where(app)!r}")
            check(not any(dimmed(app).values()), "no row is dimmed")
            check(not any(r[2] in ("model.setVotes(at: 0, to: 30)", "model.setVotes(at: 0, to: 40)") for r in message_rows(app)),
                  f"the later rows are dropped: {message_rows(app)}")
            wait_for(lambda: store_dump(data) != before, what="the page's ordinary save to store the new present")
        with App(data_dir=data) as app:
            open_chart(app)
            expect(app, expected, "the new present after a restart")


def test_note_travels_in_both_windows_and_a_kill_leaves_the_store():
    with tempfile.TemporaryDirectory(prefix="triad-ui-", ignore_cleanup_errors=True) as data:
        with App(data_dir=data) as app:
            open_pane_on(app, "Note")
            open_flipside(app)
            clear(app)
            app.set_text("Note editor", "first")
            app.wait_text("Note text", "first")
            wait_for(lambda: stored_note(data) == "first", what="the first text stored")
            apart()
            app.set_text("Note editor", "second")
            app.wait_text("Note text", "second")
            wait_for(lambda: stored_note(data) == "second", what="the second text stored")
            before = settled_dump(data)

            select_row(app, "post(.noteChanged)")  # the first edit's last message
            app.click("Travel here")
            app.wait_text("Note text", "first")
            app.wait_text("Note editor", "first")  # the Edit Note window follows too
            holds_for(lambda: store_dump(data) == before, 1.5, what="the store unchanged while the note is in the past")
            app.click("Back to now")
            app.wait_text("Note text", "second")
            app.wait_text("Note editor", "second")
            holds_for(lambda: store_dump(data) == before, 1.5, what="the store exactly as it was, after back to now")

            app.click("Step back")
            wait_for(lambda: where(app).startswith("After message"), what="in the past again")
            app.click("Step back")
            app.click("Step back")
            app.wait_text("Note text", "first")
            holds_for(lambda: store_dump(data) == before, 1.0, what="the store unchanged")
            app.kill()
            check(store_dump(data) == before, "a kill in the past leaves the store as before travel")
        with App(data_dir=data) as app:
            app.open_page("Note")
            app.wait_text("Note text", "second")


def add_two_sums(app):
    """A cleared pane, then 40 + 2 and 1 + 1 added, each a message of its own: the adder's two
    moments to travel between (or skip)."""
    clear(app)
    for first, second, total in (("40", "2", "42"), ("1", "1", "2")):
        app.set_text("First number", first)
        app.set_text("Second number", second)
        app.click("Add")
        app.wait_text("Sum result", total)
        apart()


def test_adder_travels_in_each_pattern():
    with tempfile.TemporaryDirectory(prefix="triad-ui-", ignore_cleanup_errors=True) as data:
        with App(data_dir=data) as app:
            open_pane_on(app, "Adder")
            for pattern in ("MVC", "MVP", "MVVM"):
                choose(app, pattern)
                add_two_sums(app)
                app.set_text("First number", "7")  # typed, not added: the present keeps it
                before = settled_dump(data)
                travel_to(app, 'model.set("40", "2")')
                app.wait_text("Sum result", "42")
                check((app.text("First number"), app.text("Second number")) == ("40", "2"), f"{pattern}: the fields follow")
                if pattern == "MVVM":
                    app.screenshot("travel-adder-mvvm.png")
                holds_for(lambda: store_dump(data) == before, 0.8, what=f"{pattern}: the store unchanged in the past")
                app.click("Back to now")
                app.wait_text("Sum result", "2")
                check((app.text("First number"), app.text("Second number")) == ("7", "1"),
                      f"{pattern}: the fields as they were: {app.text('First number')!r}, {app.text('Second number')!r}")
                holds_for(lambda: store_dump(data) == before, 0.8, what=f"{pattern}: the store unchanged by travel")


def test_adder_comes_back_to_now_with_its_error():
    """The present comes back exactly: what the fields held, the sum and the error shown for a
    field's text (the model kept its numbers), in each pattern."""
    with tempfile.TemporaryDirectory(prefix="triad-ui-", ignore_cleanup_errors=True) as data:
        with App(data_dir=data) as app:
            open_pane_on(app, "Adder")
            for pattern, typed, error in (("MVC", ("4x", "2"), "Enter a whole number in the first field"),
                                          ("MVP", ("40", ""), "Enter a number in the second field"),
                                          ("MVVM", ("40", "99999999999999999999"), "The second number is too large or too small")):
                choose(app, pattern)
                clear(app)
                app.set_text("First number", "40")
                app.set_text("Second number", "2")
                app.click("Add")
                app.wait_text("Sum result", "42")
                apart()
                app.set_text("First number", typed[0])
                app.set_text("Second number", typed[1])
                app.click("Add")
                app.wait_text("Adder error", error)
                travel_to(app, 'model.set("40", "2")')
                app.wait_text("Sum result", "42")
                app.click("Back to now")
                wait_for(lambda: where(app).startswith("Now."), what=lambda: f"the present: {where(app)!r}")
                app.wait_text("Adder error", error)
                check(app.text("Sum result") == "–", f"{pattern}: no sum beside the error: {app.text('Sum result')!r}")
                check((app.text("First number"), app.text("Second number")) == typed,
                      f"{pattern}: the fields as they were: {app.text('First number')!r}, {app.text('Second number')!r}")
                wrong = "First number" if "first" in error else "Second number"
                check(app.find(wrong).description == error, f"{pattern}: the wrong field marked again")


def test_address_travels_through_its_property_observer_and_a_save_in_the_past_asks():
    first = ("1 Main Street", "Springfield", "Oregon", "97477")
    second = ("2 High Street", "Shelbyville", "Oregon", "97478")
    with tempfile.TemporaryDirectory(prefix="triad-ui-", ignore_cleanup_errors=True) as data:
        with App(data_dir=data) as app:
            open_pane_on(app, "Address")
            clear(app)
            for address in (first, second):
                fill(app, address)
                app.click("Save address")
                wait_for(lambda: app.text("Address status").startswith("Saved at") and shown(app) == address,
                         what=f"{address} saved")
                apart()
            app.set_text("City", "typed, not saved")
            before = settled_dump(data)
            check("2 High Street" in before, "the present is stored")
            app.click("Step back")
            wait_for(lambda: where(app).startswith("After message"), what="the page in the past")
            for _ in range(40):
                if shown(app) == first:
                    break
                app.click("Step back")
            check(shown(app) == first, f"the form shows the first address again: {shown(app)}")
            holds_for(lambda: store_dump(data) == before, 0.8, what="the store unchanged in the past")
            app.click("Back to now")
            wait_for(lambda: shown(app) == (second[0], "typed, not saved") + second[2:], what=lambda: f"the present, typed text too: {shown(app)}")
            holds_for(lambda: store_dump(data) == before, 0.8, what="the store as it was")

            app.click("Step back")
            wait_for(lambda: where(app).startswith("After message"), what="in the past again")
            app.click("Save address")  # a save in the past asks first
            app.wait_find("Start a new present")
            check(store_dump(data) == before, "nothing stored before the answer")
            app.click("Drop Later Messages")
            wait_for(lambda: store_dump(data) != before, what="the book's ordinary save, once agreed")


def step_back_until(app, reached, what):
    """Steps back through the rows until `reached()` holds (a moment found on the way)."""
    app.click("Step back")
    wait_for(lambda: where(app).startswith("After message"), what="the page in the past")
    for _ in range(60):
        if reached():
            return
        app.click("Step back")
    check(reached(), what)


def accounts(data):
    """The accounts table as the sqlite3 program prints it."""
    return "\n".join(line for line in store_dump(data).splitlines() if "accounts" in line.lower())


def test_users_travel_in_their_search_and_the_list_follows():
    mila = [("Mila Haward", "24 years", "mila.haward@example.com")]
    with tempfile.TemporaryDirectory(prefix="triad-ui-", ignore_cleanup_errors=True) as data:
        with App(data_dir=data) as app:
            open_pane_on(app, "Users")
            wait_for(lambda: len(user_rows(app)) == 3, what="the whole list")
            clear(app)
            for query, names in (("mi", ["Mila Haward"]), ("mark", ["Mark Astun"]), ("iyad", ["Iyad Agha"])):
                app.set_text("Search users", query)
                wait_for(lambda: [r[0] for r in user_rows(app)] == names, what=f"{names} for {query!r}")
                apart()
            before = settled_dump(data)
            step_back_until(app, lambda: app.text("Search users") == "mi", f"the search of the first moment: {app.text('Search users')!r}")
            wait_for(lambda: user_rows(app) == mila, what=lambda: f"the list follows the search: {user_rows(app)}")
            app.wait_text("User count", "1 user")
            holds_for(lambda: store_dump(data) == before, 0.8, what="the store unchanged in the past")
            app.click("Back to now")
            wait_for(lambda: where(app).startswith("Now."), what=lambda: f"the present: {where(app)!r}")
            app.wait_text("Search users", "iyad")
            wait_for(lambda: [r[0] for r in user_rows(app)] == ["Iyad Agha"], what=lambda: f"the present's list: {user_rows(app)}")
            holds_for(lambda: store_dump(data) == before, 0.8, what="the store as it was")


def test_login_and_registration_travel_in_the_form_never_the_accounts():
    with tempfile.TemporaryDirectory(prefix="triad-ui-", ignore_cleanup_errors=True) as data:
        with App(data_dir=data) as app:
            open_pane_on(app, "Login")
            clear(app)
            log_in(app, "nobody", "not-a-password")
            # The refusal itself, not "Checking…": while the password is checked the form is
            # insensitive, and a click on Register… then does nothing, as for a person.
            app.wait_text("Login message", "User name or password is wrong", timeout=15)
            apart()
            open_registration(app)
            register(app, "Alice", PASSWORD)
            wait_for(lambda: app.find("New user name", required=False) is None, what="the dialog to close")
            app.wait_text("User name", "Alice")
            apart()
            app.set_text("User name", "Carol")  # typed, not sent: the present keeps it
            app.set_text("Password", "typed-secret")
            masked = app.text("Password")  # AT-SPI reads a password field masked, never its text
            check(masked != "", "the password field holds text")
            before = settled_dump(data)
            check("Alice" in accounts(data), f"the account is stored: {accounts(data)!r}")
            step_back_until(app, lambda: app.text("User name") == "nobody", f"the name before the registration: {app.text('User name')!r}")
            check(app.text("Password") == masked, "travel never sets a password field")
            holds_for(lambda: store_dump(data) == before, 0.8, what="the accounts and the store unchanged in the past")
            app.click("Back to now")
            wait_for(lambda: where(app).startswith("Now."), what=lambda: f"the present: {where(app)!r}")
            app.wait_text("User name", "Carol")
            holds_for(lambda: store_dump(data) == before, 0.8, what="the accounts as they were after back to now")
            check("Alice" in accounts(data), "Alice's account is still there")


TESTS = [test_chart_travels_back_and_forward_and_every_view_follows, test_a_change_in_the_past_asks_then_starts_a_new_present,
         test_note_travels_in_both_windows_and_a_kill_leaves_the_store, test_adder_travels_in_each_pattern,
         test_adder_comes_back_to_now_with_its_error, test_users_travel_in_their_search_and_the_list_follows,
         test_login_and_registration_travel_in_the_form_never_the_accounts,
         test_address_travels_through_its_property_observer_and_a_save_in_the_past_asks]
