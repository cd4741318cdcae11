import CGtk

// The session bus, for the few desktop services Triad asks directly (the Settings portal).
// Calls are asynchronous, so a slow or absent service never holds up the window; replies and
// signals arrive on the main loop, like every other callback.

/// A GLib `GVariant*`: a D-Bus value, as a reply or a signal hands it over.
public typealias VariantPointer = OpaquePointer  // GVariant*

/// One D-Bus object on the session bus.
@MainActor
public struct BusObject {
    /// The bus name of the service that owns the object (`org.freedesktop.portal.Desktop`).
    public let name: String
    /// The object's path on that service.
    public let path: String
    /// The interface whose methods and signals are used.
    public let interface: String

    /// The object at `path` of the service `name`, through `interface`.
    public init(name: String, path: String, interface: String) {
        self.name = name
        self.path = path
        self.interface = interface
    }

    /// Calls `method` with `arguments` (a tuple; consumed if floating) and hands the reply's
    /// first value to `reply`, or nil when the call failed (no such service, no such method).
    public func call(
        _ method: String, _ arguments: [VariantPointer],
        reply: @escaping @MainActor (VariantPointer?) -> Void
    ) {
        guard let bus = sessionBus else { return reply(nil) }
        let children: [VariantPointer?] = arguments
        let tuple = children.withUnsafeBufferPointer { g_variant_new_tuple($0.baseAddress, gsize($0.count)) }
        let box = ClosureBox<@MainActor (VariantPointer?) -> Void>(reply).retainedPointer()
        g_dbus_connection_call(
            bus, name, path, interface, method, tuple, nil, G_DBUS_CALL_FLAGS_NONE, 2000, nil,
            callReturned, box)
    }

    /// Calls `handler` with the arguments of each `signal` this object emits, for the process's
    /// lifetime.
    public func subscribe(_ signal: String, _ handler: @escaping @MainActor (VariantPointer) -> Void) {
        guard let bus = sessionBus else { return }
        let box = ClosureBox<@MainActor (VariantPointer) -> Void>(handler).retainedPointer()
        g_dbus_connection_signal_subscribe(
            bus, name, interface, signal, path, nil, G_DBUS_SIGNAL_FLAGS_NONE,
            signalArrived, box, { ClosureBoxBase.release($0) })
    }

    private var sessionBus: OpaquePointer? {
        // The connection GApplication already opened (a shared singleton): no new connection.
        g_bus_get_sync(G_BUS_TYPE_SESSION, nil, nil).map { connection in
            g_object_unref(UnsafeMutableRawPointer(connection))
            return connection
        }
    }
}

private let callReturned: GAsyncReadyCallback = { source, result, data in
    let box = Unmanaged<ClosureBox<@MainActor (VariantPointer?) -> Void>>.fromOpaque(data!).takeRetainedValue()
    nonisolated(unsafe) let reply = g_dbus_connection_call_finish(OpaquePointer(source), result, nil)
    MainActor.assumeIsolated {
        let first = reply.flatMap { g_variant_n_children($0) > 0 ? g_variant_get_child_value($0, 0) : nil }
        box.function(first)
        if let first { g_variant_unref(first) }
        if let reply { g_variant_unref(reply) }
    }
}

private let signalArrived: GDBusSignalCallback = { _, _, _, _, _, parameters, data in
    let box = ClosureBox<@MainActor (VariantPointer) -> Void>.from(data)
    nonisolated(unsafe) let parameters = parameters
    MainActor.assumeIsolated { if let parameters { box.function(parameters) } }
}

extension OpaquePointer {
    /// This GVariant with every `v` (boxed variant) layer taken off: the portal's `Read`
    /// answers `v` holding `v` holding the value.
    @MainActor public var unboxedVariant: VariantPointer {
        var value = g_variant_ref(self)!
        while g_variant_classify(value) == G_VARIANT_CLASS_VARIANT, let inner = g_variant_get_variant(value) {
            g_variant_unref(value)
            value = inner
        }
        return value  // owned: the caller unrefs it
    }
}
