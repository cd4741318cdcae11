import CGtk
import Synchronization

// Connecting GTK signals to Swift closures.
//
// The closure is boxed in a class, retained once, and handed to GTK as the signal's user data
// together with a destroy notify that releases it. GTK therefore owns the box: it lives exactly
// as long as the connection, and is freed when the handler is disconnected or the object dies.
// (Leaving the box unretained is the classic use-after-free of hand-written bindings.)
//
// GTK emits signals on the thread running the main loop, so the trampolines run the handler with
// `MainActor.assumeIsolated`; handlers are `@MainActor` closures and can touch controllers freely.
// A handler that strongly captures the object it is connected to (or its owner) is a reference
// cycle that keeps both alive: connect with `target:action:` (TargetAction.swift), which holds
// the target weakly.

/// Counts boxed closures that GTK currently owns (signal handlers, idle and timeout callbacks).
/// Tests use it to prove closures are released when their widgets die.
public enum ClosureBoxes {
    static let count = Mutex<Int>(0)
    /// Number of boxes alive right now.
    public static var live: Int { count.withLock { $0 } }
}

/// Counting base of every box; C destroy notifies release through it, whatever the closure type.
class ClosureBoxBase: @unchecked Sendable {
    // @unchecked: a box is created on one thread and then only touched by GTK's main loop.
    init() { ClosureBoxes.count.withLock { $0 += 1 } }
    deinit { ClosureBoxes.count.withLock { $0 -= 1 } }

    /// Balances `retainedPointer()`; GTK calls this through a destroy notify.
    static func release(_ pointer: UnsafeMutableRawPointer?) {
        guard let pointer else { return }
        Unmanaged<ClosureBoxBase>.fromOpaque(pointer).release()
    }
}

/// Owner of one Swift closure while GTK holds on to it.
final class ClosureBox<Function>: ClosureBoxBase, @unchecked Sendable {
    let function: Function
    init(_ function: Function) {
        self.function = function
    }

    /// Retains the box and returns it as a `gpointer` for C.
    func retainedPointer() -> UnsafeMutableRawPointer { Unmanaged.passRetained(self).toOpaque() }

    static func from(_ pointer: UnsafeMutableRawPointer?) -> ClosureBox {
        Unmanaged<ClosureBox>.fromOpaque(pointer!).takeUnretainedValue()
    }
}

/// A connected handler; `disconnect()` removes it (and GTK then frees its closure). It watches
/// its object through a GObject weak reference, so disconnecting after the object died is a
/// harmless no-op rather than a call on freed memory.
@MainActor
public final class SignalConnection {
    private nonisolated(unsafe) let instance: UnsafeMutablePointer<GWeakRef>  // cleared in deinit
    /// GLib's id of the connection.
    public let handlerID: UInt

    init(instance object: UnsafeMutableRawPointer, handlerID: gulong) {
        instance = .allocate(capacity: 1)
        instance.initialize(to: GWeakRef())
        g_weak_ref_init(instance, object)
        self.handlerID = UInt(handlerID)
    }

    deinit {
        g_weak_ref_clear(instance)  // thread-safe in GLib; no GTK call
        instance.deallocate()
    }

    /// Whether the object is alive and the handler still connected.
    public var isConnected: Bool {
        guard let object = g_weak_ref_get(instance) else { return false }
        defer { g_object_unref(object) }
        return g_signal_handler_is_connected(object, gulong(handlerID)) != 0
    }

    /// Disconnects the handler; twice, or after the object died, does nothing.
    public func disconnect() {
        guard let object = g_weak_ref_get(instance) else { return }
        defer { g_object_unref(object) }
        if g_signal_handler_is_connected(object, gulong(handlerID)) != 0 {
            g_signal_handler_disconnect(object, gulong(handlerID))
        }
    }
}

/// Every handler is stored in this one shape; `Signal` converts the C argument for the caller.
private typealias Handler = @MainActor (UnsafeMutableRawPointer?) -> gboolean

// C-compatible entry points, one per C handler shape. The user data is always the last argument.
private let withoutArgument: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> gboolean = { _, data in
    let box = ClosureBox<Handler>.from(data)
    return MainActor.assumeIsolated { box.function(nil) }
}
private let withArgument: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> gboolean = {
    _, argument, data in
    let box = ClosureBox<Handler>.from(data)
    nonisolated(unsafe) let argument = argument  // a C pointer owned by the emission, main thread only
    return MainActor.assumeIsolated { box.function(argument) }
}
private let withTwoArguments:
    @convention(c) (
        UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?,
        UnsafeMutableRawPointer?
    ) -> gboolean = { _, argument, _, data in
        let box = ClosureBox<Handler>.from(data)
        nonisolated(unsafe) let argument = argument  // a C value owned by the emission, main thread only
        return MainActor.assumeIsolated { box.function(argument) }
    }
let releaseBox: GClosureNotify = { data, _ in ClosureBoxBase.release(data) }

@MainActor
private func connect<E, A, R>(
    _ instance: UnsafeMutableRawPointer, _ signal: Signal<E, A, R>, after: Bool,
    _ handler: @escaping Handler
) -> SignalConnection {
    // Returning a gboolean from a handler whose C signature returns void is harmless on every
    // ABI GTK supports (the value sits in a return register nobody reads).
    let trampoline =
        signal.ignoresSecondArgument
        ? unsafeBitCast(withTwoArguments, to: GCallback.self)
        : signal.carriesArgument
            ? unsafeBitCast(withArgument, to: GCallback.self)
            : unsafeBitCast(withoutArgument, to: GCallback.self)
    let pointer = ClosureBox(handler).retainedPointer()
    let id = g_signal_connect_data(
        instance, signal.name, trampoline, pointer,
        releaseBox, after ? G_CONNECT_AFTER : GConnectFlags(0))
    // An unknown signal name: GLib has warned and did not take ownership of the box.
    if id == 0 { ClosureBoxBase.release(pointer) }
    return SignalConnection(instance: instance, handlerID: id)
}

extension ObjectHandle {
    /// Connects a closure to a signal without an argument, e.g. `.clicked`.
    @MainActor @discardableResult
    public func on(
        _ signal: Signal<Self, Void, Void>, after: Bool = false,
        _ handler: @escaping @MainActor () -> Void
    ) -> SignalConnection {
        connect(pointer.raw, signal, after: after) { _ in
            handler()
            return 0
        }
    }

    /// Connects a closure to a signal with an argument, e.g. `.response`.
    @MainActor @discardableResult
    public func on<A>(
        _ signal: Signal<Self, A, Void>, after: Bool = false,
        _ handler: @escaping @MainActor (A) -> Void
    ) -> SignalConnection {
        connect(pointer.raw, signal, after: after) {
            handler(signal.argument($0))
            return 0
        }
    }

    /// Connects a closure to an event signal; return true to stop other handlers (for
    /// `.deleteEvent`: to keep the window open).
    @MainActor @discardableResult
    public func on<A>(
        _ signal: Signal<Self, A, Bool>, after: Bool = false,
        _ handler: @escaping @MainActor (A) -> Bool
    ) -> SignalConnection {
        connect(pointer.raw, signal, after: after) { gbool(handler(signal.argument($0))) }
    }

    /// Connects a closure to an event signal without an argument, e.g. `.deleteEvent`; return true to stop other handlers.
    @MainActor @discardableResult
    public func on(
        _ signal: Signal<Self, Void, Bool>, after: Bool = false,
        _ handler: @escaping @MainActor () -> Bool
    ) -> SignalConnection {
        connect(pointer.raw, signal, after: after) { _ in gbool(handler()) }
    }

    /// Connects a closure to a signal whose handler returns a number (the application's
    /// `handle-local-options` and `command-line`: an exit status, or -1 to go on).
    @MainActor @discardableResult
    public func on<A>(_ signal: Signal<Self, A, Int32>, _ handler: @escaping @MainActor (A) -> Int32) -> SignalConnection {
        connect(pointer.raw, signal, after: false) { handler(signal.argument($0)) }
    }
}

/// Connects `handler` to the signal `name` of `instance`, whose C handler takes `arguments` (one
/// or two) pointer-sized arguments between the instance and the user data (an action's parameter,
/// a key event to hand on, a cell's `edited` path and text…): GtkKit's own wrappers, which turn
/// the C values into Swift ones. The handler gets them (nil past `arguments`); its answer is the C
/// handler's gboolean, ignored by a signal that returns nothing.
@MainActor @discardableResult
func connectRaw(
    _ instance: UnsafeMutableRawPointer, _ name: String, arguments: Int,
    _ handler: @escaping @MainActor (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Bool
) -> SignalConnection {
    typealias Raw = @MainActor (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Bool
    let one: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> gboolean = { _, first, data in
        let box = ClosureBox<Raw>.from(data)
        nonisolated(unsafe) let first = first  // owned by the emission, main thread only
        return MainActor.assumeIsolated { gbool(box.function(first, nil)) }
    }
    let two:
        @convention(c) (
            UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?,
            UnsafeMutableRawPointer?
        ) -> gboolean = { _, first, second, data in
            let box = ClosureBox<Raw>.from(data)
            nonisolated(unsafe) let first = first
            nonisolated(unsafe) let second = second  // owned by the emission, main thread only
            return MainActor.assumeIsolated { gbool(box.function(first, second)) }
        }
    let trampoline = arguments == 2 ? unsafeBitCast(two, to: GCallback.self) : unsafeBitCast(one, to: GCallback.self)
    let pointer = ClosureBox<Raw>(handler).retainedPointer()
    let id = g_signal_connect_data(instance, name, trampoline, pointer, releaseBox, GConnectFlags(0))
    if id == 0 { ClosureBoxBase.release(pointer) }
    return SignalConnection(instance: instance, handlerID: id)
}
