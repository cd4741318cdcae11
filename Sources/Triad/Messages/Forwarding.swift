import TriadModel

// A view's event handed on to its controller: the view's own action method (wired by
// target-action to the widget) calls the closure its controller gave it. These make that closure
// hold the controller weakly, as `weakly` does, and record the hand-over for the Messages pane as
// a target-action from the view to the controller, in the controller's words:
//
//     view.onSave = forward(to: self, AddressViewController.save) { "save()" }
//
// The description is only evaluated while the pane records; it must never show a password.

@MainActor
func forward<Target: AnyObject>(to target: Target, _ action: @escaping @MainActor (Target) -> () -> Void,
                                file: StaticString = #fileID, line: UInt = #line,
                                _ describe: @escaping @MainActor () -> String) -> @MainActor () -> Void {
    { [weak target] in
        guard let target else { return }
        MessageLog.shared.record(.view, .controller, .targetAction, describe(), file: file, line: line)
        action(target)()
    }
}

@MainActor
func forward<Target: AnyObject, A>(to target: Target, _ action: @escaping @MainActor (Target) -> (A) -> Void,
                                   file: StaticString = #fileID, line: UInt = #line,
                                   _ describe: @escaping @MainActor (A) -> String) -> @MainActor (A) -> Void {
    { [weak target] a in
        guard let target else { return }
        MessageLog.shared.record(.view, .controller, .targetAction, describe(a), file: file, line: line)
        action(target)(a)
    }
}

@MainActor
func forward<Target: AnyObject, A, B>(to target: Target, _ action: @escaping @MainActor (Target) -> (A, B) -> Void,
                                      file: StaticString = #fileID, line: UInt = #line,
                                      _ describe: @escaping @MainActor (A, B) -> String) -> @MainActor (A, B) -> Void {
    { [weak target] a, b in
        guard let target else { return }
        MessageLog.shared.record(.view, .controller, .targetAction, describe(a, b), file: file, line: line)
        action(target)(a, b)
    }
}

@MainActor
func forward<Target: AnyObject, A, B, C>(to target: Target, _ action: @escaping @MainActor (Target) -> (A, B, C) -> Void,
                                         file: StaticString = #fileID, line: UInt = #line,
                                         _ describe: @escaping @MainActor (A, B, C) -> String) -> @MainActor (A, B, C) -> Void {
    { [weak target] a, b, c in
        guard let target else { return }
        MessageLog.shared.record(.view, .controller, .targetAction, describe(a, b, c), file: file, line: line)
        action(target)(a, b, c)
    }
}
