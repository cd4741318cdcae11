"""Another program's small window at (X, Y), as the program a person copies from or pastes into.
It is an X11 or a Wayland client as the app under test is (GDK_BACKEND), and ends when its input
is closed. It acts when it is pressed, never at its start, and prints "ready" once it is shown.

    clipboard_window.py copy X Y FILE   puts FILE's text on the clipboard (CLIPBOARD) and keeps
                                        offering it, printing "copied": the chart test pastes a
                                        spreadsheet column of 10,000 lines from it
    clipboard_window.py read X Y        prints the clipboard's text as one line of JSON (null
                                        when it holds none): the Copy as Test test reads what the
                                        app copied

Why on a press: a Wayland compositor takes the clipboard only from a client that can show an
input event newer than the one the clipboard was last set with (weston refuses a second copy from
a program no one has touched), and offers the clipboard only to the client with the keyboard
focus, which weston gives to the window pressed; the offer may come just after the press, so a
reader that printed null is pressed again."""
import json
import sys
import threading

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("Gdk", "3.0")
from gi.repository import GLib, Gdk, Gtk  # noqa: E402

mode, x, y = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
clipboard = Gtk.Clipboard.get(Gdk.SELECTION_CLIPBOARD)


def copy(text):
    clipboard.set_text(text, -1)
    clipboard.store()
    # A round trip to the display server: on Wayland the offer reaches the app with the input focus
    # through the compositor; once the compositor has answered the round trip, it has handled the
    # copy (under X11 the server takes ownership at once).
    Gdk.Display.get_default().sync()
    print("copied", flush=True)


if mode == "copy":
    with open(sys.argv[4], encoding="utf-8") as f:
        text = f.read()
    title, label, act = "Copy source", "Copy me", lambda *_: copy(text)
elif mode == "read":
    title, label = "Paste target", "Paste here"
    act = lambda *_: clipboard.request_text(lambda _clipboard, text: print(json.dumps(text), flush=True))  # noqa: E731
else:
    sys.exit(f"clipboard_window.py: no mode {mode!r} (copy or read)")

window = Gtk.Window(title=title)
window.set_default_size(160, 80)
window.move(x, y)
box = Gtk.EventBox()
box.add(Gtk.Label(label=label))


def wait_for_end():
    sys.stdin.read()
    GLib.idle_add(Gtk.main_quit)


box.connect("button-press-event", act)
window.add(box)
window.connect("destroy", Gtk.main_quit)
window.connect("map-event", lambda *a: print("ready", flush=True))
window.show_all()
threading.Thread(target=wait_for_end, daemon=True).start()
Gtk.main()
