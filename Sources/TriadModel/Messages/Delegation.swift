/// A delegate (or a presenter's passive view), held weakly, whose every message says its channel
/// in the code that sends it, and is recorded for the Messages pane:
///
///     delegate.tell("setTotalVal(\"\(first)\", \"\(second)\")") { $0.setTotalVal(first, second) }
///     delegate.should("pageShouldClose") { $0.pageShouldClose() }
///
/// The text is the message in the code's own words; it is built only while the pane records.
@MainActor
public final class Delegation<Delegate> {
    private weak var object: AnyObject?
    public let from: MessageRole
    public let to: MessageRole

    public init(from: MessageRole, to: MessageRole) {
        self.from = from
        self.to = to
    }

    /// Sets the delegate (a class instance conforming to `Delegate`), replacing any other.
    public func connect(_ delegate: Delegate) { object = delegate as AnyObject }

    public var isConnected: Bool { object != nil }

    /// The delegate, if it is still alive (nil: none).
    public var current: Delegate? {
        get { object as? Delegate }
        set { object = newValue.map { $0 as AnyObject } }
    }

    /// A plain delegate message (or a presenter's call to its view: `viewUpdate`).
    @discardableResult
    public func tell<R>(_ text: @autoclosure () -> String, channel: MessageChannel = .delegate,
                        file: StaticString = #fileID, line: UInt = #line, _ call: (Delegate) -> R) -> R? {
        send(channel, text(), file: file, line: line, call)
    }

    /// *should*: asks permission; the answer is the delegate's (nil without one).
    public func should<R>(_ text: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line,
                          _ call: (Delegate) -> R) -> R? {
        send(.delegateShould, text(), file: file, line: line, call)
    }

    /// *will*: about to happen.
    public func will(_ text: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line,
                     _ call: (Delegate) -> Void) {
        send(.delegateWill, text(), file: file, line: line, call)
    }

    /// *did*: has happened (or failed).
    public func did(_ text: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line,
                    _ call: (Delegate) -> Void) {
        send(.delegateDid, text(), file: file, line: line, call)
    }

    private func send<R>(_ channel: MessageChannel, _ text: @autoclosure () -> String, file: StaticString, line: UInt,
                         _ call: (Delegate) -> R) -> R? {
        guard let delegate = object as? Delegate else { return nil }
        MessageLog.shared.record(from, to, channel, text(), file: file, line: line)
        return call(delegate)
    }
}
