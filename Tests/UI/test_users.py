"""The user list in MVP (seed 003): asynchronous loading, search, import, empty state."""
import contextlib
import fcntl
import os
import queue
import re
import subprocess
import sqlite3
import sys
import threading
import tempfile
import time

import pyatspi

from harness import BIN, SANITIZED, App, check, give_focus_to, pointer_to, visible_point, wait_for, windows_of


def rows(app):
    """The rows a person sees, read from the tree view's table: (name, age, e-mail)."""
    table = pyatspi.findDescendant(app.find("User list"), lambda n: n.getRoleName() == "table")
    t = table.queryTable()
    return [tuple(t.getAccessibleAt(r, c).name for c in range(t.nColumns)) for r in range(t.nRows)]


def confirm_preview(app):
    """In the import preview (how the file will be read), imports the file as it was found."""
    app.wait_find("Import preview")
    wait_for(lambda: app.find("Import", role="push button").getState().contains(pyatspi.STATE_SENSITIVE), what="Import to be possible")
    app.click("Import", role="push button")


def open_users(app):
    app.open_page("Users")
    wait_for(lambda: app.find("User count", required=False) and app.text("User count") != "", what="the list")


def test_seed_users_appear():
    with App() as app:
        open_users(app)
        app.wait_text("User count", "3 users")
        check(rows(app) == [("Iyad Agha", "36 years", "iyad.agha@example.com"),
                            ("Mila Haward", "24 years", "mila.haward@example.com"),
                            ("Mark Astun", "39 years", "mark.astun@example.com")], f"rows: {rows(app)}")
        app.screenshot("users.png")


def test_search_narrows_rows():
    with App() as app:
        open_users(app)
        app.set_text("Search users", "mi")
        wait_for(lambda: rows(app) == [("Mila Haward", "24 years", "mila.haward@example.com")], what="Mila alone")
        app.wait_text("User count", "1 user")
        app.set_text("Search users", "MARK.ASTUN@")
        wait_for(lambda: [r[0] for r in rows(app)] == ["Mark Astun"], what="search by e-mail, any case")
        app.set_text("Search users", "nobody")
        app.wait_find("No users yet")
        app.screenshot("users-empty.png")
        app.set_text("Search users", "")
        app.wait_text("User count", "3 users")


# Enough users that a search takes longer than the keys are apart, so that keys arrive while one
# runs. A sanitizer slows each search many times over, so a tenth of them keeps that true there, and
# spares the pass generating and searching the rest.
TYPING_USERS = 20_000 if SANITIZED else 200_000


def test_typing_faster_than_searches_ends_with_the_whole_text():
    """Four keys typed 1 ms apart into the search field over many users (the app coalesces
    them per main-loop turn and per search in flight; which keys get their own search depends on
    timing, so UserListPresenterTests pins that down): the list ends showing the rows of the whole
    text, never those of an earlier keystroke."""
    with tempfile.TemporaryDirectory(prefix="triad-ui-", ignore_cleanup_errors=True) as data:
        subprocess.run([BIN, "--generate-users", str(TYPING_USERS)], env=dict(os.environ, TRIAD_DATA_DIR=data),
                       check=True, capture_output=True)
        with sqlite3.connect(os.path.join(data, "triad.sqlite3")) as db:
            (expected,) = db.execute("SELECT count(*) FROM users WHERE first_name LIKE 'mila%' "
                                     "OR last_name LIKE 'mila%' OR email LIKE 'mila%'").fetchone()
            (total,) = db.execute("SELECT count(*) FROM users").fetchone()
        check(TYPING_USERS // 1000 < expected < TYPING_USERS, f"the query is broad but not everything: {expected}")
        with App(data_dir=data) as app:
            open_users(app)
            app.wait_text("User count", f"{total} users")
            app.key("ctrl+f")
            wait_for(lambda: app.is_focused("Search users"), what="Ctrl+F to focus the user search")
            subprocess.run(["xdotool", "type", "--delay", "1", "mila"], check=True)
            app.wait_text("User count", f"{expected} users")
            shown = rows(app)
            check(shown and all("mila" in (r[0] + " " + r[2]).lower() for r in shown), f"only Mila rows: {shown[:5]}")
            check(app.text("Search users") == "mila", f"the field holds the whole text: {app.text('Search users')!r}")


def test_import_two_good_one_bad():
    with tempfile.TemporaryDirectory(prefix="triad-import-", ignore_cleanup_errors=True) as folder:
        path = os.path.join(folder, "people.csv")
        with open(path, "w", encoding="utf-8") as f:
            f.write("first_name,last_name,email,age\nHanako,Yamada,hanako@example.jp,28\n"
                    "Bad,Age,bad@example.com,old\nWei,Zhang,wei@example.cn,33\n")
        with App() as app:
            open_users(app)
            app.click("Import users")
            app.choose_file("Import Users", path)
            confirm_preview(app)
            app.wait_text("Import result", "2 users added. 1 row skipped: line 3: age is not a number", timeout=20)
            app.wait_text("User count", "5 users")
            check(("Hanako Yamada", "28 years", "hanako@example.jp") in rows(app), "the imported rows are listed")
            # The result sits between the search row and the list (it is put there when first needed).
            def top_and_bottom(name):
                _, y, _, h = app.find(name).queryComponent().getExtents(pyatspi.WINDOW_COORDS)
                return y, y + h
            result_top, result_bottom = top_and_bottom("Import result")
            check(top_and_bottom("Search users")[1] <= result_top and result_bottom <= top_and_bottom("User list")[0],
                  "the import result is below the search field and above the list")


def write(folder, name, text):
    path = os.path.join(folder, name)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    return path


class OtherWindow:
    """Another application's window, offering `paths` as a drag (drag_source.py: a stand-in for the
    Files app), and what it says of the drag, line by line. Under X11 it asks for (1000, 800), away
    from Triad's window; on Wayland weston places it."""

    def __init__(self, *paths):
        self.process = subprocess.Popen([sys.executable, os.path.join(os.path.dirname(os.path.abspath(__file__)), "drag_source.py"),
                                         "1000", "800", *paths], stdout=subprocess.PIPE, text=True)
        self.lines = queue.Queue()
        self.said = []
        threading.Thread(target=lambda: [self.lines.put(line.strip()) for line in self.process.stdout], daemon=True).start()
        self.wait_until_it_says("ready")

    def window(self):
        """Its window on the AT-SPI bus."""
        return windows_of(self.process.pid)[0]

    def handle(self):
        """Its "Drag me" label, which the drag starts from."""
        return wait_for(lambda: pyatspi.findDescendant(self.window(), lambda n: n.name == "Drag me"), what="its label")

    def wait_until_it_says(self, word, timeout=10):
        """Waits until the window has said `word` (since it started)."""
        def heard():
            try:
                while True:
                    self.said.append(self.lines.get_nowait())
            except queue.Empty:
                pass
            return word in self.said
        wait_for(heard, timeout=timeout, what=f"the other window to say {word!r} (it said {self.said})")

    def close(self):
        self.process.terminate()
        self.process.wait(timeout=10)


def drag_files_onto(app, target_name, paths):
    """Drags `paths` from a stand-in file manager window onto the widget named `target_name`,
    with the pointer, as a person does; returns once the drag has ended."""
    source = OtherWindow(*paths)
    try:
        start = visible_point(source.handle())
        end = visible_point(app.find(target_name))  # where the other window does not cover it
        steps = [(start[0] - 5, start[1] - 5), (start[0] - 20, start[1] - 20)]
        steps += [(start[0] - 20 + (end[0] - start[0] + 20) * i // 10, start[1] - 20 + (end[1] - start[1] + 20) * i // 10)
                  for i in range(1, 11)]
        pointer_to(*start)
        subprocess.run(["xdotool", "mousedown", "1"], check=True)
        for px, py in steps:  # no --sync: while GTK holds the drag's pointer grab it may never answer
            subprocess.run(["xdotool", "mousemove", str(px), str(py)], check=True)
            time.sleep(0.05)  # a hand's pace: each step a motion event of its own
        source.wait_until_it_says("began")
        source.wait_until_it_says("accepted")  # the page takes the files where the pointer is
        subprocess.run(["xdotool", "mouseup", "1"], check=True)
        source.wait_until_it_says("ended")
        check("sent" in source.said, f"the files were handed over: the other window said {source.said}")
    finally:
        source.close()


def test_dropped_files_are_imported_by_content_type():
    # The format follows the file's content type: a JSON file with an upper-case name, CSV in a
    # .txt file; a picture is refused with a message. The pointer drags (xdotool), from another
    # program's window: XDND under X11, the compositor's data device on Wayland.
    with tempfile.TemporaryDirectory(prefix="triad-import-", ignore_cleanup_errors=True) as folder:
        json_path = write(folder, "PEOPLE.JSON", '[{"first_name": "Hanako", "last_name": "Yamada", "email": "hanako@example.jp", "age": 28}]')
        text_path = write(folder, "more people.txt", "first_name,last_name,email,age\nWei,Zhang,wei@example.cn,33\n")
        picture = os.path.join(folder, "users.csv.png")
        with open(picture, "wb") as f:
            f.write(b"\x89PNG\r\n\x1a\n" + bytes(64))
        with App() as app:
            open_users(app)
            drag_files_onto(app, "User list", [json_path])
            confirm_preview(app)
            app.wait_text("Import result", "1 user added.", timeout=20)
            app.wait_text("User count", "4 users")
            drag_files_onto(app, "User list", [text_path])
            confirm_preview(app)
            app.wait_text("Import result", "1 user added.", timeout=20)
            app.wait_text("User count", "5 users")
            drag_files_onto(app, "User list", [picture])
            app.wait_text("Import result", "“users.csv.png” is not a CSV or JSON file (image/png); nothing was imported.")
            app.wait_text("User count", "5 users")
            check(("Wei Zhang", "33 years", "wei@example.cn") in rows(app), "the dropped rows are listed")


class FakeDesktop:
    """fake_desktop.py: the notification server and the session manager; `calls` collects what
    they were asked, one tuple per call."""

    def __init__(self):
        self.process = subprocess.Popen([sys.executable, os.path.join(os.path.dirname(os.path.abspath(__file__)), "fake_desktop.py")],
                                        stdout=subprocess.PIPE, text=True)
        self.calls = []

    def __enter__(self):
        check(self.process.stdout.readline().strip() == "ready", "the stand-in desktop services started")
        threading.Thread(target=self._read, daemon=True).start()
        return self

    def _read(self):
        for line in self.process.stdout:
            self.calls.append(tuple(line.rstrip("\n").split("\t")))

    def __exit__(self, *exc):
        self.process.terminate()
        self.process.wait(timeout=10)


def test_long_import_keeps_the_session_and_notifies_when_away():
    # While an import runs, logout and suspend are inhibited; when it ends and the window is not
    # the active one, a notification says how it went. While the window is active: no notification.
    with tempfile.TemporaryDirectory(prefix="triad-import-", ignore_cleanup_errors=True) as folder:
        path = write(folder, "many.csv", "first_name,last_name,email,age\n" +
                     "".join(f"Name{i},Family{i},person{i}@example.com,{i % 90}\n" for i in range(500)))
        small = write(folder, "one.csv", "first_name,last_name,email,age\nWei,Zhang,wei@example.cn,33\n")
        with FakeDesktop() as desktop, App() as app:
            open_users(app)
            # Each import must still be running when the test has put the focus where it wants it
            # (in Triad's window, then in another). However fast the machine, it is: another
            # program holds the store's write lock (as a second writer may), so the import waits
            # (its busy timeout is 5 s) until the test has seen the focus there, and only then is
            # the lock given back. (A compositor gives the focus back to the main window after a
            # dialog closes, or not: weston does not, and then a person clicks the window.)
            writer = sqlite3.connect(os.path.join(app.data_dir, "triad.sqlite3"), isolation_level=None)
            writer.execute("BEGIN IMMEDIATE")
            app.click("Import users")
            app.choose_file("Import Users", small)
            confirm_preview(app)
            main = app.frames()[0]
            give_focus_to(app.find("User count"))
            wait_for(lambda: main.getState().contains(pyatspi.STATE_ACTIVE), what="Triad's window to be the active one")
            writer.execute("ROLLBACK")
            app.wait_text("Import result", "1 user added.", timeout=20)
            wait_for(lambda: any(c[0] == "Uninhibit" for c in desktop.calls), what="the session to be released")
            check(not any(c[0] == "Notify" for c in desktop.calls), f"no notification while the window is active: {desktop.calls}")

            other = OtherWindow()
            try:
                writer.execute("BEGIN IMMEDIATE")
                app.click("Import users")
                app.choose_file("Import Users", path)
                confirm_preview(app)
                inhibit = wait_for(lambda: next((c for c in desktop.calls[2:] if c[0] == "Inhibit"), None),
                                   what="the session to be inhibited")
                check(inhibit[1] == "io.github.triad.Triad" and inhibit[2] == "Importing users" and int(inhibit[3]) & 5 == 5,
                      f"logout (1) and suspend (4) inhibited with a reason: {inhibit}")
                def focus_moved_away():
                    # Asked again until it takes: once (stop 32) Triad stayed active after a single
                    # ask, as it does when X refuses the focus to a window not yet viewable.
                    give_focus_to(other.handle())
                    return not any(f.getState().contains(pyatspi.STATE_ACTIVE) for f in app.frames())
                wait_for(focus_moved_away, what="Triad's window to be no longer the active one")
                check(app.find("Cancel import", required=False) is not None and app.text("Import result", required=False) == "",
                      "the import is still running, waiting for the store")
                writer.execute("ROLLBACK")
                app.wait_text("Import result", "500 users added.", timeout=60)
                note = wait_for(lambda: next((c for c in desktop.calls if c[0] == "Notify"), None), what="the notification")
                check(note[1:] == ("Triad", "Import finished", "500 users added."), f"the notification: {note}")
                wait_for(lambda: [c[1] for c in desktop.calls if c[0] == "Uninhibit"] == [desktop.calls[0][4], inhibit[4]],
                         what=f"each inhibition to be released: {desktop.calls}")
            finally:
                writer.close()
                other.close()


@contextlib.contextmanager
def reads_held_back(app):
    """While inside, nothing can begin to read the store: another process holds SQLite's five WAL
    read-mark locks (bytes 123-127 of the -shm file), as a program stuck in a checkpoint or a
    recovery would, and a reader waits and tries again (for up to ~10 s). Asked until it takes, in
    case Triad is reading at that moment."""
    shm = open(os.path.join(app.data_dir, "triad.sqlite3-shm"), "r+b")

    def taken():
        try:
            fcntl.lockf(shm, fcntl.LOCK_EX | fcntl.LOCK_NB, 5, 123, os.SEEK_SET)
            return True
        except OSError:
            return False
    try:
        wait_for(taken, what="the store's read locks")
        yield
    finally:
        shm.close()  # gives the locks back


def test_slow_first_load_shows_the_loading_notice():
    # A first load that lasts over 300 ms shows a spinner and "Loading users…" instead of an
    # empty list (until stop 33 the list, empty, stayed: the notice was never the stack's state).
    with App() as app:
        app.wait_find("First number")
        with reads_held_back(app):
            app.open_page("Users")
            app.wait_find("Loading users…")
            check(app.text("User count", required=False) == "", "no count and no \"Searching…\" while loading")
            check(app.find("User list", required=False) is None, "the empty list is not shown while loading")
        app.wait_text("User count", "3 users")
        check(rows(app)[0][0] == "Iyad Agha", f"rows once the store can be read: {rows(app)}")
        check(app.find("Loading users…", required=False) is None, "the loading notice is gone")


def test_unreadable_list_shows_an_error_until_it_can_be_read():
    with App() as app:
        open_users(app)
        app.wait_text("User count", "3 users")
        store = sqlite3.connect(os.path.join(app.data_dir, "triad.sqlite3"), isolation_level=None)
        try:
            store.execute("ALTER TABLE users RENAME TO users_elsewhere")  # as another program might
            app.set_text("Search users", "mi")
            wait_for(lambda: app.text("User list error", required=False).startswith("The user list cannot be read:"),
                     what="the error in the page")
            check(app.text("User count", required=False) == "", f"no stale count beside the error: {app.text('User count')!r}")
            check(app.find("User list", required=False) is None, "the list is not shown under an error")
            _, search_y, _, search_h = app.find("Search users").queryComponent().getExtents(pyatspi.WINDOW_COORDS)
            _, error_y, _, _ = app.find("User list error").queryComponent().getExtents(pyatspi.WINDOW_COORDS)
            check(error_y >= search_y + search_h, "the error is below the search field")
            store.execute("ALTER TABLE users_elsewhere RENAME TO users")
        finally:
            store.close()
        app.set_text("Search users", "")
        app.wait_text("User count", "3 users")
        check(app.find("User list error", required=False) is None, "the error is gone once the list can be read")
        check(len(rows(app)) == 3, f"the rows are back: {rows(app)}")


def test_empty_directory_shows_empty_state():
    with tempfile.TemporaryDirectory(prefix="triad-ui-", ignore_cleanup_errors=True) as data:
        with App(data_dir=data) as app:
            open_users(app)
        connection = sqlite3.connect(os.path.join(data, "triad.sqlite3"))
        connection.execute("DELETE FROM users")
        connection.commit()
        connection.close()
        with App(data_dir=data) as app:
            app.open_page("Users")
            app.wait_find("No users yet")
            check(app.find("Import users from the empty list") is not None, "the empty state offers Import")


def count_shown(app):
    """The count label as a number, whatever digit grouping the locale uses."""
    return int(re.sub(r"\D", "", app.text("User count")) or -1)


def test_long_list_is_windowed_and_scrolls_to_the_end():
    with tempfile.TemporaryDirectory(prefix="triad-ui-", ignore_cleanup_errors=True) as data:
        subprocess.run([BIN, "--generate-users", "20000"], env=dict(os.environ, TRIAD_DATA_DIR=data),
                       check=True, capture_output=True)
        with App(data_dir=data) as app:
            open_users(app)
            wait_for(lambda: count_shown(app) == 20003, what="20003 users counted")
            shown = rows(app)
            check(shown[0][0] == "Iyad Agha", f"the list starts with the first user: {shown[:2]}")
            check(5 <= len(shown) <= 60, f"the tree view holds the rows on screen, not 20003: {len(shown)}")
            # The scrollbar spans the whole list; moving it to its end shows the last users.
            position = app.find("User list position").queryValue()
            check(position.maximumValue >= 20003 - 60, f"scrollbar range {position.maximumValue}")
            position.currentValue = position.maximumValue
            wait_for(lambda: rows(app)[-1][2] == "user20003@example.com", what="the last user at the bottom")
            # The keyboard reaches both ends too: Home selects the first user, End the last.
            app.focus_window("Triad")
            table = pyatspi.findDescendant(app.find("User list"), lambda n: n.getRoleName() == "table")
            table.queryComponent().grabFocus()
            app.key("Home")
            wait_for(lambda: rows(app)[0][0] == "Iyad Agha", what="Home: back at the top")
            wait_for(lambda: selected(app) == "iyad.agha@example.com", what="Home selects the first user")
            app.key("Page_Down")
            app.key("Down")
            wait_for(lambda: selected(app) not in (None, "iyad.agha@example.com"), what="Page Down moves the selection")
            app.key("End")
            wait_for(lambda: selected(app) == "user20003@example.com" and rows(app)[-1][2] == "user20003@example.com",
                     what="End selects the last user, at the bottom")
            # A broad search shows its first rows and then counts them all (how soon: `make bench`'s search part).
            app.set_text("Search users", "user")
            wait_for(lambda: count_shown(app) == 20000, what="all 20000 generated users match")
            check(rows(app)[0][2] == "user4@example.com", f"first match: {rows(app)[0]}")


def selected(app):
    """E-mail in the selected row of the list's table, if a row is selected."""
    table = pyatspi.findDescendant(app.find("User list"), lambda n: n.getRoleName() == "table")
    t = table.queryTable()
    for r in range(t.nRows):
        if t.isRowSelected(r):
            return t.getAccessibleAt(r, 2).name
    return None


TESTS = [test_seed_users_appear, test_search_narrows_rows, test_typing_faster_than_searches_ends_with_the_whole_text,
         test_import_two_good_one_bad, test_dropped_files_are_imported_by_content_type,
         test_long_import_keeps_the_session_and_notifies_when_away,
         test_slow_first_load_shows_the_loading_notice, test_unreadable_list_shows_an_error_until_it_can_be_read,
         test_empty_directory_shows_empty_state, test_long_list_is_windowed_and_scrolls_to_the_end]
