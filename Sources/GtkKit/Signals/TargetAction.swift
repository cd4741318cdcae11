import CGtk

// Target-action, as seed 002 and UIKit's `addTarget(_:action:for:)` name it: a widget's signal
// calls a method of a target object. The target is held weakly, so a view or a controller can
// wire widgets to its own methods without a reference cycle:
//
//     view.saveButton.on(.clicked, target: self, action: AddressViewController.updateAddressFromView)
//
// Each connection keeps the file and line that made it, and each emission is offered to
// `SignalTrace` (SignalTrace.swift): that is how the Messages pane hears target-action without a
// line of recording code in the views and controllers.

extension GObjectPointer {
    /// `signal` calls `action` on `target` (held weakly); once the target is gone, nothing.
    @MainActor @discardableResult
    public func on<Target: AnyObject>(_ signal: Signal<Void, Void>, after: Bool = false, target: Target,
                                      action: @escaping @MainActor (Target) -> () -> Void,
                                      file: StaticString = #fileID, line: UInt = #line) -> SignalConnection {
        let connection = TracedConnection(signal.name, file, line, target)
        return on(signal, after: after) { [weak target] in
            guard let target else { return }
            connection.emitted(to: target)
            action(target)()
        }
    }

    /// Target-action with the signal's argument, e.g. `.response`.
    @MainActor @discardableResult
    public func on<Target: AnyObject, A>(_ signal: Signal<A, Void>, after: Bool = false, target: Target,
                                         action: @escaping @MainActor (Target) -> (A) -> Void,
                                         file: StaticString = #fileID, line: UInt = #line) -> SignalConnection {
        let connection = TracedConnection(signal.name, file, line, target)
        return on(signal, after: after) { [weak target] (argument: A) in
            guard let target else { return }
            connection.emitted(to: target)
            action(target)(argument)
        }
    }

    /// Target-action for an event signal without an argument, e.g. `.deleteEvent`; once the
    /// target is gone the event goes on (false).
    @MainActor @discardableResult
    public func on<Target: AnyObject>(_ signal: Signal<Void, Bool>, after: Bool = false, target: Target,
                                      action: @escaping @MainActor (Target) -> () -> Bool,
                                      file: StaticString = #fileID, line: UInt = #line) -> SignalConnection {
        let connection = TracedConnection(signal.name, file, line, target)
        return on(signal, after: after) { [weak target] in
            guard let target else { return false }
            connection.emitted(to: target)
            return action(target)()
        }
    }

    /// Target-action for an event signal with its event, e.g. `.keyPressEvent`.
    @MainActor @discardableResult
    public func on<Target: AnyObject, A>(_ signal: Signal<A, Bool>, after: Bool = false, target: Target,
                                         action: @escaping @MainActor (Target) -> (A) -> Bool,
                                         file: StaticString = #fileID, line: UInt = #line) -> SignalConnection {
        let connection = TracedConnection(signal.name, file, line, target)
        return on(signal, after: after) { [weak target] (argument: A) in
            guard let target else { return false }
            connection.emitted(to: target)
            return action(target)(argument)
        }
    }
}

// MARK: Weak callbacks

/// `target`'s method `action` as a closure that holds `target` weakly and does nothing once it is
/// gone: for a callback that is not a signal, e.g. a controller handing its method to the model
/// as the answer to a store write, `then: weakly(self, LoginViewController.show)`.
@MainActor
public func weakly<Target: AnyObject>(_ target: Target, _ action: @escaping @MainActor (Target) -> () -> Void)
    -> @MainActor () -> Void {
    { [weak target] in if let target { action(target)() } }
}

@MainActor
public func weakly<Target: AnyObject, A>(_ target: Target, _ action: @escaping @MainActor (Target) -> (A) -> Void)
    -> @MainActor (A) -> Void {
    { [weak target] a in if let target { action(target)(a) } }
}
