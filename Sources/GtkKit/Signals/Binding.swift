import CGtk

// A binding (MVVM): a field's text kept in a property of a view model as the person types. Like
// target-action, the view model is held weakly and each change is offered to a watcher (the
// Messages pane), with the line that made the binding.

extension UnsafeMutablePointer where Pointee == GtkEntry {
    /// Writes the entry's text into `target`'s `property` now and after every edit, until the
    /// entry or the target is gone.
    @MainActor @discardableResult
    public func bindText<Target: AnyObject>(to target: Target, _ property: ReferenceWritableKeyPath<Target, String>,
                                            file: StaticString = #fileID, line: UInt = #line) -> SignalConnection {
        let entry = self
        target[keyPath: property] = entry.text
        return on(.changed) { [weak target] in
            guard let target else { return }
            let text = entry.text
            BindingTrace.watcher?(target, text, file, line)
            target[keyPath: property] = text
        }
    }
}

/// Where a binding's changes go while someone watches them: the Messages pane sets `watcher`
/// while it is open.
@MainActor
public enum BindingTrace {
    /// The target, the new value, and the file and line that made the binding (which names the
    /// property).
    public typealias Watcher = @MainActor (_ target: AnyObject, _ value: String, _ file: StaticString, _ line: UInt) -> Void
    public static var watcher: Watcher?
}
