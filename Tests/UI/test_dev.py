"""The learner's loop (`make dev`, build-aux/dev.py): the app reads its views' .ui files from the
source folder it is given (TRIAD_DEV_UI), and a .ui saved there shows its page again without a
restart; one that does not load is named, and the page stays as it was. Run here on a copy of the
sources' .ui files, never on the tree's own."""
import os
import shutil
import tempfile

from harness import App, ROOT, check, wait_for


def copy_ui_files(into):
    source = os.path.join(ROOT, "Sources", "Triad")
    for folder, _, names in os.walk(source):
        for name in names:
            if name.endswith(".ui"):
                target = os.path.join(into, os.path.relpath(folder, source))
                os.makedirs(target, exist_ok=True)
                shutil.copy(os.path.join(folder, name), target)


def save(path, old, new):
    """Writes the file as an editor does: a new file renamed over the old one."""
    text = open(path, encoding="utf-8").read()
    check(old in text, f"{old!r} in {path}")
    with open(path + ".new", "w", encoding="utf-8") as file:
        file.write(text.replace(old, new, 1))
    os.replace(path + ".new", path)


def test_a_saved_ui_file_shows_its_page_again_without_a_restart():
    with tempfile.TemporaryDirectory(prefix="triad-dev-ui-") as folder:
        copy_ui_files(folder)
        page_ui = os.path.join(folder, "Adder", "AdderPage.ui")
        with App(env={"TRIAD_DEV_UI": folder}) as app:
            app.set_text("First number", "40")
            pid = app.process.pid
            save(page_ui, ">Add two numbers<", ">Add two whole numbers<")
            app.wait_find("Add two whole numbers")
            check(app.process.pid == pid and app.process.poll() is None, "the same process shows the page again")
            check(app.find("Add two numbers", required=False) is None, "the old title is gone")
            # A file that does not load leaves the page as it was, and says why.
            save(page_ui, "</interface>", "<object class=\"NoSuchWidget\"/></interface>")
            wait_for(lambda: "does not load" in app.output(), what="the reason on the terminal")
            check("AdderPage.ui" in app.output(), f"the file named: {app.output()[-400:]!r}")
            app.wait_find("Add two whole numbers")
            check(app.process.poll() is None, "still running")


TESTS = [test_a_saved_ui_file_shows_its_page_again_without_a_restart]
