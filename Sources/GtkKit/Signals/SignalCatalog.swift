import CGtk

/// A GTK signal: its name, which objects emit it, and what its C handler receives and returns,
/// as Swift types.
///
/// `Emitter` is the handle type the signal is connected on: each signal below is declared only
/// for the classes GTK declares it on (and their subclasses), so `button.on(.clicked)` compiles and
/// `button.on(.response)` does not. `Argument` is what the handler gets (`Void`, a dialog's
/// `Response`, a key event…); `Result` is `Void`, or `Bool` for event signals, where true stops
/// other handlers. Each signal names the C handler shape it stands for, so a handler can never be
/// attached with the wrong shape.
///
///     button.on(.clicked) { … }
///     dialog.on(.response) { response in … }
///     window.on(.keyPressEvent) { key in key.key == .escape }
public struct Signal<Emitter, Argument, Result>: Sendable {
    /// The signal's name, as GObject knows it (`clicked`).
    public let name: String
    /// Whether the C handler has one argument between the instance and the user data.
    let carriesArgument: Bool
    /// Whether the C handler has one more argument after that one, which is not passed on.
    let ignoresSecondArgument: Bool
    /// Turns that argument (or nil) into the handler's `Argument`.
    let argument: @Sendable (UnsafeMutableRawPointer?) -> Argument

    init(
        _ name: String, carriesArgument: Bool, ignoresSecondArgument: Bool = false,
        argument: @escaping @Sendable (UnsafeMutableRawPointer?) -> Argument
    ) {
        self.name = name
        self.carriesArgument = carriesArgument
        self.ignoresSecondArgument = ignoresSecondArgument
        self.argument = argument
    }

    /// Signals that fire with every frame, resize or scroll, and property notifications, are
    /// plumbing rather than a person's action: a watcher is not told of them (Watching.swift).
    var isPlumbing: Bool {
        name.hasPrefix("notify::")
            || [
                "draw", "size-allocate", "window-state-event", "scroll-event", "value-changed",
                "destroy", "startup", "shutdown", "activate", "handle-local-options", "command-line",
                "motion-notify-event",
            ].contains(name)
    }
}

extension Signal where Argument == Void, Result == Void {
    static func plain(_ name: String) -> Signal { Signal(name, carriesArgument: false) { _ in } }
}

// MARK: void (*)(Instance*, gpointer)

extension Signal where Emitter: ButtonProtocol, Argument == Void, Result == Void {
    /// A button was pressed (by a click, a key, Enter as the default button, a screen reader).
    public static var clicked: Signal { plain("clicked") }
}

extension Signal where Emitter: ToggleButtonProtocol, Argument == Void, Result == Void {
    /// Pressed in or out, by a click, a key or a program.
    public static var toggled: Signal { plain("toggled") }
}

extension Signal where Emitter: EntryProtocol, Argument == Void, Result == Void {
    /// The text changed, by a keystroke, a paste, or the program.
    public static var changed: Signal { plain("changed") }
    /// Enter was pressed in the field.
    public static var activate: Signal { plain("activate") }
}

extension Signal where Emitter == TextBuffer, Argument == Void, Result == Void {
    /// The text changed.
    public static var changed: Signal { plain("changed") }
}

extension Signal where Emitter: ComboBoxProtocol, Argument == Void, Result == Void {
    /// Another item was chosen.
    public static var changed: Signal { plain("changed") }
}

extension Signal where Emitter == TreeSelection, Argument == Void, Result == Void {
    /// Another row was selected (or none).
    public static var changed: Signal { plain("changed") }
}

extension Signal where Emitter == TreeView, Argument == Void, Result == Void {
    /// A row was activated: double-clicked, or Enter pressed on it (the row is the cursor's; the
    /// path and column GTK passes are not passed on).
    public static var rowActivated: Signal { Signal("row-activated", carriesArgument: true, ignoresSecondArgument: true) { _ in } }
}

extension Signal where Emitter: AdjustmentProtocol, Argument == Void, Result == Void {
    /// The adjustment's value changed.
    public static var valueChanged: Signal { plain("value-changed") }
}

extension Signal where Emitter: RangeProtocol, Argument == Void, Result == Void {
    /// A slider or scrollbar moved.
    public static var valueChanged: Signal { plain("value-changed") }
}

extension Signal where Emitter: WidgetProtocol, Argument == Void, Result == Void {
    /// The widget is being destroyed (a window closed for good).
    public static var destroy: Signal { plain("destroy") }
}

extension Signal where Emitter == Application, Argument == Void, Result == Void {
    /// Once, before the first window.
    public static var startup: Signal { plain("startup") }
    /// Launched again with nothing to open (D-Bus activation).
    public static var activate: Signal { plain("activate") }
    /// Once, on the way out.
    public static var shutdown: Signal { plain("shutdown") }
}

extension Signal where Emitter: ObjectHandle, Argument == Void, Result == Void {
    /// GObject `notify::property`: the property changed (its GParamSpec is not passed on).
    public static func notify(_ property: String) -> Signal {
        Signal("notify::\(property)", carriesArgument: true) { _ in }
    }
}

// MARK: void (*)(Instance*, Arg, gpointer)

extension Signal where Emitter: RespondingProtocol, Argument == Response, Result == Void {
    /// The person answered (a dialog's button, Escape, an info bar's close button). The C
    /// handler gets a `gint`; in the pointer-sized slot only the low 32 bits are meaningful.
    public static var response: Signal {
        Signal("response", carriesArgument: true) { Response(rawValue: Int32(truncatingIfNeeded: Int(bitPattern: $0))) }
    }
}

extension Signal where Emitter: EntryProtocol, Argument == EntryIcon, Result == Void {
    /// One of the field's icons was pressed (the event that pressed it is not passed on).
    public static var iconPress: Signal {
        Signal("icon-press", carriesArgument: true, ignoresSecondArgument: true) {
            UInt32(truncatingIfNeeded: Int(bitPattern: $0)) == GTK_ENTRY_ICON_PRIMARY.rawValue ? .start : .end
        }
    }
}

/// Which of a field's two icons.
public enum EntryIcon: Sendable { case start, end }

extension Signal where Emitter: WidgetProtocol, Argument == Rectangle, Result == Void {
    /// The widget got its size.
    public static var sizeAllocate: Signal {
        Signal("size-allocate", carriesArgument: true) { Rectangle($0!.assumingMemoryBound(to: GtkAllocation.self).pointee) }
    }
}

// MARK: gboolean (*)(Instance*, Arg, gpointer): return true to stop other handlers

extension Signal where Emitter: WidgetProtocol, Argument == Void, Result == Bool {
    /// The person asked to close the window; return true to keep it open.
    public static var deleteEvent: Signal { Signal("delete-event", carriesArgument: true) { _ in } }
}

extension Signal where Emitter: WidgetProtocol, Argument == KeyEvent, Result == Bool {
    /// A key was pressed while the widget had the focus; return true to stop other handlers.
    public static var keyPressEvent: Signal { Signal("key-press-event", carriesArgument: true) { KeyEvent($0!) } }
}

extension Signal where Emitter: WidgetProtocol, Argument == ScrollEvent, Result == Bool {
    /// The wheel turned, or a touchpad scrolled, over the widget.
    public static var scrollEvent: Signal { Signal("scroll-event", carriesArgument: true) { ScrollEvent($0!) } }
}

extension Signal where Emitter: WidgetProtocol, Argument == PointerEvent, Result == Bool {
    /// A mouse button was pressed over the widget.
    public static var buttonPressEvent: Signal { Signal("button-press-event", carriesArgument: true) { PointerEvent(button: $0!) } }
    /// A mouse button was released over the widget.
    public static var buttonReleaseEvent: Signal { Signal("button-release-event", carriesArgument: true) { PointerEvent(button: $0!) } }
    /// The pointer moved over the widget.
    public static var motionNotifyEvent: Signal { Signal("motion-notify-event", carriesArgument: true) { PointerEvent(motion: $0!) } }
}

extension Signal where Emitter: WidgetProtocol, Argument == Void, Result == Bool {
    /// The widget took or lost the keyboard focus.
    public static var focusInEvent: Signal { Signal("focus-in-event", carriesArgument: true) { _ in } }
    /// The widget lost the keyboard focus.
    public static var focusOutEvent: Signal { Signal("focus-out-event", carriesArgument: true) { _ in } }
}

extension Signal where Emitter: WidgetProtocol, Argument == WindowStateEvent, Result == Bool {
    /// The window was maximized, made full-screen, tiled, or back.
    public static var windowStateEvent: Signal { Signal("window-state-event", carriesArgument: true) { WindowStateEvent($0!) } }
}

extension Signal where Emitter: WidgetProtocol, Argument == Canvas, Result == Bool {
    /// The widget draws itself: the handler paints on the canvas (cairo, scaled for HiDPI by GTK).
    public static var draw: Signal { Signal("draw", carriesArgument: true) { Canvas(context: OpaquePointer($0!)) } }
}

// MARK: gint (*)(Instance*, Arg, gpointer)

extension Signal where Emitter == Application, Argument == LaunchOptionsDictionary, Result == Int32 {
    /// In the launching process, with the parsed options: return an exit status to end the
    /// launch there, or -1 to go on.
    public static var handleLocalOptions: Signal {
        Signal("handle-local-options", carriesArgument: true) { LaunchOptionsDictionary($0!.assumingMemoryBound(to: GVariantDict.self)) }
    }
}

extension Signal where Emitter == Application, Argument == LaunchCommandLine, Result == Int32 {
    /// In the instance that runs: a launch's command line (its own, or a later launch's,
    /// forwarded over D-Bus); returns its exit status.
    public static var commandLine: Signal {
        Signal("command-line", carriesArgument: true) { LaunchCommandLine($0!.assumingMemoryBound(to: GApplicationCommandLine.self)) }
    }
}
