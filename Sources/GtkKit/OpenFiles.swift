import CGtk

// Files handed to the application by the desktop (a file manager's "Open With", `app file.csv`):
// GApplication's `open` signal (with `G_APPLICATION_HANDLES_OPEN`), and actions that carry a file
// path, by which the part of the app that takes files is reached without the application
// knowing it.

private typealias Opened = @MainActor ([String]) -> Void

private let opened:
    @convention(c) (
        UnsafeMutableRawPointer?, UnsafeMutablePointer<OpaquePointer?>?, Int32,
        UnsafePointer<CChar>?, UnsafeMutableRawPointer?
    ) -> Void = { _, files, count, _, data in
        let box = ClosureBox<Opened>.from(data)
        var paths: [String] = []
        for index in 0..<Int(max(0, count)) {
            guard let file = files?[index], let path = g_file_get_path(file) else { continue }  // nil: not a local file
            paths.append(String(cString: path))
            g_free(path)
        }
        let given = paths
        MainActor.assumeIsolated { box.function(given) }
    }

/// Connects `application`'s `open` signal: `handler` gets the local paths of the files.
@MainActor @discardableResult
public func onOpenFiles(_ application: Application, _ handler: @escaping @MainActor ([String]) -> Void) -> SignalConnection {
    let pointer = ClosureBox<Opened>(handler).retainedPointer()
    let id = g_signal_connect_data(
        application.pointer.raw, "open", unsafeBitCast(opened, to: GCallback.self),
        pointer, { data, _ in ClosureBoxBase.release(data) }, GConnectFlags(0))
    return SignalConnection(instance: application.pointer.raw, handlerID: id)
}

private typealias PathAction = @MainActor (String) -> Void

private let pathActivated: @convention(c) (OpaquePointer?, OpaquePointer?, UnsafeMutableRawPointer?) -> Void = { _, parameter, data in
    let box = ClosureBox<PathAction>.from(data)
    guard let parameter, let text = g_variant_get_string(parameter, nil) else { return }
    let path = String(cString: text)
    MainActor.assumeIsolated { box.function(path) }
}

/// An action added to a map (a window) by a part that may go before it: removed when this goes,
/// if the map is still there (a weak reference watches it).
@MainActor
public final class AddedAction {
    private nonisolated(unsafe) let map: UnsafeMutablePointer<GWeakRef>  // cleared in deinit
    private let name: String

    init(_ name: String, in map: some ActionMapProtocol) {
        self.name = name
        self.map = .allocate(capacity: 1)
        self.map.initialize(to: GWeakRef())
        g_weak_ref_init(self.map, map.pointer.raw)
    }

    isolated deinit {
        if let object = g_weak_ref_get(map) {
            g_action_map_remove_action(OpaquePointer(object), name)
            g_object_unref(object)
        }
        g_weak_ref_clear(map)
        map.deallocate()
    }
}

/// Adds an action `name` taking a path (a string parameter) to `map` (a window: `win.name`), for
/// as long as the returned value is kept.
@MainActor
public func addPathAction(_ name: String, to map: some ActionMapProtocol, _ handler: @escaping @MainActor (String) -> Void) -> AddedAction {
    let type = g_variant_type_new("s")
    defer { g_variant_type_free(type) }
    let action = g_simple_action_new(name, type)!
    let pointer = ClosureBox<PathAction>(handler).retainedPointer()
    g_signal_connect_data(
        UnsafeMutableRawPointer(action), "activate", unsafeBitCast(pathActivated, to: GCallback.self),
        pointer, { data, _ in ClosureBoxBase.release(data) }, GConnectFlags(0))
    g_action_map_add_action(OpaquePointer(map.pointer.raw), action)
    g_object_unref(UnsafeMutableRawPointer(action))  // the map holds it now
    return AddedAction(name, in: map)
}

/// Activates the path action `name` of `group` with `path`; false when there is no such action
/// (yet).
@MainActor @discardableResult
public func activatePathAction(_ name: String, of group: some ActionMapProtocol, path: String) -> Bool {
    let actions = OpaquePointer(group.pointer.raw)
    guard g_action_group_has_action(actions, name) != 0 else { return false }
    g_action_group_activate_action(actions, name, g_variant_new_string(path))
    return true
}

private typealias Added = @MainActor (String) -> Void

private let actionAdded: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafeMutableRawPointer?) -> Void = { _, name, data in
    let box = ClosureBox<Added>.from(data)
    let added = name.map { String(cString: $0) } ?? ""
    MainActor.assumeIsolated { box.function(added) }
}

/// Calls `handler` with the name of each action added to `group` from now on (GActionGroup's
/// `action-added`): a path that came before the part taking it was built waits for its action.
@MainActor @discardableResult
public func onActionAdded(to group: some ActionMapProtocol, _ handler: @escaping @MainActor (String) -> Void) -> SignalConnection {
    let pointer = ClosureBox<Added>(handler).retainedPointer()
    let id = g_signal_connect_data(
        group.pointer.raw, "action-added", unsafeBitCast(actionAdded, to: GCallback.self),
        pointer, { data, _ in ClosureBoxBase.release(data) }, GConnectFlags(0))
    return SignalConnection(instance: group.pointer.raw, handlerID: id)
}

/// Activates the action `name`, which takes no parameter, of `window`'s own actions (an
/// application window's `win.` actions, as a shortcut or a menu item does); false when the window
/// has no such action.
@MainActor @discardableResult
public func activateWindowAction(_ name: String, of window: Window) -> Bool {
    let instance = window.pointer.raw.assumingMemoryBound(to: GTypeInstance.self)
    guard g_type_check_instance_is_a(instance, g_action_group_get_type()) != 0 else { return false }
    let actions = OpaquePointer(window.pointer.raw)
    guard g_action_group_has_action(actions, name) != 0 else { return false }
    g_action_group_activate_action(actions, name, nil)
    return true
}
