"""Being a GNOME desktop citizen: keyboard-only use, the shortcuts window, remembered window size,
and every accessible name of docs/ACCESSIBILITY.md present in the running app."""
import os
import re
import subprocess
import tempfile

import pyatspi

from harness import BIN, App, ROOT, check, wait_for, walk_tree, wayland_only

PASSWORD = "keyboard only 42"


def type_text(text):
    subprocess.run(["xdotool", "type", "--delay", "15", text], check=True)


def test_keyboard_only_adder_registration_and_login():
    with App() as app:
        frame = app.frames()[0]
        app.focus_window("Triad")  # a new window gets the focus from a window manager (Xvfb has none)
        app.key("alt+f")  # mnemonic of "First number"
        wait_for(lambda: app.is_focused("First number"), what="Alt+F to focus the first field")
        app.key("ctrl+a")
        type_text("7")
        app.key("alt+s")
        wait_for(lambda: app.is_focused("Second number"), what="Alt+S to focus the second field")
        app.key("ctrl+a")
        type_text("35")
        app.key("Return")  # the page's default button
        app.wait_text("Sum result", "42")

        app.key("alt+3")  # the Login page
        app.wait_find("User name")
        wait_for(lambda: app.selected_page() == "Login", what="Alt+3 to open Login")
        # A person presses the button's key once they see it: the page's buttons are showing.
        app.wait_find("Register…", actionable=True)
        app.key("alt+r")  # "Register…"
        app.wait_find("New user name")
        app.focus_window("Register")  # what a window manager does for a new dialog
        app.key("alt+u")
        wait_for(lambda: app.is_focused("New user name"), what="Alt+U in the dialog")
        type_text("kim")
        app.key("alt+p")
        type_text(PASSWORD)
        app.key("alt+c")
        type_text(PASSWORD)
        app.key("Return")  # the dialog's default: Register
        wait_for(lambda: app.find("New user name", required=False) is None, timeout=15, what="the dialog to close")
        app.focus_window("Triad")  # a window manager gives the focus back to the main window
        app.wait_text("User name", "kim")
        wait_for(lambda: app.is_focused("Password"), what="focus moved to the password")
        type_text(PASSWORD)
        app.key("Return")
        app.wait_text("Signed in user", "Signed in as kim", timeout=15)

        app.key("alt+1")
        app.wait_text("Sum result", "42")
        app.key("ctrl+question")
        wait_for(lambda: any(f.getRoleName() == "frame" and f is not frame and f.childCount for f in app.frames())
                 or app.find("Keyboard shortcuts", required=False), what="the shortcuts window")
        app.key("Escape")


def test_find_and_main_menu_keys():
    with App() as app:
        app.focus_window("Triad")  # a new window gets the focus from a window manager (Xvfb has none)
        app.focus("First number")
        app.key("ctrl+f")
        wait_for(lambda: app.selected_page() == "Users", what="Ctrl+F to go to the Users page")
        wait_for(lambda: app.is_focused("Search users"), what="Ctrl+F to focus the user search")
        # The menu is made as it first opens (MainWindowView.swift): until then the button must
        # still be usable, and from then on GTK opens the same menu again.
        check(app.has_state("Main menu", pyatspi.STATE_SENSITIVE), "the main menu button is usable before its first opening")
        for opening in ("first", "second"):
            app.key("F10")
            item = wait_for(lambda: app.find("About Triad", required=False), what=f"F10 to open the main menu ({opening} time)")
            check(item.getState().contains(pyatspi.STATE_SHOWING), "the menu is showing")
            app.key("Escape")
            wait_for(lambda: app.find("About Triad", required=False) is None, what="Escape to close the menu")
        app.key("F1")
        # Keys are handled in the order they were pressed: once F10's menu shows, F1 has been
        # handled too.
        app.key("F10")
        wait_for(lambda: app.find("About Triad", required=False) or len(app.frames()) > 1,
                 what="F10, pressed after F1, to open the main menu (or F1 a window)")
        check(app.find("Keyboard shortcuts", required=False) is None and len(app.frames()) == 1,
              "F1 does not open the shortcuts window (GNOME's Help key)")
        app.key("Escape")


def test_data_folder_follows_xdg_data_home():
    # Without TRIAD_DATA_DIR, the store goes where GLib's g_get_user_data_dir() says.
    with tempfile.TemporaryDirectory(prefix="triad-ui-") as home:
        env = {k: v for k, v in os.environ.items() if k != "TRIAD_DATA_DIR"}
        env["XDG_DATA_HOME"] = os.path.join(home, "data")
        result = subprocess.run([BIN, "--generate-users", "2"], env=env, capture_output=True, text=True, timeout=30)
        check(result.returncode == 0, f"--generate-users 2: {result.stdout}{result.stderr}")
        check(os.path.exists(os.path.join(home, "data", "io.github.triad.Triad", "triad.sqlite3")),
              f"the store in $XDG_DATA_HOME/io.github.triad.Triad: {result.stdout}")


def test_window_size_is_remembered():
    with tempfile.TemporaryDirectory(prefix="triad-ui-", ignore_cleanup_errors=True) as data:
        with App(data_dir=data) as app:
            # A size asked for before the window has settled at its first size may be overridden.
            first = app.settled_window_size()
            app.resize_main_window(1040, 700)
            before = app.settled_window_size(differs_from=first)
            check(before[0] > 1000, f"the resize: {first} → {before}")
            app.focus("First number")
            wait_for(lambda: app.is_focused("First number"), what="focus in the window")
            app.key("ctrl+w")
            wait_for(lambda: app.process.poll() is not None, what="the app to close")
        kept = settings_kept(data)
        check("window-width=" in kept, f"the size kept in GSettings: {kept!r}")
        with App(data_dir=data) as app:
            after = wait_for(lambda: app.main_window_size()[0] and app.main_window_size(), what="extents")
            check(tuple(after) == tuple(before), f"the window comes back at its size: {before} → {after}")


def settings_kept(data):
    """What GSettings keeps for Triad in the test's folder: its key file backend's file (the
    harness runs the app with GSETTINGS_BACKEND=keyfile, as a flatpak does)."""
    path = os.path.join(data, "config", "glib-2.0", "settings", "keyfile")
    return open(path, encoding="utf-8").read() if os.path.exists(path) else ""


def test_window_state_is_carried_over_from_the_key_file():
    # Versions before 0.2 kept the window's state in window.ini (in XDG_STATE_HOME, and before
    # that in XDG_CONFIG_HOME): read once into GSettings, then removed.
    for folder in ("state", "config"):
        with tempfile.TemporaryDirectory(prefix="triad-ui-", ignore_cleanup_errors=True) as data:
            earlier = os.path.join(data, folder, "io.github.triad.Triad", "window.ini")
            os.makedirs(os.path.dirname(earlier))
            with open(earlier, "w") as file:
                file.write("[window]\nwidth=1000\nheight=720\nmaximized=false\npage=note\n")
            with App(data_dir=data) as app:
                size = wait_for(lambda: app.main_window_size()[0] and app.main_window_size(), what="extents")
                # Extents include the client-side decoration's margins: at least the stored size.
                check(1000 <= size[0] < 1100 and 720 <= size[1] < 820, f"the earlier size is used ({folder}): {size}")
                check(app.selected_page() == "Note", f"the earlier last page is shown ({folder})")
                check(not os.path.exists(earlier), f"the key file in XDG_{folder.upper()}_HOME is removed once read")
                kept = settings_kept(data)
                check("window-width=1000" in kept and "last-page='note'" in kept, f"carried over into GSettings: {kept!r}")
                app.focus_sidebar()
                app.key("ctrl+w")
                wait_for(lambda: app.process.poll() is not None, what="the app to close")
            # The next start reads GSettings alone: the same size and page, with no file to read.
            with App(data_dir=data) as app:
                size = wait_for(lambda: app.main_window_size()[0] and app.main_window_size(), what="extents")
                check(1000 <= size[0] < 1100, f"the size stays after the carry-over ({folder}): {size}")
                check(app.selected_page() == "Note", f"the page stays after the carry-over ({folder})")


def test_last_page_is_remembered():
    with tempfile.TemporaryDirectory(prefix="triad-ui-", ignore_cleanup_errors=True) as data:
        with App(data_dir=data) as app:
            app.open_page("Users")
            wait_for(lambda: app.find("User count", required=False) and app.text("User count") != "", what="the list")
            app.focus_sidebar()
            app.key("ctrl+w")
            wait_for(lambda: app.process.poll() is not None, what="the app to close")
        with App(data_dir=data) as app:
            check(app.selected_page() == "Users", f"the Users page comes back: {app.selected_page()}")
        with App(data_dir=data, args=["--page", "login"]) as app:
            check(app.selected_page() == "Login", "--page wins over the remembered page")


def test_maximized_state_is_remembered():
    """Maximizing is the compositor's business: weston maximizes the active window on Super+Shift+M.
    Closed maximized, Triad comes back maximized; unmaximized again, at the size it had before."""
    wayland_only("maximizing needs a window manager, and Xvfb has none")
    with tempfile.TemporaryDirectory(prefix="triad-ui-", ignore_cleanup_errors=True) as data:
        with App(data_dir=data) as app:
            frame = app.frames()[0]
            wait_for(lambda: frame.getState().contains(pyatspi.STATE_ACTIVE), what="the window to be active")
            normal = app.settled_window_size()
            app.key("super+shift+m")
            maximized = app.settled_window_size(differs_from=normal)
            check(maximized[0] > normal[0] and maximized[1] > normal[1], f"maximized: {normal} → {maximized}")
            app.focus("First number")
            wait_for(lambda: app.is_focused("First number"), what="focus in the window")
            app.key("ctrl+w")
            wait_for(lambda: app.process.poll() is not None, what="the app to close")
        with App(data_dir=data) as app:
            frame = app.frames()[0]
            wait_for(lambda: app.main_window_size() == maximized, what=f"the window to come back maximized {maximized}")
            wait_for(lambda: frame.getState().contains(pyatspi.STATE_ACTIVE), what="the window to be active")
            app.key("super+shift+m")  # the same binding unmaximizes
            wait_for(lambda: app.main_window_size() == normal, what=f"the unmaximized size {normal}")


def documented_names():
    """(page, name) for every name in docs/ACCESSIBILITY.md's table."""
    names = []
    for line in open(os.path.join(ROOT, "docs", "ACCESSIBILITY.md"), encoding="utf-8"):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 3 and "`" in cells[1]:
            for name in re.findall(r"`([^`]+)`", cells[1]):
                names.append((cells[0], name))
    return names


def test_every_documented_name_exists():
    names = documented_names()
    check(len(names) >= 50, f"the table lists the controls ({len(names)})")
    missing = []
    with App() as app:
        unlabelled = []

        def look(page, name):
            node = app.find(name, required=False, showing=False)
            if not node:
                missing.append(f"{page}: {name}")
                return
            # Each field is labelled by its visible label (the mnemonic label's label-for relation).
            # The search and the two multi-line views (the note's editor, the read-only code) are
            # named by themselves: no label stands beside them.
            if node.getRoleName() in ("text", "password text") and name not in ("Search users", "Note editor", "Source code"):
                relations = [r.getRelationType() for r in node.getRelationSet()]
                if pyatspi.RELATION_LABELLED_BY not in relations:
                    unlabelled.append(name)

        def look_at_section(section, skip=()):
            for p, name in names:
                if p == section and name not in skip:
                    look(p, name)

        # The notice bar is made the first time there is something to say (MainWindowView.swift):
        # test_damaged_file_is_moved_aside_and_reported finds it by its name. The divider beside
        # the Messages pane is made when the pane first opens (looked up below).
        divider = "Divider between the pages and the messages"
        # The mistake bar and its meter are made with the first mistake chosen, the menu's list
        # when it first opens: test_mistakes finds them by their names.
        made_with_a_mistake = {"Mistake switched on", "Stall meter", "Frames missed", "Classic mistakes", "Strong delegate"}
        look_at_section("main window", skip={"Notice", divider} | made_with_a_mistake)
        for page in ("Adder", "Address", "Login", "Users", "Note", "Chart"):
            app.open_page(page)
            wait_for(lambda: app.selected_page() == page, what=f"the {page} page")
            if page == "Address":
                app.set_text("Street", "edited")  # so that leaving asks
            # Names inside another state of a stack are looked up once that state shows (below).
            later = {"Unsaved address", "Signed in user", "Log out", "No users yet", "Import users from the empty list"}
            # The Users page's import progress, import result and error show only while there is
            # one; test_users finds each by its name: "Cancel import" in
            # test_long_import_keeps_the_session_and_notifies_when_away, "Import result" in
            # test_import_two_good_one_bad, "User list error" in
            # test_unreadable_list_shows_an_error_until_it_can_be_read; "Export result" (and the
            # export's Cancel, the same button) in test_import.test_export_the_list_and_the_search_result.
            made_on_use = {"Cancel import", "Import result", "User list error", "Cancel export", "Export result"}
            look_at_section(page, skip=later | made_on_use)
            if page == "Address":
                app.open_page("Login")
                look(page, app.wait_find("Unsaved address").name)
                app.click("Discard")
            if page == "Login":
                app.click("Register…")
                app.wait_find("New user name")
                look_at_section("Register dialog")
                app.set_text("New user name", "ann")
                for field in ("New password", "Confirm password"):
                    app.set_text(field, "a good long password")
                app.click("Register", role="push button")
                app.wait_text("User name", "ann", timeout=15)
                app.set_text("Password", "a good long password")
                app.click("Log in")
                app.wait_find("Signed in user", timeout=15)  # the signed-in state's names
                for name in ("Signed in user", "Log out"):
                    look(page, name)
            if page == "Users":
                app.set_text("Search users", "no such person")
                app.wait_find("No users yet")  # the empty state's names
                for name in ("No users yet", "Import users from the empty list"):
                    look(page, name)
            if page == "Note":
                app.click("Edit note")
                app.wait_find("Note editor")
                look_at_section("Edit Note window")
                app.focus_window("Edit Note")  # on Wayland: a key sent before the compositor focuses it is lost
                app.key("Escape")
                wait_for(lambda: app.find("Note editor", required=False) is None, what="the editor to close")
        app.focus_window("Triad")
        app.focus_sidebar()
        app.key("F9")
        app.wait_find("Messages pane")
        look_at_section("Messages pane", skip={"The lesson's code", "The mistaken code"})  # made with a mistake (test_mistakes)
        look("main window", divider)
        app.click("Main menu")
        app.click("Page Source")
        wait_for(lambda: any(f.name == "Chart Page Source" for f in app.frames()), what="the Source window")
        look_at_section("Source window")
    check(not missing, f"documented names missing from the app: {missing}")
    check(not unlabelled, f"fields without a label-for relation: {unlabelled}")


def unnamed_focusable(app):
    """The widgets on screen that take the keyboard focus but have no accessible name, and how
    many objects vanished while the tree was walked (harness.walk_tree: skipped and counted; any
    other error fails the test). Containers a screen reader reads through their content are left
    out: scrolled windows, and the rows and cells of lists and tables, which are named by their
    text."""
    read_through = {"scroll pane", "table cell", "list item", "panel", "filler"}
    found = []

    def read(node):
        state = node.getState()
        if (state.contains(pyatspi.STATE_FOCUSABLE) and state.contains(pyatspi.STATE_SHOWING)
                and not node.name and node.getRoleName() not in read_through):
            parent = node.parent
            found.append(f"{node.getRoleName()} in {parent.getRoleName()} {parent.name!r}" if parent else node.getRoleName())
    read_count, vanished_count = walk_tree(app.frames(), read)
    check(read_count > 0, "the walk read the app's widgets")
    return found, vanished_count


def test_every_focusable_widget_has_a_name():
    unnamed = {}
    vanished_objects = 0

    def look(place):
        nonlocal vanished_objects
        found, vanished_here = unnamed_focusable(app)
        unnamed[place] = found
        vanished_objects += vanished_here
    with App() as app:
        # F9 goes to the focused window: on Wayland the compositor focuses a new window in its
        # own time, and a key sent before that is lost.
        app.focus_window("Triad")
        app.key("F9")
        app.wait_find("Messages pane")
        for page in ("Adder", "Address", "Login", "Users", "Note", "Chart"):
            app.open_page(page)
            wait_for(lambda: app.selected_page() == page, what=f"the {page} page")
            if page == "Users":
                app.wait_find("Users table")
            if page == "Chart":
                app.wait_find("Apples", role="slider")
            look(page)
            if page == "Login":
                app.click("Register…")
                app.wait_find("New user name")
                look("Register dialog")
                app.click("Back")
                wait_for(lambda: app.find("New user name", required=False) is None, what="the dialog to close")
            if page == "Note":
                app.click("Edit note")
                app.wait_find("Note editor")
                look("Edit Note window")
        # The pane's tabs, with a message selected; then a page's Source window.
        app.open_page("Adder")
        app.click("Add")
        wait_for(lambda: app.find("Messages list").queryTable().nRows > 0, what="a message")
        app.find("Messages list").queryTable().addRowSelection(0)
        details = app.find("Message details").querySelection()
        # Each tab once its own content shows (a widget only it has).
        for index, (tab, content) in enumerate((("Code tab", "Open in editor"), ("State tab", "Model state"),
                                                ("Exercise tab", "Next exercise"))):
            details.selectChild(index)
            app.wait_find(content)
            look(tab)
        app.click("Main menu")
        app.click("Page Source")
        wait_for(lambda: any(f.name == "Adder Page Source" for f in app.frames()), what="the Source window")
        look("Source window")
    print(f"  {vanished_objects} object(s) vanished while the trees were walked (skipped)")
    unnamed = {place: widgets for place, widgets in unnamed.items() if widgets}
    check(not unnamed, f"focusable widgets without an accessible name: {unnamed}")


TESTS = [test_keyboard_only_adder_registration_and_login, test_find_and_main_menu_keys, test_data_folder_follows_xdg_data_home, test_window_size_is_remembered,
         test_window_state_is_carried_over_from_the_key_file, test_last_page_is_remembered, test_maximized_state_is_remembered, test_every_documented_name_exists,
         test_every_focusable_widget_has_a_name]
