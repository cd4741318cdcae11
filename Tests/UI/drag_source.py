"""A small window at (X, Y) that offers the files given on the command line as a drag
(`text/uri-list`), as the Files app does: the real-window tests drag from it with xdotool."""
import sys

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("Gdk", "3.0")
from gi.repository import Gio, Gdk, Gtk  # noqa: E402

x, y, paths = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3:]
uris = [Gio.File.new_for_path(p).get_uri() for p in paths]
window = Gtk.Window(title="Drag source")
window.set_default_size(160, 80)
window.move(x, y)
label = Gtk.EventBox()
label.add(Gtk.Label(label="Drag me"))
label.drag_source_set(Gdk.ModifierType.BUTTON1_MASK, [], Gdk.DragAction.COPY)
label.drag_source_add_uri_targets()


def say(word):
    print(word, flush=True)


def began(widget, context):
    say("began")
    # The target answers each position with the action it would take: once it takes the drop
    # (COPY), a release drops the files.
    context.connect("action-changed", lambda context, action: say("accepted" if action else "refused"))


def data_get(widget, context, data, info, time):
    data.set_uris(uris)
    say("sent")


# What the drag does, a line each on stdout, for the test to wait on: began, accepted or
# refused, sent (the target took the files), ended.
label.connect("drag-begin", began)
label.connect("drag-data-get", data_get)
label.connect("drag-end", lambda widget, context: say("ended"))
window.add(label)
window.connect("destroy", Gtk.main_quit)
window.connect("map-event", lambda *a: say("ready"))
window.show_all()
Gtk.main()
