"""The user list in MVP (seed 003): asynchronous loading, search, import, empty state."""
import os
import shutil
import sqlite3
import tempfile
import time

import pyatspi

from harness import App, check, wait_for


def rows(app):
    """The rows a person sees, read from the tree view's table: (name, age, e-mail)."""
    table = pyatspi.findDescendant(app.find("User list"), lambda n: n.getRoleName() == "table")
    t = table.queryTable()
    return [tuple(t.getAccessibleAt(r, c).name for c in range(t.nColumns)) for r in range(t.nRows)]


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
        app.set_text("Search users", "")
        app.wait_text("User count", "3 users")


def test_import_two_good_one_bad():
    folder = tempfile.mkdtemp(prefix="triad-import-")
    try:
        path = os.path.join(folder, "people.csv")
        with open(path, "w", encoding="utf-8") as f:
            f.write("first_name,last_name,email,age\nHanako,Yamada,hanako@example.jp,28\n"
                    "Bad,Age,bad@example.com,old\nWei,Zhang,wei@example.cn,33\n")
        with App() as app:
            open_users(app)
            app.click("Import users")
            chooser = app.wait_find("Import Users")
            app.key("ctrl+l")  # the file chooser's "type a location" field
            location = wait_for(lambda: pyatspi.findDescendant(
                chooser, lambda n: n.getRoleName() == "text" and n.getState().contains(pyatspi.STATE_FOCUSED)),
                what="the location field")
            location.queryEditableText().setTextContents(path)
            wait_for(lambda: location.queryText().getText(0, -1) == path, what="the typed location")
            time.sleep(0.3)  # the field's completion runs just after typing
            app.key("Return")  # Enter in the location field accepts, as a person would do
            app.wait_text("Import result", "2 users added. 1 row skipped: line 3: age is not a number", timeout=20)
            app.wait_text("User count", "5 users")
            check(("Hanako Yamada", "28 years", "hanako@example.jp") in rows(app), "the imported rows are listed")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def test_empty_directory_shows_empty_state():
    data = tempfile.mkdtemp(prefix="triad-ui-")
    try:
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
    finally:
        shutil.rmtree(data, ignore_errors=True)


TESTS = [test_seed_users_appear, test_search_narrows_rows, test_import_two_good_one_bad,
         test_empty_directory_shows_empty_state]
