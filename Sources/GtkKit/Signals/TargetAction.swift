import CGtk

// Target-action, as seed 002 and UIKit's `addTarget(_:action:for:)` name it: a widget's signal
// calls a method of a target object. The target is held weakly, so a view or a controller can
// wire widgets to its own methods without a reference cycle:
//
//     view.saveButton.on(.clicked, target: self, action: AddressViewController.updateAddressFromView)
//
// Each connection keeps the place in the code that made it, and each emission passes the one
// watcher, if someone watches (Watching.swift): that is how the Messages pane hears
// target-action without a line in the views and controllers.

extension ObjectHandle {
    /// `signal` calls `action` on `target` (held weakly); once the target is gone, nothing.
    @MainActor @discardableResult
    public func on<Target: AnyObject>(
        _ signal: Signal<Self, Void, Void>, after: Bool = false, target: Target,
        action: @escaping @MainActor (Target) -> () -> Void,
        file: StaticString = #fileID, line: UInt = #line, column: UInt = #column
    ) -> SignalConnection {
        let call = TargetCall(signal, target, SourceSite(file, line, column))
        return on(signal, after: after) { [weak target] in
            guard let target else { return }
            call.run(target) { action(target)() }
        }
    }

    /// Target-action with the signal's argument, e.g. a dialog's `.response`.
    @MainActor @discardableResult
    public func on<Target: AnyObject, A>(
        _ signal: Signal<Self, A, Void>, after: Bool = false, target: Target,
        action: @escaping @MainActor (Target) -> (A) -> Void,
        file: StaticString = #fileID, line: UInt = #line, column: UInt = #column
    ) -> SignalConnection {
        let call = TargetCall(signal, target, SourceSite(file, line, column))
        return on(signal, after: after) { [weak target] (argument: A) in
            guard let target else { return }
            call.run(target) { action(target)(argument) }
        }
    }

    /// Target-action for an event signal without an argument, e.g. `.deleteEvent`; once the
    /// target is gone the event goes on (false).
    @MainActor @discardableResult
    public func on<Target: AnyObject>(
        _ signal: Signal<Self, Void, Bool>, after: Bool = false, target: Target,
        action: @escaping @MainActor (Target) -> () -> Bool,
        file: StaticString = #fileID, line: UInt = #line, column: UInt = #column
    ) -> SignalConnection {
        let call = TargetCall(signal, target, SourceSite(file, line, column))
        return on(signal, after: after) { [weak target] in
            guard let target else { return false }
            return call.run(target) { action(target)() }
        }
    }

    /// Target-action for an event signal with its event, e.g. `.keyPressEvent`.
    @MainActor @discardableResult
    public func on<Target: AnyObject, A>(
        _ signal: Signal<Self, A, Bool>, after: Bool = false, target: Target,
        action: @escaping @MainActor (Target) -> (A) -> Bool,
        file: StaticString = #fileID, line: UInt = #line, column: UInt = #column
    ) -> SignalConnection {
        let call = TargetCall(signal, target, SourceSite(file, line, column))
        return on(signal, after: after) { [weak target] (argument: A) in
            guard let target else { return false }
            return call.run(target) { action(target)(argument) }
        }
    }
}

/// What a connection keeps to tell the watcher of each emission (also used by connections with a
/// C handler shape of their own, such as a scale's `change-value`).
@MainActor
struct TargetCall {
    let signal: String
    let site: SourceSite
    let watched: Bool

    init<E, A, R>(_ signal: Signal<E, A, R>, _ target: AnyObject, _ site: SourceSite) {
        self.signal = signal.name
        self.site = site
        watched = !signal.isPlumbing
        for watcher in Watching.watchers { watcher.connected(target: target) }
    }

    func run<R>(_ target: AnyObject, _ action: () -> R) -> R {
        guard watched, !Watching.watchers.isEmpty else { return action() }
        return Watching.around(Emission(signal: signal, target: target, site: site), action)
    }
}

// MARK: Weak callbacks

/// `target`'s method `action` as a closure that holds `target` weakly and does nothing once it is
/// gone: for a callback that is not a signal, e.g. a controller handing its method to the model
/// as the answer to a store write, `then: weakly(self, LoginViewController.show)`.
@MainActor
public func weakly<Target: AnyObject>(_ target: Target, _ action: @escaping @MainActor (Target) -> () -> Void)
    -> @MainActor () -> Void
{
    { [weak target] in if let target { action(target)() } }
}

/// `target`'s method `action`, taking one argument, as a closure that holds `target` weakly.
@MainActor
public func weakly<Target: AnyObject, A>(_ target: Target, _ action: @escaping @MainActor (Target) -> (A) -> Void)
    -> @MainActor (A) -> Void
{
    { [weak target] a in if let target { action(target)(a) } }
}
