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
// Handlers should capture their controller and widgets weakly: a handler that strongly captures the
// widget it is connected to is a reference cycle that keeps both alive.

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

/// A connected handler; `disconnect()` removes it (and GTK then frees its closure).
public struct SignalConnection: Sendable {
    // Stored as an address so the handle can be kept anywhere; it is only used on the main thread.
    private let instance: UInt
    public let handlerID: UInt

    init(instance: UnsafeMutableRawPointer, handlerID: gulong) {
        self.instance = UInt(bitPattern: instance)
        self.handlerID = UInt(handlerID)
    }

    /// Disconnects the handler. The object must still be alive; disconnecting twice is harmless.
    @MainActor public func disconnect() {
        guard let pointer = UnsafeMutableRawPointer(bitPattern: instance) else { return }
        if g_signal_handler_is_connected(pointer, gulong(handlerID)) != 0 {
            g_signal_handler_disconnect(pointer, gulong(handlerID))
        }
    }
}

private typealias Plain = @MainActor () -> Void
private typealias WithArgument = @MainActor (UnsafeMutableRawPointer?) -> Void
private typealias WithArgumentReturningBool = @MainActor (UnsafeMutableRawPointer?) -> Bool

// C-compatible entry points, one per signal shape. The user data is always the last argument.
private let plainTrampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, data in
    let box = ClosureBox<Plain>.from(data)
    MainActor.assumeIsolated { box.function() }
}
private let argumentTrampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, argument, data in
    let box = ClosureBox<WithArgument>.from(data)
    nonisolated(unsafe) let argument = argument  // a C pointer owned by the emission, main thread only
    MainActor.assumeIsolated { box.function(argument) }
}
private let booleanTrampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> gboolean = { _, argument, data in
    let box = ClosureBox<WithArgumentReturningBool>.from(data)
    nonisolated(unsafe) let argument = argument
    return MainActor.assumeIsolated { gbool(box.function(argument)) }
}
private let releaseBox: GClosureNotify = { data, _ in ClosureBoxBase.release(data) }

@MainActor
private func connect<F>(_ instance: UnsafeMutableRawPointer, _ signal: String, _ function: F,
                        trampoline: GCallback, after: Bool) -> SignalConnection {
    let pointer = ClosureBox(function).retainedPointer()
    let id = g_signal_connect_data(instance, signal, trampoline, pointer,
                                   releaseBox, after ? G_CONNECT_AFTER : GConnectFlags(0))
    // An unknown signal name: GLib has warned and did not take ownership of the box.
    if id == 0 { ClosureBoxBase.release(pointer) }
    return SignalConnection(instance: instance, handlerID: id)
}

/// Anything that points at a GObject instance: typed pointers (`UnsafeMutablePointer<GtkButton>`)
/// and the opaque ones GLib's interfaces import as (`GSimpleAction*`, `GApplication*`).
public protocol GObjectPointer {
    var gpointer: UnsafeMutableRawPointer { get }
}
extension UnsafeMutablePointer: GObjectPointer {}
extension OpaquePointer: GObjectPointer {
    @inlinable public var gpointer: UnsafeMutableRawPointer { UnsafeMutableRawPointer(self) }
}

extension GObjectPointer {
    /// Connects a handler for a signal whose C handler is `void (*)(Instance*, gpointer)`,
    /// e.g. `clicked`, `activate` (GtkEntry), `changed`, `destroy`, `map`.
    @MainActor @discardableResult
    public func on(_ signal: String, after: Bool = false,
                   _ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connect(gpointer, signal, handler as Plain,
                trampoline: unsafeBitCast(plainTrampoline, to: GCallback.self), after: after)
    }

    /// Connects a handler for `void (*)(Instance*, Arg, gpointer)`: `notify::prop` (GParamSpec*),
    /// GSimpleAction `activate` (GVariant*), `response` (gint, passed as a pointer-sized value).
    @MainActor @discardableResult
    public func on(_ signal: String, after: Bool = false,
                   withArgument handler: @escaping @MainActor (UnsafeMutableRawPointer?) -> Void) -> SignalConnection {
        connect(gpointer, signal, handler as WithArgument,
                trampoline: unsafeBitCast(argumentTrampoline, to: GCallback.self), after: after)
    }

    /// Connects a handler for `gboolean (*)(Instance*, Arg, gpointer)`: event signals such as
    /// `key-press-event`, `draw` (cairo_t*) and `delete-event`. Return true to stop other handlers
    /// (for `delete-event`: to keep the window open).
    @MainActor @discardableResult
    public func on(_ signal: String, after: Bool = false,
                   returning handler: @escaping @MainActor (UnsafeMutableRawPointer?) -> Bool) -> SignalConnection {
        connect(gpointer, signal, handler as WithArgumentReturningBool,
                trampoline: unsafeBitCast(booleanTrampoline, to: GCallback.self), after: after)
    }
}
