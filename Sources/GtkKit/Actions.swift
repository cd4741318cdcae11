import CGtk
import Glibc

// Actions in tables, as GNOME apps keep them (one table per scope: the application's, a
// window's): a row names the action, its keyboard shortcuts and the method that runs it, and one
// loop installs the whole table. The app sets every table's shortcuts once, at start-up, so the
// help overlay shows them before any secondary window was opened.

/// One row of an action table: `name` in its scope (`app.`, `win.`), its accelerators, and the
/// method of `Owner` it calls; no method means GTK provides the action.
public struct ActionEntry<Owner: AnyObject> {
    /// The action's name in its scope, without the `app.` or `win.` prefix.
    public let name: String
    /// Its keyboard shortcuts, as GTK writes them (`<Primary>w`).
    public let accelerators: [String]
    /// The method of the owner the action runs; nil when GTK provides the action itself.
    public let handler: (@MainActor (Owner) -> () -> Void)?

    /// A row for the action `name`, with its shortcuts and the owner's method it runs.
    public init(
        _ name: String, _ accelerators: [String] = [],
        _ handler: (@MainActor (Owner) -> () -> Void)?
    ) {
        self.name = name
        self.accelerators = accelerators
        self.handler = handler
    }
}

/// Something that holds named actions: the application, a main window, a group of a widget's own.
public protocol ActionMapProtocol: ObjectHandle {}

extension Application: ActionMapProtocol {}

/// A window of the application, with `win.*` actions of its own (the main window).
public struct ApplicationWindow: WindowProtocol, ActionMapProtocol {
    public let pointer: ObjectPointer
    public init(unchecked pointer: ObjectPointer) { self.pointer = pointer }
    public static var gtkType: GType { gtk_application_window_get_type() }

    /// Makes `window` the window's help overlay (its keyboard shortcuts, Ctrl+?).
    @MainActor public func setHelpOverlay(_ window: Window) {
        gtk_application_window_set_help_overlay(pointer.typed(), window.pointer.typed())
    }
}

/// A group of actions a widget and its children reach under a prefix (`users.export-all`).
public struct ActionGroup: ActionMapProtocol {
    public let pointer: ObjectPointer
    public init(unchecked pointer: ObjectPointer) { self.pointer = pointer }
    public static var gtkType: GType { g_simple_action_group_get_type() }

    /// A new, empty group (hold it with `Owned`).
    @MainActor public static func make() -> Owned<ActionGroup> {
        Owned(ActionGroup(unchecked: ObjectPointer(g_simple_action_group_new())))
    }

    /// Gives the group's actions to `widget` and everything inside it, as `prefix.name`.
    @MainActor public func insert(into widget: some WidgetProtocol, prefix: String) {
        gtk_widget_insert_action_group(widget.gtkWidget, prefix, OpaquePointer(pointer.raw))
    }
}

extension ActionMapProtocol {
    /// Installs `table`, each action calling its method on `owner` (held weakly).
    @MainActor public func install<Owner: AnyObject>(_ table: [ActionEntry<Owner>], owner: Owner) {
        for entry in table {
            guard let handler = entry.handler else { continue }
            let action = g_simple_action_new(entry.name, nil)!
            connectRaw(UnsafeMutableRawPointer(action), "activate", arguments: 1) { [weak owner] _, _ in
                if let owner { handler(owner)() }
                return false
            }
            g_action_map_add_action(OpaquePointer(pointer.raw), action)
            g_object_unref(UnsafeMutableRawPointer(action))  // the map holds it now
        }
    }

    /// Makes the action `name` usable or not (its menu item greys out).
    @MainActor public func setEnabled(_ name: String, _ enabled: Bool) {
        guard let action = g_action_map_lookup_action(OpaquePointer(pointer.raw), name) else { return }
        g_simple_action_set_enabled(action, gbool(enabled))
    }
}

extension WindowProtocol {
    /// Gives a secondary window (a dialog, a tool window) its own `win` actions from `table`: it
    /// joins `application` (whose accelerators then reach it) and gets a group of its own, so the
    /// actions cannot fire after the window is gone and the main window's `win.*` stay its own. If
    /// the table binds a key without a modifier (Escape), text widgets see keys first (below).
    @MainActor public func installActions<Owner: AnyObject>(_ table: [ActionEntry<Owner>], owner: Owner, application: Application?) {
        if let application { self.application = application }
        let group = ActionGroup.make()
        group.object.install(table, owner: owner)
        group.object.insert(into: self, prefix: "win")
        if table.contains(where: { $0.accelerators.contains { !$0.hasPrefix("<") } }) {
            letTextWidgetsSeeKeysFirst()
        }
    }

    /// GtkWindow handles accelerators before the focused widget sees a key; a single-key
    /// accelerator (Escape) would then take the key from a text field and from an input method
    /// composing in it. This lets editable text widgets answer first, as gedit and GIMP do; keys
    /// they leave go on to the accelerators.
    @MainActor private func letTextWidgetsSeeKeysFirst() {
        let window = gtkWindow
        connectRaw(pointer.raw, "key-press-event", arguments: 1) { event, _ in
            guard let event, let focus = gtk_window_get_focus(window) else { return false }
            let typing = Widget(unchecked: ObjectPointer(focus))
            guard typing.is(Entry.self) || typing.is(TextView.self) else { return false }
            return gtk_window_propagate_key_event(window, event.assumingMemoryBound(to: GdkEventKey.self)) != 0
        }
    }
}
