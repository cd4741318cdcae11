import CGtk

/// A GTK signal: its name, and what its C handler receives and returns, as Swift types.
///
/// `Argument` is what the handler gets (`Void`, the `Int32` of `response`, the event of
/// `key-press-event`…); `Result` is `Void`, or `Bool` for event signals, where true stops other
/// handlers. The catalogue below lists the signals Triad connects; each one names the C handler
/// shape it stands for, so a handler can never be attached with the wrong shape.
///
///     button.on(.clicked) { … }
///     dialog.on(.response) { (response: Int32) in … }
///     window.on(.keyPressEvent) { key in key.pointee.keyval == … }
public struct Signal<Argument, Result>: Sendable {
    public let name: String
    /// Whether the C handler has one argument between the instance and the user data.
    let carriesArgument: Bool
    /// Whether the C handler has one more argument after that one, which is not passed on.
    let ignoresSecondArgument: Bool
    /// Turns that argument (or nil) into the handler's `Argument`.
    let argument: @Sendable (UnsafeMutableRawPointer?) -> Argument

    init(_ name: String, carriesArgument: Bool, ignoresSecondArgument: Bool = false,
         argument: @escaping @Sendable (UnsafeMutableRawPointer?) -> Argument) {
        self.name = name
        self.carriesArgument = carriesArgument
        self.ignoresSecondArgument = ignoresSecondArgument
        self.argument = argument
    }
}

// MARK: void (*)(Instance*, gpointer)

extension Signal where Argument == Void, Result == Void {
    private static func plain(_ name: String) -> Signal { Signal(name, carriesArgument: false) { _ in } }

    /// GtkButton.
    public static var clicked: Signal { plain("clicked") }
    /// GtkToggleButton (and GtkMenuButton): pressed in or out, by a click, a key or a program.
    public static var toggled: Signal { plain("toggled") }
    /// GtkEntry (Enter pressed) and GApplication (launched or re-launched).
    public static var activate: Signal { plain("activate") }
    /// GtkEditable, GtkTextBuffer.
    public static var changed: Signal { plain("changed") }
    /// GtkAdjustment.
    public static var valueChanged: Signal { plain("value-changed") }
    /// GtkWidget, when it is being destroyed.
    public static var destroy: Signal { plain("destroy") }
    /// GApplication, once before the first activate, and once on the way out.
    public static var startup: Signal { plain("startup") }
    public static var shutdown: Signal { plain("shutdown") }

    // void (*)(Instance*, Arg, gpointer), the argument unused.

    /// GObject `notify::property`: the property changed (its GParamSpec is not passed on).
    public static func notify(_ property: String) -> Signal {
        Signal("notify::\(property)", carriesArgument: true) { _ in }
    }
    /// GSimpleAction `activate` (its GVariant parameter is not passed on: Triad's actions have none).
    public static var actionActivated: Signal { Signal("activate", carriesArgument: true) { _ in } }
}

// MARK: void (*)(Instance*, Arg, gpointer)

extension Signal where Argument == Int32, Result == Void {
    /// GtkDialog, GtkInfoBar, GtkNativeDialog: the response id (a `GtkResponseType` or the app's).
    /// The C handler gets a `gint`; in the pointer-sized slot only the low 32 bits are meaningful.
    public static var response: Signal {
        Signal("response", carriesArgument: true) { Int32(truncatingIfNeeded: Int(bitPattern: $0)) }
    }
}

extension Signal where Argument == GtkEntryIconPosition, Result == Void {
    /// GtkEntry: one of its icons was pressed (the event that pressed it is not passed on).
    public static var iconPress: Signal {
        Signal("icon-press", carriesArgument: true, ignoresSecondArgument: true) {
            GtkEntryIconPosition(UInt32(truncatingIfNeeded: Int(bitPattern: $0)))
        }
    }
}

extension Signal where Argument == UnsafeMutablePointer<GtkAllocation>, Result == Void {
    /// GtkWidget: the widget got its size.
    public static var sizeAllocate: Signal {
        Signal("size-allocate", carriesArgument: true) { $0!.assumingMemoryBound(to: GtkAllocation.self) }
    }
}

// MARK: gboolean (*)(Instance*, Arg, gpointer): return true to stop other handlers

extension Signal where Argument == Void, Result == Bool {
    /// GtkWidget (a window): the user asked to close it; return true to keep it open.
    public static var deleteEvent: Signal { Signal("delete-event", carriesArgument: true) { _ in } }
}

extension Signal where Argument == UnsafeMutablePointer<GdkEventKey>, Result == Bool {
    public static var keyPressEvent: Signal { event("key-press-event") }
}

extension Signal where Argument == UnsafeMutablePointer<GdkEventScroll>, Result == Bool {
    public static var scrollEvent: Signal { event("scroll-event") }
}

extension Signal where Argument == UnsafeMutablePointer<GdkEventWindowState>, Result == Bool {
    public static var windowStateEvent: Signal { event("window-state-event") }
}

extension Signal where Argument == OpaquePointer, Result == Bool {
    /// GtkWidget: drawing, with its `cairo_t*`.
    public static var draw: Signal { Signal("draw", carriesArgument: true) { OpaquePointer($0!) } }
}

// MARK: gint (*)(Instance*, Arg, gpointer)

extension Signal where Argument == UnsafeMutablePointer<GVariantDict>, Result == Int32 {
    /// GApplication, in the launching process, with the parsed options: return an exit status to
    /// end the launch there, or -1 to go on.
    public static var handleLocalOptions: Signal {
        Signal("handle-local-options", carriesArgument: true) { $0!.assumingMemoryBound(to: GVariantDict.self) }
    }
}

extension Signal where Argument == UnsafeMutablePointer<GApplicationCommandLine>, Result == Int32 {
    /// GApplication (with `G_APPLICATION_HANDLES_COMMAND_LINE`), in the primary instance: a launch's
    /// command line (its own, or a later launch's, forwarded over D-Bus); returns its exit status.
    public static var commandLine: Signal {
        Signal("command-line", carriesArgument: true) { $0!.assumingMemoryBound(to: GApplicationCommandLine.self) }
    }
}

extension Signal where Result == Bool {
    /// An event signal: GTK always passes the event, typed by the signal.
    fileprivate static func event<Event>(_ name: String) -> Signal where Argument == UnsafeMutablePointer<Event> {
        Signal(name, carriesArgument: true) { $0!.assumingMemoryBound(to: Event.self) }
    }
}
