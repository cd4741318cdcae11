"""Importing the files people have through the import preview, and exporting the list: the real
app, driven through AT-SPI, reading what a person sees."""
import os
import sqlite3
import subprocess
import tempfile
import threading
import time

import pyatspi

from harness import BIN, ROOT, App, check, wait_for
from test_desktop import documented_names, unnamed_focusable
from test_users import open_users, reads_held_back, rows

PEOPLE = [("Renée", "Müller", 34), ("José", "Núñez", 51), ("Zoë", "Brontë", 27)]


def table_file(folder, name, header, separator=",", line_end="\n", encoding="utf-8", row=None, domain="example.com",
               ages=True, bom=False):
    """A file of the three accented people, each at `first@domain`, as `row` writes a row."""
    lines = [header]
    for first, last, age in PEOPLE:
        email = f"{first.lower()}@{domain}"
        lines.append(row(first, last, email, age) if row else separator.join([first, last, email] + ([str(age)] if ages else [])))
    data = (line_end.join(lines) + line_end).encode(encoding)
    path = os.path.join(folder, name)
    with open(path, "wb") as f:
        f.write((b"\xef\xbb\xbf" if bom else b"") + data)
    return path


def preview_rows(app):
    """The preview's table as a person reads it: its column titles and its rows."""
    t = app.wait_find("Import preview").queryTable()
    titles = [t.getColumnHeader(c).name for c in range(t.nColumns)]
    return titles, [[t.getAccessibleAt(r, c).name for c in range(t.nColumns)] for r in range(t.nRows)]


def chosen(app, name):
    """The item a chooser (combo box) shows."""
    selection = app.find(name).querySelection()
    return selection.getSelectedChild(0).name if selection.nSelectedChildren else None


def choose(app, name, item):
    """Picks `item` in the chooser named `name`, as a person picks it from its list."""
    combo = app.find(name)
    menu = combo.getChildAtIndex(0)
    items = [menu.getChildAtIndex(i).name for i in range(menu.childCount)]
    check(item in items, f"{item!r} is offered by {name!r}: {items}")
    combo.querySelection().selectChild(items.index(item))
    wait_for(lambda: chosen(app, name) == item, what=f"{name} to show {item!r}")


def open_preview(app, path):
    app.click("Import users")
    app.choose_file("Import Users", path)
    app.wait_find("Import preview")


def import_sensitive(app):
    return app.find("Import", role="push button").getState().contains(pyatspi.STATE_SENSITIVE)


def confirm_import(app, result, timeout=20):
    wait_for(lambda: import_sensitive(app), what="Import to be possible")
    app.click("Import", role="push button")
    wait_for(lambda: app.find("Import preview", required=False) is None, what="the preview to close")
    app.wait_text("Import result", result, timeout=timeout)


def listed(app, domain):
    """The users of the list whose e-mail is at `domain`, found with the search field."""
    app.set_text("Search users", "")
    found = []
    for first, _, _ in PEOPLE:
        email = f"{first.lower()}@{domain}"
        app.set_text("Search users", email)
        # The rows of this search, not the last one's (those are at the same domain).
        wait_for(lambda: rows(app) and all(r[2] == email for r in rows(app)), what=f"{email} listed")
        found += rows(app)
    app.set_text("Search users", "")
    return found


def test_each_kind_of_file_is_imported_through_the_preview():
    with tempfile.TemporaryDirectory(prefix="triad-import-", ignore_cleanup_errors=True) as folder:
        triad = "first_name,last_name,email,age"
        quote_at_12 = os.path.join(folder, "thousand.csv")
        with open(quote_at_12, "w", encoding="utf-8") as f:
            f.write(triad + "\n")
            for line in range(2, 1002):
                if line in (500, 501, 502):
                    first, last, age = PEOPLE[line - 500]
                    f.write(f"{first},{last},{first.lower()}@thousand.example,{age}\n")
                else:
                    f.write(("\"" if line == 12 else "") + f"First{line},Last{line},u{line}@thousand.example,{line % 90}\n")
        google = "Name,Given Name,Additional Name,Family Name,E-mail 1 - Type,E-mail 1 - Value"
        files = [  # (file, the e-mail domain of its people, the result, whether ages are known)
            (table_file(folder, "triad.csv", triad, domain="utf8.example"), "utf8.example", "3 users added.", True),
            (table_file(folder, "excel-utf8.csv", triad, line_end="\r\n", bom=True, domain="bom.example"), "bom.example", "3 users added.", True),
            (table_file(folder, "excel.csv", triad, line_end="\r\n", encoding="cp1252", domain="w1252.example"), "w1252.example",
             "3 users added.", True),
            (table_file(folder, "unicode.txt", triad.replace(",", "\t"), separator="\t", line_end="\r\n", encoding="utf-16",
                        domain="utf16.example"), "utf16.example", "3 users added.", True),
            (table_file(folder, "europe.csv", triad.replace(",", ";"), separator=";", domain="semicolon.example"), "semicolon.example",
             "3 users added.", True),
            (table_file(folder, "people.tsv", triad.replace(",", "\t"), separator="\t", domain="tsv.example"), "tsv.example",
             "3 users added.", True),
            (table_file(folder, "contacts.csv", google, domain="google.example",
                        row=lambda first, last, email, _: f"{first} {last},{first},,{last},* Home,{email}"), "google.example",
             "3 users added.", False),
            (table_file(folder, "no-age.csv", "first_name,last_name,email", ages=False, domain="noage.example"), "noage.example",
             "3 users added.", False),
            (quote_at_12, "thousand.example", "999 users added. 1 row skipped: line 12: a quote opened in this row is not closed; "
                                              "the next line is read as the next row", True),
        ]
        with App() as app:
            open_users(app)
            for path, domain, result, ages in files:
                name = os.path.basename(path)
                open_preview(app, path)
                titles, shown = preview_rows(app)
                first = next(i for i, title in enumerate(titles) if title.endswith("→ First name"))
                if name == "thousand.csv":
                    check(["12"] == [r[0] for r in shown if r[-1].startswith("a quote opened")], f"the broken row, at its line: {shown[:12]}")
                else:
                    check([r[first] for r in shown] == [p[0] for p in PEOPLE], f"{name}: the preview shows the names: {titles} {shown}")
                if name == "excel.csv":
                    app.screenshot("import-preview.png")
                confirm_import(app, result)
                expected = [(f"{first} {last}", f"{age} years" if ages else "–", f"{first.lower()}@{domain}") for first, last, age in PEOPLE]
                check(sorted(listed(app, domain)) == sorted(expected), f"{name}: the three users, as imported: {listed(app, domain)}")


def test_separator_changed_by_hand_and_the_preview_follows():
    with tempfile.TemporaryDirectory(prefix="triad-import-", ignore_cleanup_errors=True) as folder:
        semicolons = table_file(folder, "europe.csv", "first_name;last_name;email;age", separator=";")
        tabs = table_file(folder, "people.tsv", "first_name\tlast_name\temail\tage", separator="\t")
        with App() as app:
            open_users(app)
            for path, found in ((semicolons, "Semicolon (;)"), (tabs, "Tab")):
                open_preview(app, path)
                check(chosen(app, "Separator") == found, f"{path}: the separator found: {chosen(app, 'Separator')}")
                check(len(preview_rows(app)[0]) == 5, f"line and four columns: {preview_rows(app)[0]}")
                choose(app, "Separator", "Comma (,)")
                wait_for(lambda: preview_rows(app)[0][1].startswith("first_name") and preview_rows(app)[0][1].endswith("age"),
                         what="one column, all of the line")
                check(preview_rows(app)[1][0][1].startswith("Renée"), f"the row, unsplit: {preview_rows(app)[1][0]}")
                app.wait_text("Import preview status", "Choose a column for: First name, Last name, E-mail.")
                check(not import_sensitive(app), "nothing to import with no columns")
                choose(app, "Separator", found)
                wait_for(lambda: preview_rows(app)[0][1:5] == ["first_name\n→ First name", "last_name\n→ Last name", "email\n→ E-mail",
                                                               "age\n→ Age"], what="the columns again")
                check(preview_rows(app)[1][0][1:5] == ["Renée", "Müller", "renée@example.com", "34"], f"{preview_rows(app)[1][0]}")
                unnamed, vanished = unnamed_focusable(app)
                check(unnamed == [], f"every focusable widget of the preview has a name: {unnamed} ({vanished} vanished while read)")
                app.click("Cancel", role="push button")
                wait_for(lambda: app.find("Import preview", required=False) is None, what="the preview to close")
            # A file with its header and no rows: nothing to import.
            open_preview(app, header_only(folder))
            app.wait_text("Import preview status", "The file has no rows under its first line.")
            check(not import_sensitive(app), "nothing to import without rows")
            app.click("Cancel", role="push button")
            wait_for(lambda: app.find("Import preview", required=False) is None, what="the preview to close")
            app.wait_text("User count", "3 users")
            check(app.text("Import result", required=False) == "", "nothing was imported")


def header_only(folder):
    path = os.path.join(folder, "header-only.csv")
    with open(path, "w", encoding="utf-8") as f:
        f.write("first_name,last_name,email,age\r\n")
    return path


def test_columns_and_character_set_chosen_by_hand():
    with tempfile.TemporaryDirectory(prefix="triad-import-", ignore_cleanup_errors=True) as folder:
        path = table_file(folder, "odd.csv", "a,b,c,d", encoding="cp1252")
        with App() as app:
            open_users(app)
            open_preview(app, path)
            check(chosen(app, "Character set") == "Western (Windows-1252) — detected", f"{chosen(app, 'Character set')}")
            documented = {name for section, name in documented_names() if section == "Import preview"}
            check(documented and all(app.find(name, required=False) for name in documented), f"the documented names: {documented}")
            app.wait_text("Import preview status", "Choose a column for: First name, Last name, E-mail.")
            choose(app, "Character set", "Unicode (UTF-8)")
            wait_for(lambda: preview_rows(app)[1][0][1] == "Ren\ufffde", what="the bytes read as UTF-8, which they are not")
            choose(app, "Character set", "Western (Windows-1252) — detected")
            for field, column in (("First name column", "a"), ("Last name column", "b"), ("E-mail column", "c"), ("Age column", "d")):
                choose(app, field, column)
            wait_for(lambda: preview_rows(app)[0][1] == "a\n→ First name", what="the chosen column's title")
            confirm_import(app, "3 users added.")
            check(("Zoë Brontë", "27 years", "zoë@example.com") in listed(app, "example.com"), f"{rows(app)}")


def test_opening_a_file_with_triad_shows_its_preview():
    # The file manager's "Open With Triad" runs `triad FILE` (the desktop file's %U): the first
    # launch shows the Users page and the file's preview; a second launch hands its file to the
    # running window, which previews it too.
    with open(os.path.join(ROOT, "Resources", "io.github.triad.Triad.desktop"), encoding="utf-8") as f:
        entry = dict(line.strip().split("=", 1) for line in f if "=" in line)
    check(entry["Exec"] == "triad %U" and {"text/csv", "text/tab-separated-values", "application/json"} <= set(entry["MimeType"].split(";")),
          f"the desktop file offers Triad for these files and hands it their names: {entry}")
    with tempfile.TemporaryDirectory(prefix="triad-import-", ignore_cleanup_errors=True) as folder:
        first = table_file(folder, "first.csv", "first_name,last_name,email", ages=False, domain="first.example")
        second = table_file(folder, "second.csv", "Given Name;Family Name;E-mail", separator=";", ages=False,
                            row=lambda f, l, e, _: f"{f};{l};{e}", domain="second.example")
        with App(args=[first]) as app:
            app.wait_find("Import preview")
            check(app.selected_page() == "Users", f"the Users page: {app.selected_page()}")
            confirm_import(app, "3 users added.")
            app.wait_text("User count", "6 users")
            launch = subprocess.run([BIN, "file://" + second], env=app.env, capture_output=True, text=True, timeout=30)
            check(launch.returncode == 0, f"the second launch hands over: {launch.returncode} {launch.stderr}")
            app.wait_find("Import preview")
            check(chosen(app, "Separator") == "Semicolon (;)", "the second file's own separator")
            confirm_import(app, "3 users added.")
            app.wait_text("User count", "9 users")


def open_menu_item(app, item):
    app.click("User list menu")
    wait_for(lambda: app.find(item, required=False, actionable=True), what=f"the menu's {item!r}")
    app.click(item)


def test_export_the_list_and_the_search_result():
    with tempfile.TemporaryDirectory(prefix="triad-export-", ignore_cleanup_errors=True) as folder:
        every, found = os.path.join(folder, "everyone.csv"), os.path.join(folder, "found.json")
        with App() as app:
            open_users(app)
            app.wait_text("User count", "3 users")
            open_menu_item(app, "Export All Users…")
            app.choose_file("Export Users", every)
            app.wait_text("Export result", "3 users exported to “everyone.csv”.", timeout=20)
            with open(every, encoding="utf-8", newline="") as f:
                check(f.read() == "first_name,last_name,email,age\r\nIyad,Agha,iyad.agha@example.com,36\r\n"
                      "Mila,Haward,mila.haward@example.com,24\r\nMark,Astun,mark.astun@example.com,39\r\n", "the CSV file")
            app.set_text("Search users", "mi")
            app.wait_text("User count", "1 user")
            open_menu_item(app, "Export Search Result…")
            app.choose_file("Export Users", found)
            app.wait_text("Export result", "1 user exported to “found.json”.", timeout=20)
            with open(found, encoding="utf-8") as f:
                check(f.read() == '[\n{"first_name":"Mila","last_name":"Haward","email":"mila.haward@example.com","age":24}\n]\n',
                      "the JSON file")
            # Cancel while the export runs (it waits to read the store, which another program
            # holds): no file is left behind.
            cancelled = os.path.join(folder, "cancelled.csv")
            with reads_held_back(app):
                open_menu_item(app, "Export All Users…")
                app.choose_file("Export Users", cancelled)
                app.click("Cancel export")
            app.wait_text("Export result", "Export cancelled; no file was written", timeout=20)
            check(not os.path.exists(cancelled), "the cancelled export's file is removed")
            # What was exported imports back: into an emptied list, the same three users.
            app.set_text("Search users", "")
            subprocess.run(["sqlite3", os.path.join(app.data_dir, "triad.sqlite3"), "DELETE FROM users"], check=True)
            open_preview(app, every)
            confirm_import(app, "3 users added.")
            app.wait_text("User count", "3 users")
            check([r[2] for r in rows(app)] == ["iyad.agha@example.com", "mila.haward@example.com", "mark.astun@example.com"],
                  f"the exported users, back: {rows(app)}")


def test_command_line_import_and_export():
    """`triad --import FILE` and `--export FILE`: the window's detection, report and file without a
    window; exit status 1 when nothing could be imported, 2 for options that make no sense."""
    with tempfile.TemporaryDirectory(prefix="triad-cli-", ignore_cleanup_errors=True) as folder:
        data = os.path.join(folder, "data")
        env = dict(os.environ, TRIAD_DATA_DIR=data)

        def triad(*args):
            return subprocess.run([BIN, *args], env=env, capture_output=True, text=True, timeout=60)
        unicode = table_file(folder, "unicode.txt", "first_name\tlast_name\temail\tage", separator="\t", line_end="\r\n",
                             encoding="utf-16")
        run = triad("--import", unicode)
        check(run.returncode == 0 and run.stdout.splitlines() == [f"Reading “{unicode}” as Unicode (UTF-16 LE), separated by: Tab.",
                                                                   "3 users added."], f"{run}")
        run = triad("--import", unicode)
        check(run.returncode == 1 and run.stdout.splitlines()[1].startswith(
            "0 users added. 3 rows skipped: line 2: the e-mail address is already in the list"), f"nothing new: {run}")
        western = table_file(folder, "excel.csv", "first_name,last_name,email,age", encoding="cp1252", domain="w.example")
        run = triad("--import", western, "--encoding", "utf-8")
        check(run.returncode == 1 and "line 2: the text is not valid UTF-8" in run.stdout, f"--encoding is obeyed: {run}")
        semicolons = table_file(folder, "europe.csv", "first_name;last_name;email;age", separator=";", domain="s.example")
        run = triad("--import", semicolons, "--separator", "comma")
        check(run.returncode == 1 and run.stderr.startswith("triad: The file has no column for First name, Last name, E-mail."),
              f"--separator is obeyed: {run}")
        run = triad("--import", os.path.join(folder, "none.csv"))
        check((run.returncode, run.stderr) == (1, "triad: The file cannot be opened: No such file or directory\n"), f"{run}")
        for args, message in [(["--import", western, "--encoding", "latin-9"], "--encoding needs one of: utf-8, utf-8-bom, utf-16le, utf-16be, windows-1252."),
                              (["--import", western, "--separator", "|"], "--separator needs one of: comma, semicolon, tab."),
                              (["--export", os.path.join(folder, "users.txt")], "--export needs a file name ending in .csv or .json."),
                              (["--search", "jo"], "--search goes with --export."),
                              (["--encoding", "utf-8"], "--encoding and --separator go with --import."),
                              (["--import", western, "--export", os.path.join(folder, "u.csv")], "--import and --export are asked for one at a time.")]:
            run = triad(*args)
            check((run.returncode, run.stderr) == (2, f"triad: {message}\n"), f"{args}: {run}")
        # The store's lock is taken as the window takes it: another program holding it for a
        # moment makes the import wait, not fail.
        holder = sqlite3.connect(os.path.join(data, "triad.sqlite3"), isolation_level=None, check_same_thread=False)
        holder.execute("BEGIN IMMEDIATE")
        released = []
        threading.Timer(1.0, lambda: (holder.execute("ROLLBACK"), released.append(time.monotonic()))).start()
        run = triad("--import", semicolons)
        finished = time.monotonic()
        check(run.returncode == 0 and run.stdout.endswith("3 users added.\n") and released and finished >= released[0],
              f"waited for the lock, then imported: {run}")
        holder.close()
        found = os.path.join(folder, "found.json")
        run = triad("--export", found, "--search", "josé@s")
        check((run.returncode, run.stdout) == (0, f"1 user exported to “{found}”.\n"), f"{run}")
        with open(found, encoding="utf-8") as f:
            check(f.read() == '[\n{"first_name":"José","last_name":"Núñez","email":"josé@s.example","age":51}\n]\n', "the JSON file")
        # With the window open on the same store.
        with App(data_dir=data) as app:
            open_users(app)
            app.wait_text("User count", "9 users")
            run = triad("--import", western)
            check(run.returncode == 0, f"beside the window: {run}")
            check(("Zoë Brontë", "27 years", "zoë@w.example") in listed(app, "w.example"), "the window lists what the command imported")


TESTS = [test_each_kind_of_file_is_imported_through_the_preview, test_separator_changed_by_hand_and_the_preview_follows,
         test_columns_and_character_set_chosen_by_hand, test_opening_a_file_with_triad_shows_its_preview,
         test_export_the_list_and_the_search_result, test_command_line_import_and_export]
