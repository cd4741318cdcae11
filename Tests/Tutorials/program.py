"""A tutorial's program in a real window, for its real-window test (windows.py) and for the
tutorials' pictures (build-aux/tutorial-pictures.py): started under Xvfb, found on the AT-SPI bus
by its process, its widgets found by accessible name and used as a person would, as Triad's own
tests do (Tests/UI/harness.py, whose App this is with another program and a plainer start).

Run with /usr/bin/python3 (gi, pyatspi) inside Xvfb and a D-Bus session (`make test-tutorials`).
"""
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "UI"))
import harness  # noqa: E402
import pyatspi  # noqa: E402
from harness import TestFailure, check, wait_for  # noqa: E402,F401


class Program(harness.App):
    """One running tutorial program, with a data folder of its own (XDG_DATA_HOME)."""

    def __init__(self, path, args=(), data_dir=None):
        super().__init__(data_dir=data_dir, args=args)
        self.path = path
        self.env["XDG_DATA_HOME"] = os.path.join(self.data_dir, "data")

    def start(self):
        # Touch the registry first: otherwise the program sometimes never shows up on the bus.
        pyatspi.Registry.getDesktop(0).childCount
        self.log = tempfile.TemporaryFile(mode="w+")
        self.process = subprocess.Popen([self.path] + self.args, env=self.env, stdout=self.log, stderr=self.log)

        def find():
            if self.process.poll() is not None:
                raise TestFailure(f"{os.path.basename(self.path)} exited early with {self.process.returncode}: {self.output()}")
            desktop = pyatspi.Registry.getDesktop(0)
            for index in range(desktop.childCount):
                program = desktop.getChildAtIndex(index)
                try:
                    if program is not None and program.get_process_id() == self.process.pid and program.childCount > 0:
                        return program
                except Exception:
                    continue
            return None

        self.root = wait_for(find, timeout=40, what=lambda: f"{os.path.basename(self.path)} on the AT-SPI bus "
                                                             f"(its output: {self.output()[-600:]!r})")
        return self

    def text(self, name):
        """What the label or field named `name` shows."""
        return self.wait_find(name).queryText().getText(0, -1)

    def wait_text(self, name, text):
        return wait_for(lambda: self.text(name) == text, what=lambda: f"{name!r} to show {text!r} (it shows {self.text(name)!r})")

    def within(self, scope, name):
        """The widget named `name` inside the one named `scope` (a column of the window whose
        widgets have the same names as another's)."""
        outer = self.wait_find(scope)
        return wait_for(lambda: pyatspi.findDescendant(outer, lambda node: node.name == name, breadth_first=True),
                        what=f"{name!r} in {scope!r}")

    def set_text_within(self, scope, name, text):
        self.within(scope, name).queryEditableText().setTextContents(text)

    def click_within(self, scope, name):
        self.within(scope, name).queryAction().doAction(0)

    def text_within(self, scope, name):
        return self.within(scope, name).queryText().getText(0, -1)

    def window_titles(self):
        return [frame.name for frame in self.frames()]

    def shown_windows(self, title=None):
        """The X window ids of the program's shown windows, titled `title` if given (xdotool's
        conditions must all hold: `--all`; without it, any one does)."""
        command = ["xdotool", "search", "--all", "--onlyvisible", "--pid", str(self.process.pid)]
        return subprocess.run(command + (["--name", f"^{title}$"] if title else []), capture_output=True, text=True).stdout.split()

    def shot(self, path, title=None):
        """A picture of the program's window titled `title` (its first window if None), as X draws
        it: the window alone, its title bar included (the program draws it: a header bar)."""
        for window in self.shown_windows(title):
            os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
            subprocess.run(["import", "-window", window, path], check=True, capture_output=True)
            return path
        raise TestFailure(f"no window {title or ''} of {os.path.basename(self.path)} to take a picture of")
