// A binding (MVVM): a field's text kept in a property of a view model as the person types. Like
// target-action, the view model is held weakly and each write passes the one watcher, if someone
// watches, with the place in the code that made the binding.

extension EntryProtocol {
    /// Writes the field's text into `target`'s `property` now and after every edit, until the
    /// field or the target is gone.
    @MainActor @discardableResult
    public func bindText<Target: AnyObject>(
        to target: Target, _ property: ReferenceWritableKeyPath<Target, String>,
        file: StaticString = #fileID, line: UInt = #line,
        column: UInt = #column
    ) -> SignalConnection {
        let entry = self
        let site = SourceSite(file, line, column)
        target[keyPath: property] = entry.text
        return on(.changed) { [weak target] in
            guard let target else { return }
            let text = entry.text
            for watcher in Watching.watchers { watcher.bound(text, into: target, property: Self.name(of: property), site: site) }
            target[keyPath: property] = text
        }
    }

    /// A key path's last component, as the compiler named it (`\AdderViewModel.first` gives
    /// "first"): the runtime describes a key path in the source's own words.
    private static func name<Target>(of property: ReferenceWritableKeyPath<Target, String>) -> String {
        String(describing: property).split(separator: ".").last.map(String.init) ?? "value"
    }
}
