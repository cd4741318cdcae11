"""A small harness for real-window tests: start the built app under Xvfb, find its widgets on
the AT-SPI bus by accessible name, act on them as a person would, and read what is shown.

Run through `make test-ui` (which provides Xvfb and a D-Bus session) with /usr/bin/python3,
the interpreter that has `gi` and `pyatspi`.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import traceback

import pyatspi
from gi.repository import Atspi, GLib

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# AT-SPI gives an app 800 ms to answer a call. A slowed app (TRIAD_TIMEOUT_SCALE=5 under the
# address sanitizer, 3 under libfiu's wrappers in the fault-injection pass) gets the same stretch
# as every other wait here.
TIMEOUT_SCALE = float(os.environ.get("TRIAD_TIMEOUT_SCALE", "1"))
if TIMEOUT_SCALE != 1:
    Atspi.set_timeout(int(800 * TIMEOUT_SCALE), int(15000 * TIMEOUT_SCALE))
# The app under test was built with a sanitizer (`make test-asan`, `make test-tsan`).
SANITIZED = os.environ.get("TRIAD_SANITIZER") == "1"
# How long a sanitized app may take to exit after SIGTERM (stretched as every wait is): at its exit
# LeakSanitizer walks the whole heap and writes its report, and a killed app writes none.
EXIT_SECONDS = 5.0
# The tests that kill the app on purpose, to show what a crash leaves (each: why). Under a
# sanitizer a kill loses the leak report, which LeakSanitizer writes only at a normal exit: such a
# test must start the app again on the same data folder and have that run end normally, repeating
# what the killed run did, so its leaks are read there. A kill in any other test fails it.
CRASH_TESTS = {
    "test_note.test_note_survives_restart_and_crash": "the autosaved note is still there after a crash",
}
# The test running now (set by run_tests), and the data folders of apps it killed on purpose whose
# leaks no normal exit has read yet.
CURRENT_TEST = {"name": None}
LEAK_CHECKS_OWED = {}

APP_ID = "io.github.triad.Triad"
BIN = os.environ.get("TRIAD_BIN") or os.path.join(ROOT, ".build", "release", "triad")
# The Wayland pass (build-aux/with-weston.sh) sets GDK_BACKEND=wayland. DISPLAY stays for the
# test tools (xdotool, import reach weston's window on the X server it runs in), but the app is
# started without it, so it cannot fall back to X11 unnoticed.
WAYLAND = os.environ.get("GDK_BACKEND") == "wayland"
# Screenshots go under build/, so a test run leaves the tree as it found it; `make screenshots`
# copies the X11 pass's into docs/screenshots/ where the picture changed (the Wayland pass's, with
# weston's window frames and shadows, are to look at, not to publish). TRIAD_SCREENSHOTS gives a
# pass its own folder (passes run side by side).
SCREENSHOTS = os.environ.get("TRIAD_SCREENSHOTS") or os.path.join(
    ROOT, "build", "screenshots-wayland" if WAYLAND else "screenshots")


# The test run_tests is running, and how to write a line of its own to the results file (for
# not_in_this_pass).
RUNNING = {"record": None}


class TestFailure(AssertionError):
    pass


class TestSkipped(Exception):
    """Raised by a test that cannot run in this pass; counted as skipped, never as passed."""


def x11_only(reason):
    """Skips the calling test in the Wayland pass, with the reason printed."""
    if WAYLAND:
        raise TestSkipped(f"X11 only: {reason}")


def wayland_only(reason):
    """Skips the calling test in the X11 pass (Xvfb without a window manager), with the reason."""
    if not WAYLAND:
        raise TestSkipped(f"Wayland only: {reason}")


def not_in_this_pass(what, reason):
    """Says that the calling test leaves `what` unchecked in this pass, and why: printed, and written
    to the results file as a line of its own, which build-aux/check-skips.py reads. A check that a
    pass cannot make is said this way, never left out by a condition on the pass, and the audit
    fails unless Tests/UI/allowed-skips.txt lists it with its reason."""
    print(f"     not checked in this pass: {what} ({reason})", flush=True)
    if RUNNING["record"] is not None:
        RUNNING["record"]({"unchecked": what, "reason": reason})


def check(condition, message):
    if not condition:
        raise TestFailure(message)


def said(what):
    """What a wait was for: `what` itself, or what the function `what` says now (at the time of
    failing, so it can show what the screen shows then)."""
    if not callable(what):
        return what
    try:
        return what()
    except Exception as error:  # saying it must not hide the failure being reported
        return f"<{error}>"


def wait_for(predicate, timeout=10.0, interval=0.02, what="condition"):
    """Polls `predicate` until it returns something truthy; returns that value. TRIAD_TIMEOUT_SCALE
    stretches every timeout (the sanitizer build is several times slower). `what` names what is
    waited for: a string, or a function that says it when the wait fails."""
    deadline = time.monotonic() + timeout * TIMEOUT_SCALE
    last_error = None
    while time.monotonic() < deadline:
        try:
            value = predicate()
            if value:
                return value
        except Exception as error:  # the tree may change under us while the app works
            last_error = error
        time.sleep(interval)
    raise TestFailure(f"timed out waiting for {said(what)}" + (f" ({last_error})" if last_error else ""))


def holds_for(predicate, seconds, interval=0.05, what="condition"):
    """Polls `predicate` for `seconds` (stretched as every wait is) and fails the first time it is
    false: for what must *not* happen for a while (a label that must keep its text, a result that
    must stay empty), where no event says that the moment has passed. Exceptions are not taken
    for a pass: a widget that vanished fails it."""
    deadline = time.monotonic() + seconds * TIMEOUT_SCALE
    while True:
        value = predicate()
        if not value:
            raise TestFailure(f"{said(what)} stopped holding after {seconds * TIMEOUT_SCALE - (deadline - time.monotonic()):.2f} s")
        if time.monotonic() >= deadline:
            return value
        time.sleep(interval)


def settled(read, seconds, accept=lambda value: True, interval=0.02, timeout=10.0, what="the value"):
    """What `read` returns once it has returned the same for `seconds`, and `accept` takes it: for
    what comes in steps with no event to say the last one is done (a window configured more than
    once, rows recorded as frames are drawn, a callback still waiting to run). `what` names what
    settles, as wait_for's does."""
    last = {"value": None, "since": None}

    def still():
        value, now = read(), time.monotonic()
        if last["since"] is None or value != last["value"]:
            last.update(value=value, since=now)
        return (value,) if now - last["since"] >= seconds and accept(value) else None  # a tuple: [] may settle

    return wait_for(still, timeout=timeout, interval=interval, what=lambda: f"{said(what)} (last: {last['value']!r})")[0]


class App:
    """One running instance of the app with its own data folder."""

    def __init__(self, data_dir=None, env=None, args=(), activate_over_dbus=False):
        self.owns_data_dir = data_dir is None
        self.data_dir = data_dir or tempfile.mkdtemp(prefix="triad-ui-")
        # GSettings (the window's size and last page) in a key file under the test's own
        # XDG_CONFIG_HOME, as inside a flatpak: dconf would keep one database for every test the
        # D-Bus session runs, whichever folder each names. Every test pass checks the app's
        # handles: one used after its widget is destroyed stops the app with the widget's id and
        # class (Sources/GtkKit/Objects/HandleChecking.swift); the bench measures the app as
        # shipped, and says 0.
        self.env = dict(os.environ, TRIAD_DATA_DIR=self.data_dir,
                        XDG_CONFIG_HOME=os.path.join(self.data_dir, "config"),
                        XDG_STATE_HOME=os.path.join(self.data_dir, "state"), GSETTINGS_BACKEND="keyfile",
                        TRIAD_CHECK_HANDLES=os.environ.get("TRIAD_CHECK_HANDLES", "1"))
        self.env.update(env or {})
        if WAYLAND:
            self.env.pop("DISPLAY", None)
        self.args = list(args)
        self.activate_over_dbus = activate_over_dbus
        self.process = None
        self.root = None
        self.killed_on_purpose = False

    def __enter__(self):
        try:
            return self.start()
        except BaseException:
            self.__exit__(None, None, None)
            raise

    def __exit__(self, kind, *_):
        if kind is not None:  # what was on screen when the test failed, for its log
            folder = os.path.join(SCREENSHOTS, "failed")  # not among the pictures `make screenshots` publishes
            os.makedirs(folder, exist_ok=True)
            shot = os.path.join(folder, f"{time.strftime('%H%M%S')}.png")
            if subprocess.run(["import", "-window", "root", shot], capture_output=True).returncode == 0:
                print(f"  the screen when it failed: {shot}", flush=True)
            if self.process is not None and self.process.poll() is not None:
                # The app ended under the test: why, in its own words (a handle used after its
                # widget was destroyed stops it with the widget's id and class).
                print(f"  the app ended with {self.process.returncode}; its last words:\n    "
                      + "\n    ".join(self.output().rstrip().splitlines()[-8:]), flush=True)
        try:
            self.stop()
            self.check_sanitizer()
        finally:
            if self.owns_data_dir:
                shutil.rmtree(self.data_dir, ignore_errors=True)

    def start(self):
        # Touch the registry first: otherwise the app sometimes never shows up on the bus.
        pyatspi.Registry.getDesktop(0).childCount
        # Output goes to files: a pipe nobody reads would block the app once it is full.
        self.log = tempfile.TemporaryFile(mode="w+")
        self.process = subprocess.Popen([BIN] + self.args, env=self.env, stdout=self.log, stderr=self.log)
        pid = self.process.pid
        if self.activate_over_dbus:
            self._activate_over_dbus()

        def find_app():
            if self.process.poll() is not None:
                raise TestFailure(f"app exited early with {self.process.returncode}: {self.output()}")
            desktop = pyatspi.Registry.getDesktop(0)
            # A sandboxed app (flatpak run) is a child of the launcher, not the launched process:
            # then it is found by its name instead of its process id.
            by_name = os.environ.get("TRIAD_MATCH_BY_NAME") == "1"
            for i in range(desktop.childCount):
                app = desktop.getChildAtIndex(i)
                try:
                    matches = app.name == "triad" if by_name else app.get_process_id() == pid
                    if app is not None and matches and app.childCount > 0:
                        return app
                except Exception:
                    continue
            return None

        # Generous: with every pass of `make test` running beside it on two cores, a start has
        # taken over fifteen seconds to reach the bus. How quickly Triad starts is make bench's.
        self.root = wait_for(find_app, timeout=40, what=lambda: f"the app on the AT-SPI bus (its output: {self.output()[-600:]!r})")
        wait_for(lambda: self.find("Add", required=False) or self.frames(), what="the main window")
        # The window's widgets get their accessible names just after its first frame
        # (Sources/GtkKit/AccessibleNames.swift); the sidebar's, in every language, among them.
        wait_for(self._names_given, what="the accessible names given after the first frame")
        return self

    def _names_given(self):
        node = self.sidebar()
        while node is not None and node.getRoleName() != "panel":
            node = node.parent
        return node is not None and node.name != ""

    def _activate_over_dbus(self):
        """Calls org.freedesktop.Application.Activate on the app's bus name, as a desktop's D-Bus
        activation does, once the started process owns the name."""
        from gi.repository import Gio, GLib
        bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)

        def owned():
            if self.process.poll() is not None:
                raise TestFailure(f"app exited early with {self.process.returncode}: {self.output()}")
            reply = bus.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "NameHasOwner",
                                  GLib.Variant("(s)", (APP_ID,)), GLib.VariantType("(b)"), Gio.DBusCallFlags.NONE, -1, None)
            return reply.unpack()[0]

        wait_for(owned, timeout=15, what=f"{APP_ID} on the session bus")
        bus.call_sync(APP_ID, "/" + APP_ID.replace(".", "/"), "org.freedesktop.Application", "Activate",
                      GLib.Variant("(a{sv})", ({},)), None, Gio.DBusCallFlags.NONE, -1, None)

    def stop(self):
        """Ends the app as logout does (SIGTERM), and waits for it to exit; one that has not within
        EXIT_SECONDS is killed. Under a sanitizer that fails the test: its report was never written."""
        stuck = False
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=EXIT_SECONDS * TIMEOUT_SCALE)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
                stuck = True
        # A sandboxed app outlives its launcher: TRIAD_STOP (e.g. `flatpak kill APP`) ends it,
        # so the next test does not hand over to it as the running instance.
        stop_command = os.environ.get("TRIAD_STOP")
        if stop_command and self.root is not None:
            subprocess.run(stop_command, shell=True, capture_output=True)
            wait_for(lambda: not any(self._named_apps()), timeout=10, what="the sandboxed app to end")
        self.root = None
        if stuck and SANITIZED:
            raise TestFailure(f"the app had not exited {EXIT_SECONDS * TIMEOUT_SCALE:.0f} s after SIGTERM and was killed: "
                              f"its leak report was never written\n{self.output()[-2000:]}")

    def _named_apps(self):
        desktop = pyatspi.Registry.getDesktop(0)
        return [desktop.getChildAtIndex(i) for i in range(desktop.childCount)
                if desktop.getChildAtIndex(i) is not None and desktop.getChildAtIndex(i).name == "triad"]

    def check_sanitizer(self):
        """Under `make test-asan` or `make test-tsan` (TRIAD_SANITIZER=1): fails if the app printed a
        report."""
        if not SANITIZED or self.process is None:
            return
        reports = [line for line in self.output().splitlines()
                   if "ERROR: AddressSanitizer" in line or "ERROR: LeakSanitizer" in line
                   or "WARNING: ThreadSanitizer" in line or "SUMMARY: " in line]
        if reports:
            raise TestFailure("sanitizer report from the app:\n" + self.output()[-4000:])
        if self.killed_on_purpose:
            return  # its leaks are read when the test's next run on its data exits
        # Ended by a signal (one the app does not handle): no report was written, none was read.
        if self.process.returncode is not None and self.process.returncode < 0:
            raise TestFailure(f"the app ended by signal {-self.process.returncode}, not by a normal exit: its leak report "
                              f"was never written\n{self.output()[-2000:]}")
        LEAK_CHECKS_OWED.pop(self.data_dir, None)

    def output(self):
        """Everything the app printed so far."""
        self.log.seek(0)
        return self.log.read()

    def kill(self):
        """SIGKILL: a crash as far as the app is concerned. Under a sanitizer only the tests in
        CRASH_TESTS may, and each then owes a run on the same data folder that exits normally."""
        if SANITIZED:
            if CURRENT_TEST["name"] not in CRASH_TESTS:
                raise TestFailure(f"{CURRENT_TEST['name']} kills the app under the sanitizer, which then writes no leak "
                                  "report; only the tests in harness.CRASH_TESTS may, each with a run that exits normally after")
            LEAK_CHECKS_OWED[self.data_dir] = CURRENT_TEST["name"]
        self.killed_on_purpose = True
        self.process.kill()
        self.process.wait()

    # --- finding -----------------------------------------------------------------------------

    def frames(self):
        return [self.root.getChildAtIndex(i) for i in range(self.root.childCount)]

    def find(self, name, role=None, required=True, showing=True, actionable=False):
        """The first widget whose accessible name is `name` (and role, if given); with
        `actionable`, only widgets that can be pressed (not a label with the same text)."""
        def matches(node):
            try:
                if node.name != name:
                    return False
                if role is not None and node.getRoleName() != role:
                    return False
                if actionable and node.queryAction().nActions == 0:
                    return False
                return not showing or node.getState().contains(pyatspi.STATE_SHOWING)
            except Exception:
                return False
        found = pyatspi.findDescendant(self.root, matches, breadth_first=True)
        if found is None and required:
            raise TestFailure(f"no widget named {name!r}" + (f" with role {role}" if role else ""))
        return found

    def wait_find(self, name, role=None, timeout=10, actionable=False):
        return wait_for(lambda: self.find(name, role, required=False, actionable=actionable), timeout=timeout,
                        what=f"widget {name!r}")

    # --- acting ------------------------------------------------------------------------------

    def set_text(self, name, text, answer_may_be_late=False):
        """Sets a text widget's text. `answer_may_be_late`: the app may take longer than AT-SPI
        waits for its answer (a megabyte replaced under a sanitizer): the request is delivered
        all the same, so a late answer is not a failure here, and the caller must then wait for
        what the text does (which fails if it never arrived)."""
        # Waits as `click` does: a page just selected in the sidebar is shown from the stack's
        # next frame on, and under weston its widgets were at times not yet showing (seen once
        # in nine runs of test_every_documented_name_exists).
        widget = self.wait_find(name)
        try:
            widget.queryEditableText().setTextContents(text)
        except GLib.GError as error:
            if not (answer_may_be_late and "timeout" in str(error)):
                raise

    def click(self, name, role=None):
        widget = self.wait_find(name, role, actionable=True)
        action = widget.queryAction()
        for i in range(action.nActions):
            if action.getName(i) in ("click", "press", "activate", "toggle"):
                action.doAction(i)
                return
        raise TestFailure(f"{name!r} has no click action")

    def sidebar(self):
        """The sidebar's list (found by role, so it works in every language)."""
        return pyatspi.findDescendant(self.frames()[0], lambda n: n.getRoleName() == "list box", breadth_first=True)

    def open_page(self, title):
        """Selects a feature in the sidebar, as clicking its row does. The app answers the request
        once the page is shown, and the first showing of a page builds it: on a loaded machine that
        has outlasted AT-SPI's wait for the answer (a page built with the Messages pane open, in
        CI). The request was delivered all the same, so a late answer is not a failure here; what
        the caller waits for next fails if the page never comes."""
        listbox = self.sidebar()
        for i in range(listbox.childCount):
            row = listbox.getChildAtIndex(i)
            if any(row.getChildAtIndex(j).name == title for j in range(row.childCount)):
                try:
                    listbox.querySelection().selectChild(i)
                except GLib.GError as error:
                    if "timeout" not in str(error):
                        raise
                return
        raise TestFailure(f"no page {title!r} in the sidebar")

    def selected_page(self):
        listbox = self.sidebar()
        selection = listbox.querySelection()
        if selection.nSelectedChildren == 0:
            return None
        row = selection.getSelectedChild(0)
        return row.getChildAtIndex(0).name

    def focus(self, name):
        self.find(name).queryComponent().grabFocus()

    def focus_sidebar(self):
        """Gives the sidebar's selected row the keyboard focus (the list itself takes none) and
        waits until it has it: a key pressed before then goes wherever the focus was, and on
        Wayland the compositor may still be handing the window its keyboard."""
        listbox = self.sidebar()
        rows = [listbox.getChildAtIndex(i) for i in range(listbox.childCount)]
        row = next((r for r in rows if r.getState().contains(pyatspi.STATE_SELECTED)), rows[0])
        row.queryComponent().grabFocus()
        wait_for(lambda: row.getState().contains(pyatspi.STATE_FOCUSED), what="focus in the sidebar")

    def focus_window(self, title):
        """Gives keyboard focus to the app's window titled `title`, as a window manager would
        for a new window (Xvfb has none), until the window says it is the active one. On Wayland
        the compositor does that itself: then this only waits for it, and fails if it never is."""
        def active():
            return any(f.name == title and f.getState().contains(pyatspi.STATE_ACTIVE) for f in self.frames())
        if WAYLAND:
            wait_for(active, what=f"the compositor to focus {title!r}")
            return

        # Asked until the window says it is active, not once and trusted: a key sent after a
        # single request has reached no window (once, under the sanitizer in CI).
        def focused():
            if active():
                return True
            for window_id in self.x_windows(title):
                try:
                    subprocess.run(["xdotool", "windowfocus", "--sync", window_id], capture_output=True, timeout=5)
                except subprocess.TimeoutExpired:
                    pass  # an unmapped window of the same name never takes the focus
            return active()
        wait_for(focused, what=f"{title!r} to be the active window")

    def x_windows(self, title=None):
        """The X window ids of the app's windows (none on Wayland)."""
        command = ["xdotool", "search", "--pid", str(self.process.pid)] + (["--name", f"^{title}$"] if title else [])
        return subprocess.run(command, capture_output=True, text=True).stdout.split()

    def move_window(self, title, x, y):
        """Moves the app's window titled `title` to (x, y) on the screen, and waits until it is
        there. Under X11 (no window manager) xdotool moves it; on Wayland only the compositor
        moves a window, so it is dragged with weston's move binding (Super + left button)."""
        window = wait_for(lambda: next((f for f in self.frames() if f.name == title), None), what=f"the window {title!r}")
        if WAYLAND:
            left, top, w, h = screen_box(window)
            start = (left + w // 2, top + h // 2)
            pointer_to(*start)
            super_drag(1, start, (start[0] + x - left, start[1] + y - top))
        else:
            for window_id in self.x_windows(title):
                subprocess.run(["xdotool", "windowmove", window_id, str(x), str(y)], capture_output=True)
        wait_for(lambda: screen_box(window)[:2] == (x, y), what=lambda: f"{title!r} moved to {(x, y)} (at {screen_box(window)[:2]})")

    def main_window_size(self):
        return tuple(self.frames()[0].queryComponent().getExtents(pyatspi.DESKTOP_COORDS)[2:])

    def settled_window_size(self, differs_from=None):
        """The main window's size once it has stopped changing for 0.3 s (a compositor may
        configure a window more than once on its way to a new state), and differs from the given."""
        return settled(self.main_window_size, 0.3, accept=lambda size: differs_from is None or size != tuple(differs_from),
                       what="the window's size to settle")

    def resize_main_window(self, width, height):
        """Resizes the main window as a person would. X11 (no window manager): xdotool sets the
        size. Wayland: only the compositor may resize a window, so this drags its bottom-right
        corner with weston's resize binding (Super + right button), having found the window in
        weston's scene graph (a Wayland client cannot learn where it is on screen)."""
        if not WAYLAND:
            for window_id in self.x_windows():
                subprocess.run(["xdotool", "windowsize", window_id, str(width), str(height)], capture_output=True)
            return
        window = self.frames()[0]
        current_width, current_height = self.main_window_size()
        # Weston's shell places a new window anywhere on its output, part of it beyond the edge
        # at times: then the corner cannot be reached, nor dragged as far as asked. So the window
        # is first moved (Super + left button) to the output's top left.
        left, top, _, _ = screen_box(window)
        pointer_to(left + 80, top + 80)
        super_drag(1, (left + 80, top + 80), (100, 140))
        left, top, w, h = wait_for(lambda: (lambda box: box if box[0] <= 40 else None)(screen_box(window)),
                                   what=lambda: f"the window moved to the top left (at {screen_box(window)[:2]})")
        # In the window's bottom-right third, where weston's resize binding takes the bottom-right corner.
        x, y = left + w * 5 // 6, top + h * 5 // 6
        super_drag(3, (x, y), (x + width - current_width, y + height - current_height))

    def choose_file(self, dialog_name, path):
        """In the open file chooser named `dialog_name`, types `path` into its location field
        (Ctrl+L) and accepts it with Enter, as a person would."""
        chooser = self.wait_find(dialog_name)
        self.focus_window(dialog_name)  # on Wayland: wait until the compositor has focused it
        self.key("ctrl+l")  # the file chooser's "type a location" field
        location = wait_for(lambda: pyatspi.findDescendant(
            chooser, lambda n: n.getRoleName() == "text" and n.getState().contains(pyatspi.STATE_FOCUSED)),
            what="the location field")
        location.queryEditableText().setTextContents(path)
        wait_for(lambda: location.queryText().getText(0, -1) == path, what="the typed location")
        # Enter in the location field accepts. The field's completion runs just after typing, and
        # an Enter pressed while it does is taken by it: the chooser stays open with the path
        # still typed (seen on Wayland when Enter follows the typing at once, and under the
        # sanitizers even after the short pause below).
        # A person then presses Enter again, and so does this. The loop below waits for what
        # counts, the chooser closing; the pause only makes a second Enter rarer.
        time.sleep(0.3)
        for _ in range(3):
            self.key("Return")
            try:
                # The chooser itself, not its name: the window it opens may have the same title.
                wait_for(lambda: not showing(chooser), timeout=3, what=f"{dialog_name!r} to close")
                return
            except TestFailure:
                if not location.getState().contains(pyatspi.STATE_FOCUSED):
                    return  # the chooser asks something (the caller answers it)
                check(location.queryText().getText(0, -1) == path,
                      f"the location still reads {path!r}: {location.queryText().getText(0, -1)!r}")
                print(f"  {dialog_name!r} still open after Enter: Enter again", flush=True)
        raise TestFailure(f"{dialog_name!r} stayed open after Enter three times, with {path!r} typed")

    def key(self, keysym_name):
        """Presses and releases a key (by X keysym name, e.g. 'Return') in the focused window."""
        subprocess.run(["xdotool", "key", "--clearmodifiers", keysym_name], check=True)

    # --- reading -----------------------------------------------------------------------------

    def text(self, name, required=True):
        """The text of the widget named `name`; with `required=False`, "" when it is not shown."""
        widget = self.find(name, required=required)
        if widget is None:
            return ""
        text = widget.queryText()
        return text.getText(0, text.characterCount)

    def description(self, name):
        return self.find(name).description

    def has_state(self, name, state):
        return self.find(name).getState().contains(state)

    def is_focused(self, name):
        return self.has_state(name, pyatspi.STATE_FOCUSED)

    def wait_text(self, name, expected, timeout=10):
        return wait_for(lambda: self.text(name) == expected, timeout=timeout,
                        what=f"{name!r} to show {expected!r} (shows {self._safe_text(name)!r})")

    def _safe_text(self, name):
        try:
            return self.text(name)
        except Exception as error:
            return f"<{error}>"

    def screen_box(self, name, role=None):
        """Where the widget named `name` is on the screen (x, y, width, height), once it is wholly
        in view: see screen_box and bring_into_view."""
        return bring_into_view(self.find(name, role))

    def pixels(self, name, role=None, settled=False):
        """The screen's pixels over the widget named `name`, as a list of (r, g, b): what a person
        sees there; with `settled`, once they have stopped changing."""
        box = self.screen_box(name, role)
        return settled_region(*box) if settled else screen_region(*box)

    def screenshot(self, filename):
        """Saves the app's windows (the area they cover) as <filename> in SCREENSHOTS, once the
        picture has stopped changing (the last frame drawn, a page's crossfade over)."""
        os.makedirs(SCREENSHOTS, exist_ok=True)
        path = os.path.join(SCREENSHOTS, filename)
        boxes = [screen_box(f) for f in self.frames() if f.getState().contains(pyatspi.STATE_SHOWING)]
        x, y = min(b[0] for b in boxes), min(b[1] for b in boxes)
        w = max(b[0] + b[2] for b in boxes) - x
        h = max(b[1] + b[3] for b in boxes) - y
        settled_picture((x, y, w, h), path)
        return path


def settled_capture(box, timeout=3.0, what="the picture"):
    """The screen's pixels in `box` (x, y, w, h; None: the whole screen) as raw RGB bytes, once
    two captures a moment apart are the same (the last frame drawn, a crossfade over), and whether
    they settled: something that never stops moving (a spinner, a progress bar's pulse) is taken
    as it is at the timeout."""
    crop = ["-crop", "{2}x{3}+{0}+{1}".format(*box), "+repage"] if box else []

    def capture():
        return subprocess.run(["import", "-window", "root", *crop, "-depth", "8", "rgb:-"],
                              capture_output=True, check=True).stdout
    previous = [capture()]

    def same_twice():
        picture = capture()
        same = picture == previous[0]
        previous[0] = picture
        return same
    try:
        wait_for(same_twice, timeout=timeout, interval=0.1, what=f"{what} to settle")
        return previous[0], True
    except TestFailure:
        return previous[0], False


def settled_picture(box, path, timeout=3.0):
    """Writes the screen's pixels in `box` (None: the whole screen) to `path` once they have
    settled (settled_capture); one still moving at the timeout is taken as it is, and said so:
    a picture is to look at, and no test passes or fails on it."""
    _, settled = settled_capture(box, timeout, what=os.path.basename(path))
    if not settled:
        print(f"  {os.path.basename(path)}: still moving after {timeout * TIMEOUT_SCALE:.0f} s, taken as it is", flush=True)
    crop = ["-crop", "{2}x{3}+{0}+{1}".format(*box), "+repage"] if box else []
    subprocess.run(["import", "-window", "root", *crop, path], check=True)


def settled_region(x, y, w, h):
    """The screen's pixels in a rectangle, as a list of (r, g, b), once they have stopped
    changing: for a check of what a widget looks like once drawn (screen_region reads them at
    once, for what lasts only a moment). Fails if they never settle."""
    data, settled = settled_capture((x, y, w, h), what="the pixels")
    check(settled, f"the pixels at {(x, y, w, h)} kept changing")
    return [tuple(data[i:i + 3]) for i in range(0, len(data) - 2, 3)]


def weston_scene():
    """Weston's scene graph as it prints it (`weston-debug scene-graph`; build-aux/with-weston.sh
    starts weston with --debug for it): on Wayland only the compositor knows where a window is."""
    return subprocess.run(["weston-debug", "scene-graph"], capture_output=True, text=True, check=True,
                          timeout=10 * TIMEOUT_SCALE).stdout


def weston_windows(graph=None):
    """The windows weston shows, from the top down, as (process id, title, (x, y, width, height))
    of each one's surface on the output (its shadow included, as AT-SPI's window coordinates are)."""
    graph = graph or weston_scene()
    windows = []
    for match in re.finditer(r"role xdg_toplevel, PID (\d+), .*top-level window '(.*)'(?: of .*)?, 0x[0-9a-f]+\):\n\s*"
                             r"position: \((-?\d+), (-?\d+)\) -> \((-?\d+), (-?\d+)\)", graph):
        pid, title, (x, y, right, bottom) = int(match.group(1)), match.group(2), map(int, match.groups()[2:])
        windows.append((pid, title, (x, y, right - x, bottom - y)))
    return windows


def weston_place(window, graph=None):
    """Where weston shows `window` (an AT-SPI frame or dialog), as weston_windows gives it: the
    window of its process with its title, or else (a dialog's accessible name need not be its
    title) the one window of its process with its size; None while weston shows none."""
    pid, size = window.parent.get_process_id(), tuple(window.queryComponent().getExtents(pyatspi.WINDOW_COORDS)[2:])
    windows = [(title, box) for p, title, box in weston_windows(graph) if p == pid]
    named = [box for title, box in windows if title == window.name]
    sized = [box for _, box in windows if box[2:] == size]
    return named[0] if len(named) == 1 else sized[0] if len(sized) == 1 else None


def toplevel_of(node):
    """The window (frame or dialog) `node` is in: the ancestor whose parent is its application."""
    while node.parent is not None and node.parent.getRoleName() != "application":
        node = node.parent
    return node


def screen_box(node, graph=None):
    """Where `node` is on the screen, as (x, y, width, height). Under X11 AT-SPI says it. A Wayland
    client does not know where its windows are, so there AT-SPI's position in the window (window
    coordinates) is added to the window's place in weston's scene graph."""
    if not WAYLAND:
        return tuple(node.queryComponent().getExtents(pyatspi.DESKTOP_COORDS))
    x, y, w, h = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    window = toplevel_of(node)
    left, top, _, _ = wait_for(lambda: weston_place(window, graph) or weston_place(window),
                               what=lambda: f"weston to show the window {window.name!r} (it shows {weston_windows()})")
    return left + x, top + y, w, h


def bring_into_view(node):
    """On Wayland, moves the window `node` is in so that `node` is wholly on the output and below
    weston's panel, if it is not, as a person drags a window into view (weston's move binding,
    Super + left button): weston places a window where it likes, and keeps it there when it grows
    (the Messages pane widens Triad's beyond the output's edge). Under X11 the tests place windows.
    Returns where `node` is then (see screen_box)."""
    if not WAYLAND:
        return screen_box(node)
    graph = weston_scene()
    width, height = map(int, re.search(r"^Output 0 .*\n\s*position: \(0, 0\) -> \((\d+), (\d+)\)", graph, re.M).groups())
    panel = re.search(r"panel for output .*\n\s*position: \(-?\d+, -?\d+\) -> \(\d+, (\d+)\)", graph)
    work_top = int(panel.group(1)) if panel else 0
    x, y, w, h = screen_box(node, graph)
    dx = -x if x < 0 else min(0, width - (x + w))
    dy = work_top - y if y < work_top else min(0, height - (y + h))
    if (dx, dy) == (0, 0):
        return x, y, w, h
    window = toplevel_of(node)
    left, top, window_width, window_height = screen_box(window)
    # Pressed inside the window (away from its shadow) and on the output, where weston sees it.
    start = (min(max(left + 60, 10), left + window_width - 60, width - 10), min(max(top + 60, work_top + 10), top + window_height - 60, height - 10))
    # The drag ends on the output too: where the window is wider than the output and goes left,
    # it is taken further right, by a point of its own that stays on the output.
    start = (max(start[0], 10 - dx), max(start[1], work_top + 10 - dy))
    pointer_to(*start)
    super_drag(1, start, (start[0] + dx, start[1] + dy))
    wait_for(lambda: screen_box(window)[:2] == (left + dx, top + dy),
             what=lambda: f"{window.name!r} moved into view by {(dx, dy)} (at {screen_box(window)[:2]}, from {(left, top)})")
    return screen_box(node)


def pointer_to(x, y):
    """Moves the pointer to (x, y) on the screen, before a press. Weston follows the X pointer only
    once it has entered weston's own X window: Xvfb starts its pointer in the middle of the screen,
    inside that window before weston made it, so on Wayland the pointer first leaves it (below
    weston's 1000-pixel output, in the 1024-pixel screen: build-aux/with-weston.sh) and comes back."""
    if WAYLAND:
        subprocess.run(["xdotool", "mousemove", "0", "1020"], check=True)
        time.sleep(0.05)  # a hand's pace (weston shows nothing to wait for): out, then back in
    subprocess.run(["xdotool", "mousemove", "--sync", str(round(x)), str(round(y))], check=True)


def visible_point(node):
    """A point of `node` on the screen for the pointer, its middle where it can be. Under X11 (no
    window manager: the tests keep their windows apart) its middle. On Wayland weston places windows
    where it likes, so a point that a window above `node`'s covers (weston's scene graph lists them
    from the top down) is passed over."""
    x, y, w, h = bring_into_view(node)
    points = [(x + w * i // 8, y + h * j // 8) for i, j in ((4, 4), (2, 2), (6, 2), (2, 6), (6, 6), (4, 2), (4, 6), (2, 4), (6, 4))]
    if not WAYLAND:
        return points[0]
    windows = [box for _, _, box in weston_windows()]
    own = weston_place(toplevel_of(node))
    check(own in windows, f"weston shows the window {toplevel_of(node).name!r}")
    above = windows[:windows.index(own)]
    for px, py in points:
        if not any(left <= px < left + width and top <= py < top + height for left, top, width, height in above):
            return px, py
    raise TestFailure(f"{node.name!r} at {(x, y, w, h)} is covered by the windows above it: {above}")


def press(node):
    """A press and release of the pointer's first button on `node` (at a point no other window
    covers), as a person clicks."""
    pointer_to(*visible_point(node))
    subprocess.run(["xdotool", "click", "1"], check=True)


def windows_of(pid):
    """The windows (frames) of the program with process id `pid` on the AT-SPI bus, once it has one
    there (a GTK program is on the bus as Triad is)."""
    def found():
        desktop = pyatspi.Registry.getDesktop(0)
        for i in range(desktop.childCount):
            program = desktop.getChildAtIndex(i)
            try:
                if program is not None and program.get_process_id() == pid and program.childCount:
                    return [program.getChildAtIndex(j) for j in range(program.childCount)]
            except Exception:
                continue
        return None
    return wait_for(found, what=f"the windows of process {pid} on the AT-SPI bus")


def give_focus_to(node):
    """Makes the window `node` is in (in any program on the AT-SPI bus) the active one, as a person
    does: on Wayland a press on `node` (weston focuses what is pressed); under X11, which has no
    window manager here, xdotool asks the X server."""
    if WAYLAND:
        press(node)
        return
    window = toplevel_of(node)
    command = ["xdotool", "search", "--pid", str(window.parent.get_process_id()), "--name", f"^{window.name}$"]
    for window_id in subprocess.run(command, capture_output=True, text=True).stdout.split():
        subprocess.run(["xdotool", "windowfocus", "--sync", window_id], capture_output=True)


def super_drag(button, start, end, steps=10):
    """Drags with `button` held and Super down, from `start` to `end` in `steps` moves: weston's
    bindings (button 1 moves a window, button 3 resizes it from the nearest corner). The pointer
    is over the window before the press, as weston needs. The pauses pace the gesture as a hand
    would (weston shows nothing to wait for in between); the callers wait for its outcome."""
    subprocess.run(["xdotool", "mousemove", str(start[0]), str(start[1])], check=True)
    time.sleep(0.1)
    subprocess.run(["xdotool", "keydown", "super", "mousedown", str(button)], check=True)
    time.sleep(0.1)
    for i in range(1, steps + 1):
        subprocess.run(["xdotool", "mousemove", str(start[0] + (end[0] - start[0]) * i // steps),
                        str(start[1] + (end[1] - start[1]) * i // steps)], check=True)
        time.sleep(0.03)
    subprocess.run(["xdotool", "mouseup", str(button), "keyup", "super"], check=True)


def screen_region(x, y, w, h):
    """The screen's pixels in a rectangle, as a list of (r, g, b)."""
    data = subprocess.run(["import", "-window", "root", "-crop", f"{w}x{h}+{x}+{y}", "+repage", "-depth", "8", "rgb:-"],
                          capture_output=True, check=True).stdout
    return [tuple(data[i:i + 3]) for i in range(0, len(data) - 2, 3)]


def showing(accessible):
    """Whether `accessible` is on screen; one that is gone (its widget destroyed) is not."""
    try:
        return accessible.getState().contains(pyatspi.STATE_SHOWING)
    except Exception:
        return False


def vanished(node, error):
    """Whether `error`, raised by a call on `node`, says that the object is gone (its widget was
    destroyed while the test read the tree), rather than something wrong: AT-SPI then marks it
    defunct, or the app answers that the object does not exist."""
    if isinstance(error, GLib.Error) and "does not exist" in str(error):
        return True
    try:
        return node.getState().contains(pyatspi.STATE_DEFUNCT)
    except Exception:
        return False


def walk_tree(roots, read):
    """Calls `read(node)` on every object under `roots` (themselves included), depth first, and
    returns (objects read, objects that vanished). The app keeps working while the tree is read:
    an object whose widget is destroyed meanwhile is skipped and counted; any other error (in
    AT-SPI or in `read`) is raised."""
    counts = {"read": 0, "vanished": 0}

    def visit(node):
        if node is None:  # the child at that index went away after its parent's count was read
            counts["vanished"] += 1
            return
        try:
            if node.getState().contains(pyatspi.STATE_DEFUNCT):
                counts["vanished"] += 1
                return
            read(node)
            children = [node.getChildAtIndex(i) for i in range(node.childCount)]
        except Exception as error:
            if not vanished(node, error):
                raise
            counts["vanished"] += 1
            return
        counts["read"] += 1
        for child in children:
            visit(child)
    for root in roots:
        visit(root)
    return counts["read"], counts["vanished"]


# The parts a pass can be run in, and the modules of the long loops (the lifetime's open/close
# rounds and the soak), which take as long as all the other tests together.
PARTS = ("windows", "loops")
LOOP_MODULES = ("test_lifetime.", "test_soak.")


def run_tests(tests, runner="test-ui"):
    """Runs each test function; prints one line each and closes with `N passed, N failed`
    (and `, N skipped` when a test could not run in this pass).

    Each outcome is also written as it comes, one JSON object a line, to the file TRIAD_RESULTS
    names (default build/results/RUNNER.jsonl): build-aux/check-bad-input.py reads it to know
    which tests ran in this pass and passed, not merely which are defined. The first line says
    which runner wrote it and when; the file is started anew at each run, so a test left out of its
    list leaves no line. A test that leaves a check out of this pass (not_in_this_pass) writes a
    line `{"test", "unchecked", "reason"}` before its outcome's."""
    passed = failed = skipped = 0
    only = os.environ.get("TRIAD_UI_ONLY")
    # A pass may run in two parts side by side (`make test` does, so that the long loops do not
    # hold up the rest): TRIAD_UI_PART=loops runs the lifetime and soak loops, =windows the other
    # tests; the two parts' results files together are the pass (check-skips reads both).
    # The windows part may be cut again into shards, `windowsKofN`: every Nth of its tests from
    # the Kth on, so that a module's tests (the users' slow ones) spread over the shards.
    part = os.environ.get("TRIAD_UI_PART", "")
    shard = re.fullmatch(r"windows([1-9][0-9]*)of([1-9][0-9]*)", part)
    if part not in ("", *PARTS) and not (shard and int(shard.group(1)) <= int(shard.group(2))):
        raise SystemExit(f"TRIAD_UI_PART={part!r}: a part is one of {', '.join(PARTS)}, or windowsKofN")
    windows_seen = 0
    results_path = os.environ.get("TRIAD_RESULTS") or os.path.join(ROOT, "build", "results", runner + ".jsonl")
    os.makedirs(os.path.dirname(os.path.abspath(results_path)), exist_ok=True)
    results = open(results_path, "w", encoding="utf-8")
    pass_name = "wayland" if WAYLAND else "x11"
    results.write(json.dumps({"runner": runner, "pass": pass_name, "started": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
                              "only": only or "", "skip": os.environ.get("TRIAD_UI_SKIP", ""), "part": part}) + "\n")
    results.flush()

    def write(test, fields):
        # The name the docs use: module.function, or a test's own `result_name` (the fault
        # sweep's save paths are `faults.Address`, …).
        name = getattr(test, "result_name", f"{test.__module__}.{test.__name__}")
        results.write(json.dumps({"test": name, **fields}) + "\n")
        results.flush()

    def record(test, result, seconds=0.0, reason=""):
        write(test, {"result": result, "seconds": round(seconds, 2), "reason": reason})

    for test in tests:
        name = f"{test.__module__}.{test.__name__}"
        if only and not any(wanted in name for wanted in only.split(",")):  # e.g. "test_adder.,test_note."
            continue
        if part and (part == "loops") != name.startswith(LOOP_MODULES):
            continue
        if shard and not name.startswith(LOOP_MODULES):
            windows_seen += 1
            if (windows_seen - int(shard.group(1))) % int(shard.group(2)) != 0:
                continue
        skip = os.environ.get("TRIAD_UI_SKIP")
        if skip and skip in name:  # not run in this pass (it runs in the plain one); not counted
            print(f"SKIP {test.__name__} (TRIAD_UI_SKIP)", flush=True)
            record(test, "skipped", reason="TRIAD_UI_SKIP")
            continue
        started = time.monotonic()
        RUNNING["record"] = lambda fields, test=test: write(test, fields)
        CURRENT_TEST["name"] = name
        LEAK_CHECKS_OWED.clear()
        try:
            test()
            if LEAK_CHECKS_OWED:
                raise TestFailure("the app was killed on purpose under the sanitizer and never started again on "
                                  f"{', '.join(LEAK_CHECKS_OWED)} to exit normally: that run's leaks were never read")
            passed += 1
            print(f"PASS {test.__name__} ({time.monotonic() - started:.2f} s)", flush=True)
            record(test, "passed", time.monotonic() - started)
        except TestSkipped as reason:
            skipped += 1
            print(f"SKIP {test.__name__} (skipped: {reason})", flush=True)
            record(test, "skipped", time.monotonic() - started, str(reason))
        except Exception:
            failed += 1
            print(f"FAIL {test.__name__}", flush=True)
            traceback.print_exc()
            record(test, "failed", time.monotonic() - started)
        RUNNING["record"] = None
    results.close()
    pass_name = "wayland: " if WAYLAND else ""
    print(f"{pass_name}{passed} passed, {failed} failed" + (f", {skipped} skipped" if skipped else ""), flush=True)
    return 1 if failed or passed == 0 else 0
