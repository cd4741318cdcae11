"""Stand-ins for two desktop services on the test's session bus, as GNOME runs them: the
notification server (org.freedesktop.Notifications, where GLib's GNotification lands outside
the flatpak) and the session manager (org.gnome.SessionManager, where gtk_application_inhibit
lands). Each call is printed as one tab-separated line, for the test to read."""
from gi.repository import Gio, GLib

NOTIFICATIONS = """<node><interface name="org.freedesktop.Notifications">
  <method name="Notify"><arg type="s" direction="in"/><arg type="u" direction="in"/><arg type="s" direction="in"/>
    <arg type="s" direction="in"/><arg type="s" direction="in"/><arg type="as" direction="in"/>
    <arg type="a{sv}" direction="in"/><arg type="i" direction="in"/><arg type="u" direction="out"/></method>
  <method name="CloseNotification"><arg type="u" direction="in"/></method>
  <method name="GetCapabilities"><arg type="as" direction="out"/></method>
  <method name="GetServerInformation"><arg type="s" direction="out"/><arg type="s" direction="out"/>
    <arg type="s" direction="out"/><arg type="s" direction="out"/></method>
  <signal name="NotificationClosed"><arg type="u"/><arg type="u"/></signal>
  <signal name="ActionInvoked"><arg type="u"/><arg type="s"/></signal>
</interface></node>"""
SESSION = """<node><interface name="org.gnome.SessionManager">
  <method name="RegisterClient"><arg type="s" direction="in"/><arg type="s" direction="in"/>
    <arg type="o" direction="out"/></method>
  <method name="Inhibit"><arg type="s" direction="in"/><arg type="u" direction="in"/><arg type="s" direction="in"/>
    <arg type="u" direction="in"/><arg type="u" direction="out"/></method>
  <method name="Uninhibit"><arg type="u" direction="in"/></method>
  <method name="IsInhibited"><arg type="u" direction="in"/><arg type="b" direction="out"/></method>
</interface></node>"""
cookies = iter(range(1, 1000))
pending = {"names": 2}


def say(*fields):
    print("\t".join(str(f) for f in fields), flush=True)


def notifications(conn, sender, path, interface, method, parameters, invocation):
    if method == "Notify":
        app, replaces, icon, summary, body, actions, hints, timeout = parameters.unpack()
        say("Notify", app, summary, body)
        invocation.return_value(GLib.Variant("(u)", (next(cookies),)))
    elif method == "GetCapabilities":
        invocation.return_value(GLib.Variant("(as)", (["body", "actions"],)))
    elif method == "GetServerInformation":
        invocation.return_value(GLib.Variant("(ssss)", ("fake", "triad-tests", "1", "1.2")))
    else:
        invocation.return_value(None)


def session(conn, sender, path, interface, method, parameters, invocation):
    if method == "Inhibit":
        app, window, reason, flags = parameters.unpack()
        cookie = next(cookies)
        say("Inhibit", app, reason, flags, cookie)
        invocation.return_value(GLib.Variant("(u)", (cookie,)))
    elif method == "RegisterClient":  # GtkApplication registers itself at start-up
        invocation.return_value(GLib.Variant("(o)", ("/org/gnome/SessionManager/Client1",)))
    elif method == "Uninhibit":
        say("Uninhibit", parameters.unpack()[0])
        invocation.return_value(None)
    else:
        invocation.return_value(GLib.Variant("(b)", (False,)))


def acquired(conn, name):
    pending["names"] -= 1
    if pending["names"] == 0:
        say("ready")


bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
bus.register_object("/org/freedesktop/Notifications", Gio.DBusNodeInfo.new_for_xml(NOTIFICATIONS).interfaces[0],
                    notifications, None, None)
bus.register_object("/org/gnome/SessionManager", Gio.DBusNodeInfo.new_for_xml(SESSION).interfaces[0], session, None, None)
for name in ("org.freedesktop.Notifications", "org.gnome.SessionManager"):
    Gio.bus_own_name_on_connection(bus, name, Gio.BusNameOwnerFlags.REPLACE, acquired, None)
GLib.MainLoop().run()
