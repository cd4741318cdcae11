"""A small window at (X, Y) that puts the text of the file given on the command line on the
clipboard (CLIPBOARD) when it is pressed, and keeps offering it, as the program a person copied from
does, until its input is closed: the chart test pastes a spreadsheet column of 10,000 lines from it.
It is an X11 or a Wayland client as the app under test is (GDK_BACKEND).

It copies on a press rather than at its start because a Wayland compositor takes the clipboard only
from a client that can show an input event newer than the one the clipboard was last set with (its
serial): weston refuses a second copy from a program no one has touched."""
import sys
import threading

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("Gdk", "3.0")
from gi.repository import GLib, Gdk, Gtk  # noqa: E402

x, y, path = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
with open(path, encoding="utf-8") as f:
    text = f.read()
window = Gtk.Window(title="Copy source")
window.set_default_size(160, 80)
window.move(x, y)
box = Gtk.EventBox()
box.add(Gtk.Label(label="Copy me"))


def copy(*_):
    clipboard = Gtk.Clipboard.get(Gdk.SELECTION_CLIPBOARD)
    clipboard.set_text(text, -1)
    clipboard.store()
    # A round trip to the display server: on Wayland the offer reaches the app with the input focus
    # through the compositor; once the compositor has answered the round trip, it has handled the
    # copy (under X11 the server takes ownership at once).
    Gdk.Display.get_default().sync()
    print("copied", flush=True)


def wait_for_end():
    sys.stdin.read()
    GLib.idle_add(Gtk.main_quit)


box.connect("button-press-event", copy)
window.add(box)
window.connect("destroy", Gtk.main_quit)
window.connect("map-event", lambda *a: print("ready", flush=True))
window.show_all()
threading.Thread(target=wait_for_end, daemon=True).start()
Gtk.main()
