"""The chart (seed 002's first example of MVC): one model shown at once as a table, a bar chart and
a pie chart. A change made in any view reaches the model through that view's controller, and
every view follows; undo and redo are the model's; the values are stored; the chart is exported
as PNG and SVG; and every bad input gets a message at its field, keeps what was typed, and leaves
the page answering."""
import contextlib
import locale
import os
import sqlite3
import subprocess
import sys
import tempfile
import time

import pyatspi
from gi.repository import Atspi, GLib

from harness import App, check, pointer_to, press, wait_for, windows_of
from test_messages import clear, message_rows, toggle_pane
from test_style import FakePortal, check_messages

EXAMPLE = [("Apples", 12), ("Pears", 7), ("Plums", 5), ("Cherries", 9), ("Figs", 3)]
ORANGE = (0xE6, 0x9F, 0x00)  # Apples: the first colour of the palette (Resources/style.css)
CLIPBOARD = os.path.join(os.path.dirname(os.path.abspath(__file__)), "clipboard_window.py")


def count(n):
    """A count as the app writes it in this locale (grouped by thousands, or not in C.UTF-8)."""
    locale.setlocale(locale.LC_NUMERIC, "")
    return locale.format_string("%d", n, grouping=True)


class FocusWatch:
    """Hears which object takes the keyboard focus, as a screen reader does (AT-SPI's focus
    events): a table cell's editor is not among the table's children, and is found this way."""

    def __init__(self):
        self.focused = []
        self.listener = Atspi.EventListener.new(self._heard)
        self.listener.register("object:state-changed:focused")

    def _heard(self, event):
        if event.detail1 == 1:
            self.focused.append(event.source)

    def editor(self, what="a cell's editor to take the focus"):
        """The text field that took the focus last (waiting for one)."""
        def found():
            GLib.MainContext.default().iteration(False)
            for node in reversed(self.focused):
                try:
                    if node.getRoleName() == "text":
                        return node
                except Exception:
                    continue
            return None
        return wait_for(found, interval=0.01, what=what)

    def forget(self):
        while GLib.MainContext.default().iteration(False):
            pass
        self.focused = []

    def close(self):
        self.listener.deregister("object:state-changed:focused")


def open_chart(app):
    app.open_page("Chart")
    wait_for(lambda: app.selected_page() == "Chart", what="the Chart page")
    app.wait_find("Apples", role="slider")
    app.focus_window("Triad")  # keys go to the window that has the focus (Xvfb has no window manager)


def table(app):
    return app.find("Values", role="table")


def rows(app):
    """The table's rows as a screen reader reads them: (name, votes, share)."""
    t = table(app).queryTable()
    return [tuple(t.getAccessibleAt(r, c).name for c in range(t.nColumns)) for r in range(t.nRows)]


def votes(app, name):
    return int(app.find(name, role="slider").queryValue().currentValue)


def legend(app):
    box = app.find("Pie chart legend")
    return [pyatspi.findDescendant(box.getChildAtIndex(i), lambda n: n.getRoleName() == "label").name
            for i in range(box.childCount)]


def percentages(counts):
    """Whole percentages adding up to 100, as the model rounds them (largest remainder first)."""
    total = sum(counts)
    shares = [c * 100 // total for c in counts]
    order = sorted(range(len(counts)), key=lambda i: (-(counts[i] * 100 % total), i))
    for i in order[:100 - sum(shares)]:
        shares[i] += 1
    return shares


def expect(app, options, what):
    """Waits until the table, the bars and the legend all show `options` [(name, votes)]."""
    shares = percentages([v for _, v in options])
    wanted_rows = [(n, str(v), f"{p} %") for (n, v), p in zip(options, shares)]
    wanted_legend = [f"{n}, {p} %" for (n, _), p in zip(options, shares)]

    def shown():
        return (rows(app) == wanted_rows and legend(app) == wanted_legend
                and all(votes(app, n) == v for n, v in options))
    try:
        wait_for(shown, what=what)
    except Exception:
        raise AssertionError(f"{what}: table {rows(app)}, legend {legend(app)}, "
                             f"bars {[(n, votes(app, n)) for n, _ in options if app.find(n, role='slider', required=False)]}")
    check("; ".join(wanted_legend) == app.description("Pie chart"), f"the pie's description says the shares: {app.description('Pie chart')!r}")


def edit_cell(app, watch, row, column, text):
    """Opens a cell for editing as a keyboard user does (the cell focused, then Enter), types
    `text` over what it holds, and presses Enter. Returns the editor."""
    cell = table(app).queryTable().getAccessibleAt(row, column)
    table(app).queryComponent().grabFocus()
    watch.forget()
    action = cell.queryAction()
    # The cell's "edit" action puts the cursor on the cell; GTK 3's accessible then emits a signal
    # the tree view no longer has, so Enter opens the editor, as it does for a keyboard user.
    action.doAction([action.getName(i) for i in range(action.nActions)].index("edit"))
    app.key("Return")
    editor = watch.editor()
    app.key("ctrl+a")
    if text and not text.isascii():
        # A character the keyboard lacks comes from an input method, which commits text rather
        # than keys, and so does this. xdotool would borrow a keycode for it and give it back at
        # once: a slow app (under the sanitizer) reads the key after, as another character, and
        # weston reads Xvfb's keys through its own keymap, which never has the borrowed one.
        editor.queryEditableText().setTextContents(text)
    elif text:
        type_text(text)
    else:
        app.key("BackSpace")
    wait_for(lambda: editor.queryText().getText(0, -1) == text, what=f"{text!r} typed in the cell")
    watch.forget()
    app.key("Return")
    return editor


def type_text(text):
    """Types `text` into the focused field as a keyboard does (read from standard input, so that
    a text starting with "-" is not an option of xdotool's)."""
    subprocess.run(["xdotool", "type", "--delay", "15", "--file", "-"], input=text, text=True, check=True)


def refused(app, watch, message, typed):
    """The message is under the table, and the cell is open again with what was typed, marked
    with the message (its accessible description, read with it)."""
    app.wait_text("Values message", message)
    editor = watch.editor("the refused cell to open again")
    wait_for(lambda: editor.queryText().getText(0, -1) == typed, what=f"the editor to hold {typed!r} again")
    check(editor.description == message, f"the editor says why: {editor.description!r}")


def answers(app, name="Plums"):
    """The page still answers: a bar set through AT-SPI reaches the table."""
    before = votes(app, name)
    app.find(name, role="slider").queryValue().currentValue = before + 1
    wait_for(lambda: any(r[0] == name and r[1] == str(before + 1) for r in rows(app)),
             what=f"the table to follow {name}'s bar")


def colour_pixels(app, name, role=None, colour=ORANGE, settled=False):
    """How many pixels of the widget named `name` are exactly `colour` on the screen (with
    `settled`, once they have stopped changing)."""
    return sum(1 for p in app.pixels(name, role, settled=settled) if p == colour)


def test_a_value_edited_in_the_table_changes_both_charts():
    watch = FocusWatch()
    try:
        with App() as app:
            open_chart(app)
            expect(app, EXAMPLE, "the first example everywhere")
            check(app.text("Chart title") == "Favourite fruit", "the poll's title")
            # The measure to compare with, once the picture is still: a frame not yet on the screen
            # would make any later count look larger.
            pie_before = colour_pixels(app, "Pie chart", settled=True)
            bar_before = colour_pixels(app, "Apples", "slider", settled=True)
            check(pie_before > 500 and bar_before > 200, f"Apples's orange before the edit: {pie_before} and {bar_before} pixels")
            edit_cell(app, watch, 0, 1, "30")
            expect(app, [("Apples", 30)] + EXAMPLE[1:], "Apples at 30 in the table, the bars and the pie")
            edit_cell(app, watch, 1, 0, "Quinces")
            expect(app, [("Apples", 30), ("Quinces", 7)] + EXAMPLE[2:], "Pears renamed everywhere")
            # The pixels: the slice grows from a third of the pie to a half, and the bar from 12 of
            # 25 votes high to 30 of 50 (the scale grew too), in Apples's orange.
            wait_for(lambda: colour_pixels(app, "Pie chart") > pie_before * 1.3, what=f"a wider orange slice ({pie_before})")
            wait_for(lambda: colour_pixels(app, "Apples", "slider") > bar_before * 1.15, what=f"a taller orange bar ({bar_before})")
            app.screenshot("chart.png")
    finally:
        watch.close()


def test_a_bar_dragged_with_the_mouse_changes_the_table():
    with App() as app:
        open_chart(app)
        bar = app.find("Apples", role="slider")
        x, y, w, h = app.screen_box("Apples", role="slider")
        top = bar.queryValue().maximumValue
        cap = y + h - round(h * 12 / top)  # the bar's top, where the slider's cap is
        pointer_to(x + w // 2, cap)
        subprocess.run(["xdotool", "mousedown", "1"], check=True)
        for step in range(1, 11):
            subprocess.run(["xdotool", "mousemove", str(x + w // 2), str(cap - 6 * step)], check=True)
            time.sleep(0.03)
        subprocess.run(["xdotool", "mouseup", "1"], check=True)
        wait_for(lambda: votes(app, "Apples") > 14, what=f"the bar to grow (it has {votes(app, 'Apples')})")
        dragged = votes(app, "Apples")
        expect(app, [("Apples", dragged)] + EXAMPLE[1:], "the table and the pie following the dragged bar")
        check(app.description("Undo") == f"Undo Change Apples to {dragged}", f"Undo names the drag: {app.description('Undo')!r}")
        app.key("ctrl+z")
        expect(app, EXAMPLE, "the whole drag undone in one step")


def test_keys_on_a_focused_bar():
    with App() as app:
        open_chart(app)
        bar = app.find("Apples", role="slider")
        bar.queryComponent().grabFocus()
        wait_for(lambda: bar.getState().contains(pyatspi.STATE_FOCUSED), what="the focus on Apples's bar")
        for key, wanted in (("Up", 13), ("Up", 14), ("Page_Up", 24), ("Down", 23), ("Page_Down", 13), ("Page_Down", 3)):
            app.key(key)
            expect(app, [("Apples", wanted)] + EXAMPLE[1:], f"{key} on the bar: Apples at {wanted}")
        for _ in range(2):
            app.key("Page_Down")
        expect(app, [("Apples", 0)] + EXAMPLE[1:], "the votes stop at 0")
        app.key("ctrl+z")
        expect(app, EXAMPLE, "a run of keys on one bar is one step to undo")
        app.key("ctrl+shift+z")
        expect(app, [("Apples", 0)] + EXAMPLE[1:], "and one to redo")


def test_the_wheel_over_a_slice():
    with App() as app:
        open_chart(app)
        x, y, w, h = app.screen_box("Pie chart")
        # Figs: the last slice, just before twelve o'clock (8 %), half-way out from the centre.
        import math
        radius = min(w, h) / 2 - 4
        angle = -math.pi / 2 - 0.04 * 2 * math.pi
        px, py = x + w / 2 + radius * 0.6 * math.cos(angle), y + h / 2 + radius * 0.6 * math.sin(angle)
        pointer_to(px, py)
        for wanted in (4, 5, 6):
            subprocess.run(["xdotool", "click", "4"], check=True)  # the wheel, up a notch
            expect(app, EXAMPLE[:4] + [("Figs", wanted)], f"a notch up over Figs: {wanted}")
        subprocess.run(["xdotool", "click", "5"], check=True)
        expect(app, EXAMPLE[:4] + [("Figs", 5)], "a notch down")
        app.key("ctrl+z")
        expect(app, EXAMPLE, "the notches on one slice are one step to undo")


def test_undo_and_redo_with_the_keys_and_the_buttons():
    with App() as app:
        check(not app.find("Undo", role="push button", required=False), "no Undo on a page without a history (Adder)")
        open_chart(app)
        undo, redo = app.find("Undo", role="push button"), app.find("Redo", role="push button")
        check(not undo.getState().contains(pyatspi.STATE_SENSITIVE), "nothing to undo yet")
        app.find("Apples", role="slider").queryValue().currentValue = 20
        expect(app, [("Apples", 20)] + EXAMPLE[1:], "a bar set by a screen reader")
        wait_for(lambda: undo.getState().contains(pyatspi.STATE_SENSITIVE), what="Undo to be possible")
        check(undo.description == "Undo Change Apples to 20", f"Undo's tooltip names the step: {undo.description!r}")
        check(not redo.getState().contains(pyatspi.STATE_SENSITIVE), "nothing to redo")
        app.click("Undo", role="push button")
        expect(app, EXAMPLE, "the Undo button takes the change back in every view")
        wait_for(lambda: redo.getState().contains(pyatspi.STATE_SENSITIVE), what="Redo to be possible")
        check(redo.description == "Redo Change Apples to 20", f"Redo's tooltip: {redo.description!r}")
        app.click("Redo", role="push button")
        expect(app, [("Apples", 20)] + EXAMPLE[1:], "the Redo button makes it again")
        app.key("ctrl+z")
        expect(app, EXAMPLE, "Ctrl+Z")
        app.key("ctrl+shift+z")
        expect(app, [("Apples", 20)] + EXAMPLE[1:], "Ctrl+Shift+Z")
        app.open_page("Adder")
        wait_for(lambda: not undo.getState().contains(pyatspi.STATE_SHOWING), what="Undo to go with the chart page")


def test_values_survive_a_restart_and_a_damaged_store_is_said():
    watch = FocusWatch()
    try:
        with tempfile.TemporaryDirectory(prefix="triad-ui-", ignore_cleanup_errors=True) as data:
            with App(data_dir=data) as app:
                open_chart(app)
                app.find("Apples", role="slider").queryValue().currentValue = 21
                edit_cell(app, watch, 1, 0, "Quinces")
                app.click("Add option")
                editor = watch.editor("the new option's name to open")
                wait_for(lambda: editor.queryText().getText(0, -1) == "Option 6", what="the new option's name")
                app.key("ctrl+a")
                type_text("Kiwis")
                app.key("Return")
                changed = [("Apples", 21), ("Quinces", 7)] + EXAMPLE[2:] + [("Kiwis", 0)]
                expect(app, changed, "the changes made")
                app.key("ctrl+q")  # at once: the last change is stored on the way out
                wait_for(lambda: app.process.poll() is not None, what="the app to quit")
            with App(data_dir=data, args=["--page", "chart"]) as app:
                app.wait_find("Apples", role="slider")
                expect(app, changed, "the values after a restart")
                check(not app.find("Chart status", required=False), "nothing to say about the store")
                app.find("Plums", role="slider").queryValue().currentValue = 6
                expect(app, changed[:2] + [("Plums", 6)] + changed[3:], "one more change")
                app.process.terminate()  # SIGTERM, as at logout
                check(app.process.wait(timeout=10) == 0, "SIGTERM quits cleanly")
            with App(data_dir=data, args=["--page", "chart"]) as app:
                app.wait_find("Apples", role="slider")
                expect(app, changed[:2] + [("Plums", 6)] + changed[3:], "the change made just before SIGTERM")
            store = sqlite3.connect(os.path.join(data, "triad.sqlite3"))
            store.execute("DELETE FROM chart_options WHERE position > 0")
            store.commit()
            store.close()
            with App(data_dir=data, args=["--page", "chart"]) as app:
                app.wait_find("Apples", role="slider")
                app.wait_text("Chart status", "The stored chart could not be used, so the first example is shown. It held 1 option.")
                expect(app, EXAMPLE, "the first example instead of a chart of one option")
    finally:
        watch.close()


def test_light_and_dark_style():
    for scheme, style in ((0, "light"), (1, "dark")):
        with FakePortal(scheme), App(args=["--page", "chart"]) as app:
            app.wait_find("Apples", role="slider")
            # Measured once the page shows (check_messages waits a moment for a window whose first
            # frames are still on their way to the screen, or a page still fading in: seen once
            # under weston, at 2.8:1 on the light style), then checked.
            check_messages(app, style, ["Apples, 33 %", "Chart title"])
            wait_for(lambda: colour_pixels(app, "Pie chart") > 500 and colour_pixels(app, "Apples", "slider") > 200,
                     what=lambda: f"{style}: Apples's orange in the pie ({colour_pixels(app, 'Pie chart')} pixels) "
                                  f"and its bar ({colour_pixels(app, 'Apples', 'slider')})")
            app.screenshot(f"chart-{style}.png")


def test_export_png_and_svg_at_the_size_chosen():
    with App(args=["--page", "chart"]) as app:
        app.wait_find("Apples", role="slider")
        folder = app.data_dir

        def export(path, chart, size):
            app.click("Export chart")
            dialog = app.wait_find("Export Chart")
            for wanted in (chart, size):
                combo = wait_for(lambda: pyatspi.findDescendant(dialog, lambda n: n.getRoleName() == "combo box" and any(
                    n.getChildAtIndex(0).getChildAtIndex(i).name == wanted for i in range(n.getChildAtIndex(0).childCount))),
                    what=f"the choice offering {wanted!r}")
                items = [combo.getChildAtIndex(0).getChildAtIndex(i).name for i in range(combo.getChildAtIndex(0).childCount)]
                combo.querySelection().selectChild(items.index(wanted))
                wait_for(lambda: combo.name == wanted, what=f"{wanted!r} chosen")
            app.choose_file("Export Chart", path)

        png = os.path.join(folder, "bars.png")
        export(png, "Bar chart", "640 × 480")
        app.wait_text("Chart status", "The bar chart was exported to “bars.png” (640 × 480).")
        size = subprocess.run(["identify", "-format", "%w %h %m", png], capture_output=True, text=True, check=True).stdout
        check(size == "640 480 PNG", f"ImageMagick reads a 640 × 480 PNG: {size!r}")
        svg = os.path.join(folder, "pie.svg")
        export(svg, "Pie chart", "1920 × 1440")
        app.wait_text("Chart status", "The pie chart was exported to “pie.svg” (1920 × 1440).")
        drawn = os.path.join(folder, "pie-drawn.png")
        subprocess.run(["rsvg-convert", "-o", drawn, svg], check=True)
        size = subprocess.run(["identify", "-format", "%w %h", drawn], capture_output=True, text=True, check=True).stdout
        check(size == "1920 1440", f"librsvg draws the SVG at 1920 × 1440: {size!r}")
        # The picture is the chart: Apples's orange covers a good part of it.
        histogram = subprocess.run(["convert", drawn, "-fill", "white", "+opaque", "#E69F00", "-format", "%[fx:mean]", "info:"],
                                   capture_output=True, text=True, check=True).stdout
        check(float(histogram) < 0.97, f"the SVG has Apples's orange slice (mean {histogram})")
        wrong = os.path.join(folder, "chart.jpg")
        export(wrong, "Pie chart", "640 × 480")
        app.wait_text("Chart status", "“chart.jpg” was not written: end the name with .png or .svg, which says the kind of picture.")
        check(not os.path.exists(wrong), "no file of another kind")
        answers(app)


def test_bad_votes_keep_what_was_typed():
    watch = FocusWatch()
    try:
        with App() as app:
            open_chart(app)
            for typed, message in (("abc", "Enter the votes as a whole number, such as 12"),
                                   ("-5", "The number of votes cannot be negative"),
                                   ("2147483648", f"The number of votes can be at most {count(2147483647)}"),
                                   ("", "Enter the number of votes")):
                edit_cell(app, watch, 0, 1, typed)
                refused(app, watch, f"Row 1, Votes: {message}", typed)
                app.key("Escape")  # the person gives up: the cell is as it was
                expect(app, EXAMPLE, f"nothing changed by {typed!r}")
            edit_cell(app, watch, 0, 1, "2147483647")
            expect(app, [("Apples", 2147483647)] + EXAMPLE[1:], "the largest count is taken")
            check(not app.find("Values message", required=False), "the message goes with a good value")
            answers(app)
    finally:
        watch.close()


def test_bad_names_keep_what_was_typed():
    watch = FocusWatch()
    try:
        with App() as app:
            open_chart(app)
            for typed, message in (("   ", "Enter a name for the option"),
                                   ("apples", "Another option is already called “Apples”"),
                                   ("Ｆｉｇｓ", "Another option is already called “Figs”"),
                                   ("x" * 41, "A name can be at most 40 characters")):
                edit_cell(app, watch, 1, 0, typed)
                refused(app, watch, f"Row 2, Option: {message}", typed)
                app.key("Escape")
                expect(app, EXAMPLE, f"nothing changed by {typed!r}")
            answers(app)
    finally:
        watch.close()


def test_a_thirteenth_option_is_refused():
    with App() as app:
        open_chart(app)
        for count in range(6, 13):
            app.click("Add option")
            wait_for(lambda: len(rows(app)) == count, what=f"{count} options")
        check(rows(app)[-1][:2] == ("Option 12", "0"), f"each new option is named after its row: {rows(app)[-1]}")
        app.click("Add option")
        app.wait_text("Values message", "A chart holds at most 12 options")
        check(len(rows(app)) == 12, "still twelve")
        check(len(legend(app)) == 12 and app.find("Option 12", role="slider"), "twelve slices in the legend, twelve bars")
        app.screenshot("chart-twelve.png")
        answers(app)


@contextlib.contextmanager
def copied(path):
    """Another program's window (clipboard_window.py) at (1000, 800) under X11, where weston places
    it on Wayland, pressed with the pointer so that it copies the text of `path`; it offers the text
    until the `with` ends."""
    source = subprocess.Popen(["/usr/bin/python3", CLIPBOARD, "copy", "1000", "800", path], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    try:
        check(source.stdout.readline().strip() == "ready", "the other program's window shows")
        press(wait_for(lambda: pyatspi.findDescendant(windows_of(source.pid)[0], lambda n: n.name == "Copy me"),
                       what="the other program's window on the AT-SPI bus"))
        check(source.stdout.readline().strip() == "copied", "the clipboard holds the text")
        yield
    finally:
        source.stdin.close()
        source.wait(timeout=10)


def test_ten_thousand_pasted_lines_are_refused_and_nothing_pasted():
    """10,000 lines on the clipboard: Paste says why it refuses them and the chart is unchanged;
    then two lines are pasted, undone in one step, and Ctrl+V in the table pastes too. How soon the
    refusal comes, and how long it holds the main loop, is measured by `make bench` (benchmarks/paste.py)."""
    # Paste is pressed with the pointer, as a person does: that also gives Triad's window the focus
    # again (on Wayland the clipboard's offer goes to the window with the focus).
    with App() as app:
        open_chart(app)
        column = os.path.join(app.data_dir, "column.txt")
        with open(column, "w", encoding="utf-8") as f:
            f.write("".join(f"Fruit {n}\t{n}\n" for n in range(10_000)))
        with copied(column):
            press(app.find("Paste options"))
            app.wait_text("Values message", f"You pasted {count(10_000)} lines, but a chart holds at most 12 options and this one has 5 already")
            expect(app, EXAMPLE, "nothing pasted")
            answers(app)
        with open(column, "w", encoding="utf-8") as f:
            f.write("Kiwis,4\nLimes\n")
        with copied(column):
            press(app.find("Paste options"))
            expect(app, EXAMPLE[:2] + [("Plums", 6)] + EXAMPLE[3:] + [("Kiwis", 4), ("Limes", 0)], "two lines pasted after the others")
            app.key("ctrl+z")
            expect(app, EXAMPLE[:2] + [("Plums", 6)] + EXAMPLE[3:], "the paste undone in one step")
            # Ctrl+V in the table pastes as the button does: the table hands it to its delegate.
            table = app.find("Values", role="table")
            table.queryComponent().grabFocus()
            wait_for(lambda: table.getState().contains(pyatspi.STATE_FOCUSED), what="the focus in the table")
            app.key("ctrl+v")
            expect(app, EXAMPLE[:2] + [("Plums", 6)] + EXAMPLE[3:] + [("Kiwis", 4), ("Limes", 0)], "Ctrl+V in the table pastes")


def test_the_messages_pane_shows_one_change_reaching_every_observer():
    with App() as app:
        open_chart(app)
        toggle_pane(app)
        app.wait_find("Messages pane")
        clear(app)
        app.find("Apples", role="slider").queryValue().currentValue = 20
        expect(app, [("Apples", 20)] + EXAMPLE[1:], "the change, with the pane open")
        wanted = [("View → Controller", "delegate", "barChart(didMoveBar: 0, .moved(to: 20.0))"),
                  ("Controller → Model", "method call", "model.setVotes(at: 0, to: 20)"),
                  ("Model → Controller", "observer", "chart.poll → 4 observer(s)")]
        wait_for(lambda: [r[:3] for r in message_rows(app)][:3] == wanted,
                 what=f"the bar's message, the call and the one message to four observers: {message_rows(app)}")
        files = {"delegate": "triad/BarChartController.swift", "method call": "TriadModel/ChartModel.swift",
                 "observer": "TriadModel/ChartModel.swift", "data source": "triad/ValuesController.swift"}
        check(all(r[3].startswith(files[r[1]] + ":") for r in message_rows(app)), f"each row names its lesson's file: {message_rows(app)}")
        app.click("Undo", role="push button")
        wait_for(lambda: any(r[2] == "model.undo()" for r in message_rows(app)), what=f"the Undo reaching the model: {message_rows(app)}")
        toggle_pane(app)  # closed: the parts are the page's own again, and it still answers
        answers(app)


TESTS = [test_a_value_edited_in_the_table_changes_both_charts, test_a_bar_dragged_with_the_mouse_changes_the_table,
         test_keys_on_a_focused_bar, test_the_wheel_over_a_slice, test_undo_and_redo_with_the_keys_and_the_buttons,
         test_values_survive_a_restart_and_a_damaged_store_is_said, test_light_and_dark_style,
         test_export_png_and_svg_at_the_size_chosen, test_bad_votes_keep_what_was_typed, test_bad_names_keep_what_was_typed,
         test_a_thirteenth_option_is_refused, test_ten_thousand_pasted_lines_are_refused_and_nothing_pasted,
         test_the_messages_pane_shows_one_change_reaching_every_observer]
