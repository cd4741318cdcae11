"""Puts the text of the file given on the command line on the clipboard (CLIPBOARD) and keeps
offering it, as the program a person copied from does, until its input is closed: the chart
test pastes a spreadsheet column of 10,000 lines from it."""
import sys
import threading

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("Gdk", "3.0")
from gi.repository import GLib, Gdk, Gtk  # noqa: E402

with open(sys.argv[1], encoding="utf-8") as f:
    text = f.read()
clipboard = Gtk.Clipboard.get(Gdk.SELECTION_CLIPBOARD)
clipboard.set_text(text, -1)
clipboard.store()
print("ready", flush=True)


def wait_for_end():
    sys.stdin.read()
    GLib.idle_add(Gtk.main_quit)


threading.Thread(target=wait_for_end, daemon=True).start()
Gtk.main()
