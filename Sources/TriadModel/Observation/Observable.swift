/// A value a view binds to (MVVM's observable property): every change reaches each binding, once,
/// with the new value. The model's observer registry for one value, as `ObserverList` is, and, like
/// it, the one place the change passes through, where the one watcher of ObservationTap.swift
/// hears of it.
@MainActor
public final class Observable<Value: Equatable> {
    private let observers: ObserverList<Value>
    private let name: String
    /// Where the first binding was made, for a watcher.
    private var boundAt: CodeLine?

    /// The value; setting a different one tells every binding.
    public var value: Value {
        didSet {
            guard value != oldValue else { return }
            if let boundAt, observers.count > 0 {
                for watcher in ObservationTap.watchers {
                    watcher.changing(name, to: Self.describe(value), bindings: observers.count, boundAt: boundAt)
                }
            }
            observers.deliver(value)
        }
    }

    /// A property holding `value` at first.
    /// - Parameters:
    ///   - value: the value before any change.
    ///   - name: the property as the Messages pane names it ("sum").
    public init(_ value: Value, name: String) {
        self.value = value
        self.name = name
        observers = ObserverList(name: name)
    }

    /// Binds `handler` to the value: it gets the value now and each new value after, until the
    /// returned token is released (keep it in the view that binds).
    public func bind(_ handler: @escaping (Value) -> Void, file: StaticString = #fileID, line: UInt = #line) -> ObservationToken {
        if boundAt == nil { boundAt = CodeLine(file, line) }
        handler(value)
        return observers.add(handler)
    }

    private static func describe(_ value: Value) -> String {
        if let text = value as? String { return "\"\(text)\"" }
        if let optional = value as? String?, optional == nil { return "nil" }
        return "\(value)"
    }
}
