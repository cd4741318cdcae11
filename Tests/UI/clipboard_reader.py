"""A small window at (X, Y) that reads the clipboard (CLIPBOARD) when it is pressed and prints its
text as one line of JSON (null when it holds none), as the program a person pastes into does; it
ends when its input is closed. The Copy as Test test reads what the app copied with it. It is an
X11 or a Wayland client as the app under test is (GDK_BACKEND).

It reads on a press because on Wayland the compositor offers the clipboard only to the client
with the keyboard focus, which weston gives to the window pressed: the offer may come just after
the press, so a reader that printed null is pressed again."""
import json
import sys
import threading

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("Gdk", "3.0")
from gi.repository import GLib, Gdk, Gtk  # noqa: E402

x, y = int(sys.argv[1]), int(sys.argv[2])
window = Gtk.Window(title="Paste target")
window.set_default_size(160, 80)
window.move(x, y)
box = Gtk.EventBox()
box.add(Gtk.Label(label="Paste here"))


def received(_clipboard, text):
    print(json.dumps(text), flush=True)


def read(*_):
    Gtk.Clipboard.get(Gdk.SELECTION_CLIPBOARD).request_text(received)


def wait_for_end():
    sys.stdin.read()
    GLib.idle_add(Gtk.main_quit)


box.connect("button-press-event", read)
window.add(box)
window.connect("destroy", Gtk.main_quit)
window.connect("map-event", lambda *a: print("ready", flush=True))
window.show_all()
threading.Thread(target=wait_for_end, daemon=True).start()
Gtk.main()
