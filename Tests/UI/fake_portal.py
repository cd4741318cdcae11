"""A stand-in for xdg-desktop-portal's Settings interface on the test's session bus: answers
`Read`/`ReadOne` for org.freedesktop.appearance color-scheme with the value given on the command
line, and on each line read from stdin (a new value) emits `SettingChanged`, as the real portal
does when a person switches GNOME's style in Settings."""
import sys

from gi.repository import Gio, GLib

XML = """<node><interface name="org.freedesktop.portal.Settings">
  <method name="Read"><arg type="s" direction="in"/><arg type="s" direction="in"/><arg type="v" direction="out"/></method>
  <method name="ReadOne"><arg type="s" direction="in"/><arg type="s" direction="in"/><arg type="v" direction="out"/></method>
  <signal name="SettingChanged"><arg type="s"/><arg type="s"/><arg type="v"/></signal>
  <property name="version" type="u" access="read"/>
</interface></node>"""
PATH, INTERFACE = "/org/freedesktop/portal/desktop", "org.freedesktop.portal.Settings"
scheme = int(sys.argv[1])
connection = None


def called(conn, sender, path, interface, method, parameters, invocation):
    namespace, key = parameters.unpack()
    if (namespace, key) != ("org.freedesktop.appearance", "color-scheme"):
        invocation.return_dbus_error("org.freedesktop.portal.Error.NotFound", "Requested setting not found")
    elif method == "Read":  # version 1: the value boxed twice
        invocation.return_value(GLib.Variant("(v)", (GLib.Variant("v", GLib.Variant("u", scheme)),)))
    else:
        invocation.return_value(GLib.Variant("(v)", (GLib.Variant("u", scheme),)))


def property_read(conn, sender, path, interface, name):
    return GLib.Variant("u", 2)


def acquired(conn, name):
    print("ready", flush=True)


def stdin_line(source, condition):
    global scheme
    line = sys.stdin.readline()
    if not line:
        loop.quit()
        return False
    scheme = int(line)
    connection.emit_signal(None, PATH, INTERFACE, "SettingChanged",
                           GLib.Variant("(ssv)", ("org.freedesktop.appearance", "color-scheme", GLib.Variant("u", scheme))))
    return True


connection = Gio.bus_get_sync(Gio.BusType.SESSION, None)
node = Gio.DBusNodeInfo.new_for_xml(XML)
connection.register_object(PATH, node.interfaces[0], called, property_read, None)
Gio.bus_own_name_on_connection(connection, "org.freedesktop.portal.Desktop", Gio.BusNameOwnerFlags.REPLACE, acquired, None)
GLib.io_add_watch(sys.stdin.fileno(), GLib.IO_IN | GLib.IO_HUP, stdin_line)
loop = GLib.MainLoop()
loop.run()
