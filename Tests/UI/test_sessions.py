"""Sessions kept in a file: Save Session… writes the Messages pane's rows and the page's models
after each, Open Session… travels through them with every view following and the store untouched
(read with the sqlite3 program), Back to Now returns to the present; the app opens a session
given on its command line; a bad file is named in the pane and nothing open is lost; and a
session recorded through registration and login holds no password, no part of its hash and no
account's name."""
import json
import os
import tempfile

from harness import App, check, holds_for, wait_for
from test_chart import EXAMPLE, expect, open_chart
from test_learning import select_row
from test_login import log_in, open_registration, register
from test_messages import clear, message_rows, toggle_pane
from test_travel import apart, drag_apples, settled_dump, store_dump, travel_to, where

PASSWORD = "violet Quokka 7 lanterns"
NAME = "Mallory"


def said(app):
    return app.text("Session")


def save_session(app, path):
    app.click("Save session")
    app.choose_file("Save Session", path)
    wait_for(lambda: os.path.exists(path) and "saved as a session" in said(app), what=lambda: f"the session saved: {said(app)!r}")


def open_session(app, path):
    app.click("Open session")
    app.choose_file("Open Session", path)


def rows_text(app):
    return [r[2] for r in message_rows(app)]


def test_a_saved_session_is_travelled_through_without_touching_the_store():
    with tempfile.TemporaryDirectory(prefix="triad-ui-", ignore_cleanup_errors=True) as data:
        path = os.path.join(data, "apples.triad-session")
        with App(data_dir=data) as app:
            drag_apples(app, (20, 30))
            save_session(app, path)
            saved_rows = rows_text(app)
            check("model.setVotes(at: 0, to: 20)" in saved_rows, f"the rows recorded: {saved_rows}")

            app.find("Apples", role="slider").queryValue().currentValue = 45
            expect(app, [("Apples", 45)] + EXAMPLE[1:], "the chart changed after the save")
            wait_for(lambda: "45" in store_dump(data), what="the change stored")
            before = settled_dump(data)
            recorded = rows_text(app)

            open_session(app, path)
            wait_for(lambda: said(app).startswith("Session “apples.triad-session”"), what=lambda: f"the session open: {said(app)!r}")
            wait_for(lambda: where(app).startswith("After message"), what=lambda: f"the page at the session's end: {where(app)!r}")
            expect(app, [("Apples", 30)] + EXAMPLE[1:], "the session's last moment on every view")
            check(rows_text(app) == saved_rows, f"the pane shows the session's rows: {rows_text(app)}")
            travel_to(app, "model.setVotes(at: 0, to: 20)")
            expect(app, [("Apples", 20)] + EXAMPLE[1:], "travelled in the session to its first change")
            app.click("Step back")
            app.click("Step back")
            expect(app, EXAMPLE, "before the session's first change")
            holds_for(lambda: store_dump(data) == before, 1.0, what="the store untouched by the session")

            app.find("Pears", role="slider").queryValue().currentValue = 1  # a change while the session is open
            wait_for(lambda: where(app).startswith("A session is open"), what=lambda: f"the change refused: {where(app)!r}")
            expect(app, EXAMPLE, "the session's moment kept")
            holds_for(lambda: store_dump(data) == before, 1.0, what="nothing stored from the session")

            app.click("Back to now")
            wait_for(lambda: where(app).startswith("Now."), what=lambda: f"the present: {where(app)!r}")
            expect(app, [("Apples", 45)] + EXAMPLE[1:], "back to the present exactly")
            check(said(app).startswith("The session is closed"), f"said: {said(app)!r}")
            check(rows_text(app)[:len(recorded)] == recorded, f"the recording is back: {rows_text(app)}")
            holds_for(lambda: store_dump(data) == before, 1.0, what="the store as it was")
            app.find("Apples", role="slider").queryValue().currentValue = 46
            expect(app, [("Apples", 46)] + EXAMPLE[1:], "the present changes as before")
            wait_for(lambda: "46" in store_dump(data), what="and is stored as before")
            before = settled_dump(data)

        # The desktop's Open With: the file on the command line opens the pane on its page.
        with App(data_dir=data, args=(path,)) as app:
            wait_for(lambda: app.find("Session", required=False) is not None and said(app).startswith("Session “"),
                     what="the session opened from the command line")
            check(app.selected_page() == "Chart", f"its page shown: {app.selected_page()!r}")
            expect(app, [("Apples", 30)] + EXAMPLE[1:], "the session's last moment")
            app.click("Back to now")
            expect(app, [("Apples", 46)] + EXAMPLE[1:], "the present")
            holds_for(lambda: store_dump(data) == before, 1.0, what="the store untouched")


def test_a_bad_session_file_is_named_and_the_page_keeps_its_data():
    with tempfile.TemporaryDirectory(prefix="triad-ui-", ignore_cleanup_errors=True) as data:
        good = os.path.join(data, "good.triad-session")
        with App(data_dir=data) as app:
            drag_apples(app, (20, 30))
            save_session(app, good)
            text = open(good, encoding="utf-8").read()
            bad = {
                "picture.triad-session": (b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR" + bytes(64), "This is not a Triad session"),
                "cut.triad-session": (text[:len(text) // 2].encode(), "ends too soon"),
                "deep.triad-session": (b'{"format":"triad-session","version":1,"x":' + b"[" * 200_000 + b"]" * 200_000 + b"}",
                                       "deeper than a session"),
                "future.triad-session": (text.replace('"version":1', '"version":9').encode(), "version 9"),
                "typed.triad-session": (text.replace('"line":', '"line":"x",\"was":', 1).encode(), "“messages[0].line”"),
            }
            app.find("Apples", role="slider").queryValue().currentValue = 45
            expect(app, [("Apples", 45)] + EXAMPLE[1:], "the chart as the learner left it")
            wait_for(lambda: "45" in store_dump(data), what="the change stored")
            before = settled_dump(data)
            rows = rows_text(app)
            for name, (content, words) in bad.items():
                path = os.path.join(data, name)
                with open(path, "wb") as file:
                    file.write(content)
                open_session(app, path)
                wait_for(lambda: said(app).startswith(f"“{name}” was not opened.") and words in said(app),
                         what=lambda: f"{name} named with {words!r}: {said(app)!r}")
                check(where(app).startswith("Now."), f"{name}: the page stays in the present: {where(app)!r}")
                expect(app, [("Apples", 45)] + EXAMPLE[1:], f"{name}: the chart keeps its data")
                check(rows_text(app)[:len(rows)] == rows, f"{name}: the recording stays: {rows_text(app)}")
            app.screenshot("session-bad-file.png")
            holds_for(lambda: store_dump(data) == before, 0.5, what="the store unchanged by the bad files")


def test_a_session_through_registration_and_login_holds_no_password_hash_or_name():
    with tempfile.TemporaryDirectory(prefix="triad-ui-", ignore_cleanup_errors=True) as data:
        path = os.path.join(data, "login.triad-session")
        with App(data_dir=data) as app:
            app.open_page("Login")
            toggle_pane(app)
            app.wait_find("Messages pane")
            clear(app)
            open_registration(app)
            register(app, NAME, PASSWORD)
            wait_for(lambda: app.find("New user name", required=False) is None, what="the registration to close")
            app.wait_text("User name", NAME)
            apart()
            log_in(app, NAME, PASSWORD)
            app.wait_text("Signed in user", f"Signed in as {NAME}", timeout=15)
            rows = rows_text(app)
            check(any("didRegister" in r for r in rows), f"the registration's messages recorded: {rows}")
            save_session(app, path)
        stored = store_dump(data)
        hashes = [line for line in stored.splitlines() if "INSERT INTO accounts" in line]
        check(hashes, f"the account stored: {stored}")
        # The hash as the store keeps it ($id$params$salt$hash): every part of it, salt included.
        parts = [p for line in hashes for field in line.split("'") if field.startswith("$") for p in field.split("$") if len(p) >= 4]
        check(parts, f"the hash's parts found: {hashes}")
        raw = open(path, encoding="utf-8").read()
        # The file as written, and every string in it unescaped (a hash's "/" may be written "\/").
        strings = []

        def collect(value):
            if isinstance(value, str):
                strings.append(value)
            elif isinstance(value, list):
                for item in value:
                    collect(item)
            elif isinstance(value, dict):
                for item in value.values():
                    collect(item)
        collect(json.loads(raw))
        session = raw + "\n" + "\n".join(strings)
        check('"format":"triad-session"' in raw and "didRegister" in session, "the session holds the messages")
        for secret in [PASSWORD] + PASSWORD.split() + parts:
            if len(secret) >= 4:
                check(secret not in session, f"{secret!r} is in the session")
        # Nor any eight characters running of the salt or the hash.
        for part in parts:
            for start in range(len(part) - 7):
                check(part[start:start + 8] not in session, f"{part[start:start + 8]!r}, of the hash {part!r}, is in the session")
        check(NAME not in session and NAME.lower() not in session, f"the account's name is not in the session: {session[:400]}")
        check("•••" in session, "the values left out are marked")


TESTS = [test_a_saved_session_is_travelled_through_without_touching_the_store, test_a_bad_session_file_is_named_and_the_page_keeps_its_data,
         test_a_session_through_registration_and_login_holds_no_password_hash_or_name]
