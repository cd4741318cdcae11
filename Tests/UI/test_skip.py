"""Skip in the Messages pane: the page recomputed as if the selected message had never come, every
view following, the views that changed named, the skipped row marked, nothing stored until Back to
now brings the present back; on a page that keeps only its last state, Skip says why it cannot."""
import tempfile

import pyatspi

from harness import App, check, holds_for, wait_for
from test_chart import EXAMPLE, expect
from test_learning import select_row
from test_messages import clear, message_rows
from test_note import open_flipside, stored_note
from test_patterns import choose
from test_travel import add_two_sums, apart, drag_apples, open_pane_on, settled_dump, store_dump, where


def skip(app, message, nth=None):
    """Selects the row whose message starts with `message` (the `nth` such row, counted as a list
    index, where several start so) and presses Skip."""
    if nth is None:
        select_row(app, message)
    else:
        select_nth_row(app, message, nth)
    wait_for(lambda: app.find("Skip").getState().contains(pyatspi.STATE_SENSITIVE), what="Skip to be possible")
    app.click("Skip")
    wait_for(lambda: where(app).startswith("Skipping this message"), what=lambda: f"the skip said: {where(app)!r}")


def select_nth_row(app, message, nth):
    """Selects the `nth` of the pane's rows whose message starts with `message`, as a click does."""
    table = app.find("Messages list").queryTable()
    found = [row for row in range(table.nRows) if table.getAccessibleAt(row, 2).name.startswith(message)]
    check(-len(found) <= nth < len(found), f"no row {nth} of {message!r} in {message_rows(app)}")
    table.addRowSelection(found[nth])


def skipped_rows(app):
    return [r[2] for r in message_rows(app) if r[2].endswith("(skipped)")]


def back_to_now(app):
    app.click("Back to now")
    wait_for(lambda: where(app).startswith("Now."), what=lambda: f"the present: {where(app)!r}")


def test_skip_on_the_chart_recomputes_every_view():
    with tempfile.TemporaryDirectory(prefix="triad-ui-", ignore_cleanup_errors=True) as data:
        with App(data_dir=data) as app:
            drag_apples(app, (20,))
            app.find("Pears", role="slider").queryValue().currentValue = 9
            expect(app, [("Apples", 20), ("Pears", 9)] + EXAMPLE[2:], "Pears at 9, now")
            apart()
            app.find("Apples", role="slider").queryValue().currentValue = 30
            present = [("Apples", 30), ("Pears", 9)] + EXAMPLE[2:]
            expect(app, present, "Apples at 30, now")
            before = settled_dump(data)

            skip(app, "model.setVotes(at: 1, to: 9)")
            expect(app, [("Apples", 30)] + EXAMPLE[1:], "without Pears' change: Apples' later change stays, Pears as before")
            check(where(app) == "Skipping this message changes: Table, Bar chart, Pie chart.", f"the views named: {where(app)!r}")
            check(skipped_rows(app) == ["model.setVotes(at: 1, to: 9) (skipped)"], f"the row marked: {skipped_rows(app)}")
            holds_for(lambda: store_dump(data) == before, 0.8, what="the store unchanged by the skip")

            skip(app, "model.setVotes(at: 0, to: 20)")
            expect(app, present, "a change a later one overwrote: the page as it is")
            check(where(app) == "Skipping this message changes nothing the page shows.", f"said: {where(app)!r}")
            skip(app, "model.setVotes(at: 0, to: 30)")
            expect(app, [("Apples", 20), ("Pears", 9)] + EXAMPLE[2:], "without the last change")
            back_to_now(app)
            expect(app, present, "back to now")
            check(skipped_rows(app) == [], "no row is marked in the present")
            holds_for(lambda: store_dump(data) == before, 0.8, what="the store as it was")

            app.open_page("Users")
            wait_for(lambda: app.selected_page() == "Users", what="the Users page")
            app.set_text("Search users", "mi")
            wait_for(lambda: len(message_rows(app)) > 0, what="a row")
            select_row(app, message_rows(app)[-1][2])
            skip_button = app.find("Skip")
            wait_for(lambda: "keeps only its last state" in skip_button.description, what=lambda: f"why: {skip_button.description!r}")
            check(not skip_button.getState().contains(pyatspi.STATE_SENSITIVE), "Skip cannot act on the users list")


def test_skip_on_the_adder_in_each_pattern():
    with tempfile.TemporaryDirectory(prefix="triad-ui-", ignore_cleanup_errors=True) as data:
        with App(data_dir=data) as app:
            open_pane_on(app, "Adder")
            for pattern in ("MVC", "MVP", "MVVM"):
                choose(app, pattern)
                add_two_sums(app)
                before = settled_dump(data)
                skip(app, 'model.set("1", "1")')
                app.wait_text("Sum result", "42")
                check((app.text("First number"), app.text("Second number")) == ("40", "2"), f"{pattern}: the fields follow")
                check(where(app) == "Skipping this message changes: First number, Second number, Sum.", f"{pattern}: said {where(app)!r}")
                check(skipped_rows(app) == ['model.set("1", "1") (skipped)'], f"{pattern}: the row marked: {skipped_rows(app)}")
                holds_for(lambda: store_dump(data) == before, 0.8, what=f"{pattern}: the store unchanged by the skip")
                skip(app, 'model.set("40", "2")')
                app.wait_text("Sum result", "2")
                check(where(app) == "Skipping this message changes nothing the page shows.", f"{pattern}: said {where(app)!r}")
                back_to_now(app)
                app.wait_text("Sum result", "2")
                holds_for(lambda: store_dump(data) == before, 0.8, what=f"{pattern}: the store as it was")


def note_shows(app, text, what):
    """Both of the note's views show `text`: the main window's label and the Edit Note window."""
    app.wait_text("Note text", text)
    app.wait_text("Note editor", text)
    check(app.text("Note text") == text and app.text("Note editor") == text, f"{what}: both windows show {text!r}")


def test_skip_on_the_note_recomputes_both_windows():
    with tempfile.TemporaryDirectory(prefix="triad-ui-", ignore_cleanup_errors=True) as data:
        with App(data_dir=data) as app:
            open_pane_on(app, "Note")
            open_flipside(app)
            clear(app)
            text = ""
            for edit in ("first", " second", " third"):
                # Typed at the end, as a person adds to a note: one change, its own rows (see `apart`).
                app.wait_find("Note editor").queryEditableText().insertText(len(text), edit, len(edit))
                text += edit
                note_shows(app, text, f"{edit!r} typed")
                wait_for(lambda: stored_note(data) == text, what=lambda: f"{text!r} stored: {stored_note(data)!r}")
                apart()
            changes = [r[2] for r in message_rows(app) if r[2].startswith("changed → ")]
            check(len(changes) == 3, f"a row for each edit: {message_rows(app)}")
            before = settled_dump(data)

            skip(app, "changed → ", nth=-1)
            note_shows(app, "first second", "without the last edit")
            check(where(app) == "Skipping this message changes: Note, Edit Note window.", f"the views named: {where(app)!r}")
            check(skipped_rows(app) == [changes[-1] + " (skipped)"], f"the row marked: {skipped_rows(app)}")
            holds_for(lambda: store_dump(data) == before, 0.8, what="the store unchanged by the skip")

            # The note's text is set whole by each edit: one a later edit replaced leaves the page as it is.
            skip(app, "changed → ", nth=1)
            check(where(app) == "Skipping this message changes nothing the page shows.", f"said: {where(app)!r}")
            note_shows(app, "first second third", "an edit a later one replaced")

            back_to_now(app)
            note_shows(app, "first second third", "back to now")
            check(skipped_rows(app) == [], "no row is marked in the present")
            holds_for(lambda: store_dump(data) == before, 0.8, what="the store as it was")
            check(stored_note(data) == "first second third", f"the stored note: {stored_note(data)!r}")


TESTS = [
    test_skip_on_the_chart_recomputes_every_view, test_skip_on_the_adder_in_each_pattern,
    test_skip_on_the_note_recomputes_both_windows,
]

