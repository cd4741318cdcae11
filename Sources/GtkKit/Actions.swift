import CGtk
import Glibc

// Actions in tables, as GNOME apps keep them (one table per scope: the application's, a
// window's): a row names the action, its keyboard shortcuts and the method that runs it, and one
// loop installs the whole table. The app sets every table's shortcuts once, at start-up, so the
// help overlay shows them before any secondary window was opened.

/// One row of an action table: `name` in its scope (`app.`, `win.`), its accelerators, and the
/// method of `Owner` it calls; no method means GTK provides the action.
public struct ActionEntry<Owner: AnyObject> {
    public let name: String
    public let accelerators: [String]
    public let handler: (@MainActor (Owner) -> () -> Void)?

    public init(_ name: String, _ accelerators: [String] = [],
                _ handler: (@MainActor (Owner) -> () -> Void)?) {
        self.name = name
        self.accelerators = accelerators
        self.handler = handler
    }
}

/// Installs `table` into `map` (the application, a window, a window's own group), each action
/// calling its method on `owner` (held weakly).
@MainActor
public func install<Owner: AnyObject>(_ table: [ActionEntry<Owner>], into map: GObjectPointer, owner: Owner) {
    for entry in table {
        if let handler = entry.handler {
            let action = g_simple_action_new(entry.name, nil)!
            action.on(.actionActivated) { [weak owner] in
                if let owner { handler(owner)() }
            }
            g_action_map_add_action(OpaquePointer(map.gpointer), action)
            g_object_unref(UnsafeMutableRawPointer(action))  // the map holds it now
        }
    }
}

/// `gtk_application_set_accels_for_action` with a Swift array.
@MainActor
public func setAccelerators(_ application: UnsafeMutablePointer<GtkApplication>, _ action: String,
                            _ accelerators: [String]) {
    var cStrings = accelerators.map { strdup($0) } + [nil]
    defer { cStrings.forEach { free($0) } }
    cStrings.withUnsafeMutableBufferPointer { buffer in
        buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
            gtk_application_set_accels_for_action(application, action, $0)
        }
    }
}

/// Gives a secondary window (a dialog, a tool window) its own `win` actions from `table`: it
/// joins `application` (whose accelerators then reach it) and gets a group of its own, so the
/// actions cannot fire after the window is gone and the main window's `win.*` stay its own. If
/// the table binds a key without a modifier (Escape), text widgets see keys first (below).
@MainActor
public func installWindowActions<Owner: AnyObject>(_ table: [ActionEntry<Owner>], on window: UnsafeMutablePointer<GtkWindow>,
                                                   owner: Owner, application: UnsafeMutablePointer<GtkApplication>?) {
    if let application { gtk_window_set_application(window, application) }
    let group = Owned<GSimpleActionGroup>(g_simple_action_group_new()!)
    install(table, into: group.opaque, owner: owner)
    gtk_widget_insert_action_group(window.widget, "win", group.opaque)
    if table.contains(where: { $0.accelerators.contains { !$0.hasPrefix("<") } }) {
        letTextWidgetsSeeKeysFirst(window)
    }
}

/// GtkWindow handles accelerators before the focused widget sees a key; a single-key accelerator
/// (Escape) would then take the key from a text field and from an input method composing in it.
/// This lets editable text widgets answer first, as gedit and GIMP do; keys they leave go on to
/// the accelerators.
@MainActor
private func letTextWidgetsSeeKeysFirst(_ window: UnsafeMutablePointer<GtkWindow>) {
    window.on(.keyPressEvent) { [window] key in
        guard let focus = gtk_window_get_focus(window),
              isA(focus, gtk_editable_get_type()) || isA(focus, gtk_text_view_get_type()) else { return false }
        return gtk_window_propagate_key_event(window, key) != 0
    }
}
