"""The address form (seed 000) on the SQLite store, in a real window."""
import os
import re
import shutil
import subprocess
import sqlite3
import tempfile

import pyatspi

from harness import App, check, holds_for, wait_for

FIELDS = ("Street", "City", "State or province", "Postal code")
GOOD = ("1-2-3 丸の内", "千代田区", "東京都", "100-0005")


def fill(app, values):
    for name, value in zip(FIELDS, values):
        app.set_text(name, value)


def shown(app):
    return tuple(app.text(name) for name in FIELDS)


def test_save_and_restart():
    with tempfile.TemporaryDirectory(prefix="triad-ui-", ignore_cleanup_errors=True) as data:
        with App(data_dir=data) as app:
            app.open_page("Address")
            app.wait_find("Street")
            fill(app, ("  1-2-3 丸の内 ",) + GOOD[1:])
            app.click("Save address")
            wait_for(lambda: app.text("Address status").startswith("Saved at"), what="Saved at HH:MM")
            check(app.text("Street") == GOOD[0], "the stored value is trimmed and shown trimmed")
            app.screenshot("address-saved.png")
        with App(data_dir=data) as app:
            app.open_page("Address")
            app.wait_find("Street")
            wait_for(lambda: shown(app) == GOOD, what=f"the saved address after restart (shows {shown(app)})")
            check(app.text("Address status").startswith("Saved at"), "status tells when it was saved")


def test_saved_time_follows_the_desktop_clock_setting():
    # GNOME's clock-format, read through GSettings (a key file backend here, in the test's own
    # config folder): 24h by default, 12h with AM/PM when a person chose it.
    for setting, pattern in (("", r"Saved at \d\d:\d\d"), ("clock-format='12h'", r"Saved at \d{1,2}:\d\d [AP]M")):
        with tempfile.TemporaryDirectory(prefix="triad-ui-", ignore_cleanup_errors=True) as data:
            keyfile = os.path.join(data, "config", "glib-2.0", "settings", "keyfile")
            os.makedirs(os.path.dirname(keyfile))
            with open(keyfile, "w") as file:
                file.write(f"[org/gnome/desktop/interface]\n{setting}\n")
            with App(data_dir=data, env={"GSETTINGS_BACKEND": "keyfile"}) as app:
                app.open_page("Address")
                app.wait_find("Street")
                fill(app, GOOD)
                app.click("Save address")
                wait_for(lambda: app.text("Address status").startswith("Saved at"), what="saved")
                status = app.text("Address status")
                check(re.fullmatch(pattern, status), f"{setting or 'the default'}: {status!r} is {pattern}")


def test_invalid_postal_code_is_shown_and_nothing_stored():
    with tempfile.TemporaryDirectory(prefix="triad-ui-", ignore_cleanup_errors=True) as data:
        with App(data_dir=data) as app:
            app.open_page("Address")
            app.wait_find("Street")
            fill(app, GOOD[:3] + ("12#",))
            app.set_text("City", "")
            app.click("Save address")
            app.wait_text("Postal code error", "Postal code must be 3 to 10 letters, digits, spaces or hyphens")
            app.wait_text("City error", "City is required")
            check(app.description("Postal code").startswith("Postal code must"), "field marked for screen readers")
            wait_for(lambda: app.is_focused("City"), what="focus on the first invalid field (City)")
            check(app.find("Street error", required=False) is None, "no error on a valid field")
            check(app.text("Postal code") == "12#", "the form keeps what was typed")
            app.screenshot("address.png")
            app.set_text("City", GOOD[1])
            app.set_text("Postal code", GOOD[3])
            # Leave without saving and answer Discard: nothing may have been stored.
            app.open_page("Adder")
            dialog = app.wait_find("Unsaved address")
            app.click("Discard")
            wait_for(lambda: app.selected_page() == "Adder", what="the Adder page after Discard")
        with App(data_dir=data) as app:
            app.open_page("Address")
            app.wait_find("Street")
            check(shown(app) == ("", "", "", ""), f"nothing was stored: {shown(app)}")


def test_revert_restores_saved_address():
    with App() as app:
        app.open_page("Address")
        app.wait_find("Street")
        fill(app, GOOD)
        app.click("Save address")
        wait_for(lambda: app.text("Address status").startswith("Saved at"), what="saved")
        app.set_text("Street", "Somewhere else")
        app.set_text("Postal code", "bad#")
        app.click("Revert address")
        wait_for(lambda: shown(app) == GOOD, what="the saved values back in the fields")


def test_leaving_with_unsaved_edits_asks():
    with App() as app:
        app.open_page("Address")
        app.wait_find("Street")
        fill(app, GOOD)
        app.open_page("Adder")
        app.wait_find("Unsaved address")
        app.screenshot("address-unsaved.png")
        check(app.selected_page() == "Address", "the page stays until the question is answered")
        app.click("Cancel")
        wait_for(lambda: app.find("Unsaved address", required=False) is None, what="the dialog to close")
        check(app.selected_page() == "Address" and app.text("Street") == GOOD[0], "Cancel keeps the edits")
        # Closing the window asks too; Save stores and closes.
        app.focus("Street")
        wait_for(lambda: app.is_focused("Street"), what="focus in the window")
        app.key("ctrl+w")
        app.wait_find("Unsaved address")
        app.click("Save")
        wait_for(lambda: app.process.poll() is not None, what="the app to quit after saving")
        with App(data_dir=app.data_dir) as again:
            again.open_page("Address")
            again.wait_find("Street")
            wait_for(lambda: shown(again) == GOOD, what="the address saved from the close question")


def test_damaged_file_is_moved_aside_and_reported():
    with tempfile.TemporaryDirectory(prefix="triad-ui-", ignore_cleanup_errors=True) as data:
        with open(os.path.join(data, "triad.sqlite3"), "wb") as f:
            f.write(b"PK\x03\x04 not a database at all" * 100)
        with App(data_dir=data) as app:
            notice = wait_for(lambda: app.find("Notice", required=False), what="the notice bar")
            text = app.text("Notice")
            moved = [n for n in os.listdir(data) if n.startswith("triad.sqlite3.damaged-")]
            check(len(moved) == 1, f"the damaged file was moved aside: {os.listdir(data)}")
            check(moved[0] in text and "damaged" in text, f"the window says where it went: {text!r}")
            with open(os.path.join(data, moved[0]), "rb") as f:
                check(f.read().startswith(b"PK\x03\x04 not a database"), "the old file is kept unchanged")
            app.open_page("Address")
            app.wait_find("Street")
            fill(app, GOOD)
            app.click("Save address")
            wait_for(lambda: app.text("Address status").startswith("Saved at"), what="saving into the fresh store")


def test_full_disk_shows_error_and_keeps_form():
    # A small tmpfs as the data folder, filled up after the app has opened its store: saving then
    # meets ENOSPC, exactly as on a full disk. Mounting needs root (CI runs as root).
    check(os.geteuid() == 0, "this test needs root to mount a small tmpfs as a full disk")
    folder = tempfile.mkdtemp(prefix="triad-full-")
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", folder], check=True)
    try:
        with App(data_dir=folder) as app:
            app.open_page("Address")
            app.wait_find("Street")
            subprocess.run(["dd", "if=/dev/zero", f"of={folder}/filler", "bs=64k"], capture_output=True)
            fill(app, ("x" * 200, "y" * 200, "z" * 200, "12345"))
            app.click("Save address")
            wait_for(lambda: app.text("Address status") == "Your address was not saved; what you typed is still in the form. "
                     "The disk is full. Free some disk space, then try again.",
                     what=f"a clear error (shows {app.text('Address status')!r})")
            check(shown(app) == ("x" * 200, "y" * 200, "z" * 200, "12345"), "the form keeps what the user typed")
            os.unlink(f"{folder}/filler")
            app.click("Save address")
            wait_for(lambda: app.text("Address status").startswith("Saved at"), what="saving once there is room")
    finally:
        subprocess.run(["umount", "-l", folder], check=False)
        shutil.rmtree(folder, ignore_errors=True)


def test_busy_store_says_saving_and_saves_once_free():
    """Another program holds the store's write lock (as the generator does for seconds): after Save
    the page says "Saving…" and keeps working, and the address is stored when the lock is
    released. How long the main loop is held meanwhile is `make bench`'s (benchmarks/busy_store.py)."""
    with tempfile.TemporaryDirectory(prefix="triad-ui-", ignore_cleanup_errors=True) as data:
        with App(data_dir=data) as app:
            app.open_page("Address")
            app.wait_find("Street")
            fill(app, GOOD)
            other = sqlite3.connect(os.path.join(data, "triad.sqlite3"), timeout=0, isolation_level=None)
            other.execute("BEGIN IMMEDIATE")  # the other program's write transaction
            try:
                app.click("Save address")
                app.wait_text("Address status", "Saving…")
                holds_for(lambda: app.text("Address status") == "Saving…", 1.0, what="“Saving…” while the lock is held")
                # The window answers meanwhile: typing reaches a field and reads back.
                app.set_text("City", GOOD[1] + " ")
                app.set_text("City", GOOD[1])
                check(app.text("City") == GOOD[1], "the form keeps working while the save waits")
            finally:
                other.execute("ROLLBACK")
                other.close()
            wait_for(lambda: app.text("Address status").startswith("Saved at"), what="the save once the store is free")
            stored = sqlite3.connect(os.path.join(data, "triad.sqlite3")).execute(
                "SELECT street, city, state, postal_code FROM address").fetchall()
            check(stored == [GOOD], f"the address is stored ({stored})")


TESTS = [test_save_and_restart, test_saved_time_follows_the_desktop_clock_setting, test_invalid_postal_code_is_shown_and_nothing_stored,
         test_revert_restores_saved_address, test_leaving_with_unsaved_edits_asks,
         test_damaged_file_is_moved_aside_and_reported, test_full_disk_shows_error_and_keeps_form,
         test_busy_store_says_saving_and_saves_once_free]
