import CGtk

// Typed handles: how Swift code holds GTK's objects.
//
// Who owns a widget, and what a handle may outlive (said here once, for every handle type):
//
// - A handle (`Entry`, `Label`, `Button`, …) is a typed, non-owning reference: a struct around the
//   object's address (`ObjectPointer`). Making, copying or dropping one never changes the object's
//   reference count, so handles are cheap and never keep a widget alive.
// - What keeps a widget alive is its parent container, and a window is kept by GTK's list of
//   toplevels until it is destroyed. A view loaded from a `.ui` file keeps its `Builder`, which
//   holds a reference to every object the file made, for as long as the view lives: the view's
//   handles are valid exactly that long. A window or dialog Swift opens and must close is held
//   by `Owned`, which destroys it when released.
// - So a handle must not outlive its object: the view (or the `Owned`) that holds it, and the
//   object's destruction (a window closed, a widget destroyed), whichever comes first. Keep
//   handles in the object that keeps the builder, as UIKit keeps an outlet in its view controller.
// - A handle used past that is a bug, and it is caught where handles are checked (debug builds and
//   every test pass, HandleChecking.swift): the program stops, naming the object's id and class,
//   before it reads the object. Where they are not (the release build), nothing checks: such a use
//   reads freed memory, or another object GTK has put at the same address.
//
// GTK's classes form a hierarchy (a GtkCheckButton is a GtkToggleButton is a GtkButton is a
// GtkWidget); the handles mirror it with protocols (`CheckButton` conforms to
// `ToggleButtonProtocol`, which refines `ButtonProtocol`, …), so that a property or a signal
// declared for a class is found on its subclasses and nowhere else: `.clicked` compiles on a
// button and not on a window (SignalCatalog.swift).

/// The address of a GObject, carried by every handle, and the one way GtkKit reaches the object
/// through a handle: `raw` (and `typed()`, which reads it) checks the object is alive while handles
/// are checked (HandleChecking.swift). Sendable because a handle is only an address: every use of
/// the object goes through GtkKit's main-actor members.
public struct ObjectPointer: Hashable, @unchecked Sendable {
    /// The object's address, unchecked: for comparing and hashing, and for `referenced`.
    let address: UnsafeMutableRawPointer
    /// Which object at `address` this was made for, while handles are checked; 0 otherwise.
    let serial: UInt

    /// The object's address, for a C call; stops the program if the object is dead, while handles
    /// are checked.
    public var raw: UnsafeMutableRawPointer {
        if HandleChecking.mayBeOn { HandleChecking.verify(self) }
        return address
    }

    /// The address `raw`, of an object alive now.
    public init(_ raw: UnsafeMutableRawPointer) {
        address = raw
        serial = HandleChecking.isOn ? HandleChecking.register(raw) : 0
    }

    /// The address of a typed C pointer (a `GtkWidget*` GTK returned).
    public init<T>(_ typed: UnsafeMutablePointer<T>) { self.init(UnsafeMutableRawPointer(typed)) }

    /// The address of an opaque C pointer (how GLib's interfaces import, e.g. `GSimpleActionGroup*`).
    public init(_ opaque: OpaquePointer) { self.init(UnsafeMutableRawPointer(opaque)) }

    /// The object as the C struct `T` (GObject structs begin with their parent's, so any GObject
    /// can be viewed as any of its ancestors); checked as `raw` is.
    @inlinable func typed<T>(_: T.Type = T.self) -> UnsafeMutablePointer<T> { raw.assumingMemoryBound(to: T.self) }

    /// The object as the C struct `T`, unchecked: only for a holder of its own reference (`Owned`,
    /// `retain`), whose object stays in memory after it is destroyed, to drop that reference.
    func referenced<T>(_: T.Type = T.self) -> UnsafeMutablePointer<T> { address.assumingMemoryBound(to: T.self) }
}

/// A typed, non-owning handle on a GObject (see the top of this file for ownership).
public protocol ObjectHandle: Hashable, Sendable {
    /// The object's address, for C calls GtkKit does not wrap (GtkSourceView's, opened at run
    /// time); Triad's views never need it.
    var pointer: ObjectPointer { get }
    /// A handle on `pointer` without checking its class: GtkKit checks it first (`Builder`,
    /// `as(_:)`), or made the object itself.
    init(unchecked pointer: ObjectPointer)
    /// The GObject class this handle stands for (GtkEntry's type for `Entry`).
    static var gtkType: GType { get }
}

extension ObjectHandle {
    /// The GObject's C name, e.g. "GtkEntry", for messages.
    public static var className: String { String(cString: g_type_name(gtkType)) }

    /// The name of the object's own class (a subclass's, if it is one).
    @MainActor public var runtimeClassName: String {
        String(cString: g_type_name(pointer.typed(GTypeInstance.self).pointee.g_class.pointee.g_type))
    }

    /// Whether the object is a `T` (its class or a subclass of it).
    @MainActor public func `is`<T: ObjectHandle>(_: T.Type) -> Bool {
        g_type_check_instance_is_a(pointer.typed(GTypeInstance.self), T.gtkType) != 0
    }

    /// The same object seen as a `T`, if it is one (GTK's checked cast).
    @MainActor public func `as`<T: ObjectHandle>(_: T.Type) -> T? {
        self.is(T.self) ? T(unchecked: pointer) : nil
    }

    var gobject: UnsafeMutablePointer<GObject> { pointer.typed() }
}

/// GObject, the root of the hierarchy: what GtkKit knows of an object that is no widget.
public struct Object: ObjectHandle {
    public let pointer: ObjectPointer
    public init(unchecked pointer: ObjectPointer) { self.pointer = pointer }
    public static var gtkType: GType { g_object_get_type() }
}

// MARK: Widgets

/// A GtkWidget or any of its subclasses.
public protocol WidgetProtocol: ObjectHandle {}

/// Any GtkWidget.
public struct Widget: WidgetProtocol {
    public let pointer: ObjectPointer
    public init(unchecked pointer: ObjectPointer) { self.pointer = pointer }
    public static var gtkType: GType { gtk_widget_get_type() }
}

extension WidgetProtocol {
    var gtkWidget: UnsafeMutablePointer<GtkWidget> { pointer.typed() }

    /// This widget as a plain `Widget` (for a container, a list of widgets, a dictionary key).
    public var widget: Widget { Widget(unchecked: pointer) }

    /// Whether it is shown (its window, and its parents, must be shown too for it to be seen).
    @MainActor public var isVisible: Bool {
        get { gtk_widget_get_visible(gtkWidget) != 0 }
        nonmutating set { gtk_widget_set_visible(gtkWidget, gbool(newValue)) }
    }

    /// Whether the person can use it (an insensitive widget is greyed out).
    @MainActor public var isSensitive: Bool {
        get { gtk_widget_get_sensitive(gtkWidget) != 0 }
        nonmutating set { gtk_widget_set_sensitive(gtkWidget, gbool(newValue)) }
    }

    /// Whether it can take the keyboard focus.
    @MainActor public var canFocus: Bool {
        get { gtk_widget_get_can_focus(gtkWidget) != 0 }
        nonmutating set { gtk_widget_set_can_focus(gtkWidget, gbool(newValue)) }
    }

    /// Whether it has the keyboard focus.
    @MainActor public var hasFocus: Bool { gtk_widget_has_focus(gtkWidget) != 0 }

    /// The text shown when the pointer rests over it; nil for none.
    @MainActor public var tooltip: String? {
        get {
            gtk_widget_get_tooltip_text(gtkWidget).map { text in
                defer { g_free(text) }
                return String(cString: text)
            }
        }
        nonmutating set { gtk_widget_set_tooltip_text(gtkWidget, newValue) }
    }

    /// What a screen reader says for it (and what the real-window tests look it up by). A `.ui`
    /// file names its widgets itself; this is for a widget made in code.
    @MainActor public var accessibleName: String {
        get { atk_object_get_name(gtk_widget_get_accessible(gtkWidget)).map { String(cString: $0) } ?? "" }
        nonmutating set {
            atk_object_set_name(gtk_widget_get_accessible(gtkWidget), newValue)
            if HandleChecking.isOn { HandleChecking.named(pointer, newValue) }  // to name it if a handle outlives it
        }
    }

    /// What a screen reader says after the name: Triad puts a field's error here.
    @MainActor public var accessibleDescription: String {
        get { atk_object_get_description(gtk_widget_get_accessible(gtkWidget)).map { String(cString: $0) } ?? "" }
        nonmutating set { atk_object_set_description(gtk_widget_get_accessible(gtkWidget), newValue) }
    }

    /// Adds or removes a style class (`error`, `suggested-action`, the app's own in style.css).
    @MainActor public func setStyleClass(_ name: String, _ enabled: Bool) {
        let context = gtk_widget_get_style_context(gtkWidget)
        if enabled { gtk_style_context_add_class(context, name) } else { gtk_style_context_remove_class(context, name) }
    }

    /// Whether it has the style class `name`.
    @MainActor public func hasStyleClass(_ name: String) -> Bool {
        gtk_style_context_has_class(gtk_widget_get_style_context(gtkWidget), name) != 0
    }

    /// Gives it the keyboard focus.
    @MainActor public func grabFocus() { gtk_widget_grab_focus(gtkWidget) }

    /// Makes it the window's default widget: the one Enter activates (a form's main button).
    @MainActor public func grabDefault() { gtk_widget_grab_default(gtkWidget) }

    /// Shows it (not its children).
    @MainActor public func show() { gtk_widget_show(gtkWidget) }
    /// Shows it and everything inside it.
    @MainActor public func showAll() { gtk_widget_show_all(gtkWidget) }
    /// Hides it; it keeps its place in its container.
    @MainActor public func hide() { gtk_widget_hide(gtkWidget) }

    /// Destroys it: its container lets go of it, and a window closes for good.
    @MainActor public func destroy() { gtk_widget_destroy(gtkWidget) }

    /// Whether it has its window on the screen yet.
    @MainActor public var isRealized: Bool { gtk_widget_get_realized(gtkWidget) != 0 }

    /// The container it is in, if it is in one.
    @MainActor public var parent: Widget? { gtk_widget_get_parent(gtkWidget).map { Widget(unchecked: ObjectPointer($0)) } }

    /// The window it is in, if it is in one.
    @MainActor public var window: Window? {
        gtk_widget_get_toplevel(gtkWidget).flatMap { Widget(unchecked: ObjectPointer($0)).as(Window.self) }
    }

    /// Whether it is `other` or inside it.
    @MainActor public func isInside(_ other: some WidgetProtocol) -> Bool {
        pointer == other.pointer || gtk_widget_is_ancestor(gtkWidget, other.gtkWidget) != 0
    }

    /// Its size on screen, in application pixels (GTK scales them for HiDPI).
    @MainActor public var allocatedSize: (width: Int, height: Int) {
        (Int(gtk_widget_get_allocated_width(gtkWidget)), Int(gtk_widget_get_allocated_height(gtkWidget)))
    }

    /// Device pixels per application pixel (2 on a HiDPI screen).
    @MainActor public var scaleFactor: Int { Int(gtk_widget_get_scale_factor(gtkWidget)) }

    /// Asks GTK to draw it again in the next frame.
    @MainActor public func queueDraw() { gtk_widget_queue_draw(gtkWidget) }

    /// The same empty space on each of its four sides, in pixels.
    @MainActor public func setMargin(_ pixels: Int) {
        gtk_widget_set_margin_start(gtkWidget, gint(pixels))
        gtk_widget_set_margin_end(gtkWidget, gint(pixels))
        gtk_widget_set_margin_top(gtkWidget, gint(pixels))
        gtk_widget_set_margin_bottom(gtkWidget, gint(pixels))
    }

    /// Makes it ask for at least this size.
    @MainActor public func setMinimumSize(width: Int, height: Int) {
        gtk_widget_set_size_request(gtkWidget, gint(width), gint(height))
    }

    /// Whether it takes the width its container has to spare.
    @MainActor public var expandsHorizontally: Bool {
        get { gtk_widget_get_hexpand(gtkWidget) != 0 }
        nonmutating set { gtk_widget_set_hexpand(gtkWidget, gbool(newValue)) }
    }

    /// Whether it takes the height its container has to spare.
    @MainActor public var expandsVertically: Bool {
        get { gtk_widget_get_vexpand(gtkWidget) != 0 }
        nonmutating set { gtk_widget_set_vexpand(gtkWidget, gbool(newValue)) }
    }

    /// Where it sits in the room its container gives it, across and down (`.fill` takes it all).
    @MainActor public func align(horizontally horizontal: Alignment? = nil, vertically vertical: Alignment? = nil) {
        if let horizontal { gtk_widget_set_halign(gtkWidget, horizontal.gtk) }
        if let vertical { gtk_widget_set_valign(gtkWidget, vertical.gtk) }
    }

    /// Which input events reach it besides those every widget gets (a drawing area needs to ask
    /// for presses, motion and the wheel).
    @MainActor public func addEvents(_ events: WidgetEvents) { gtk_widget_add_events(gtkWidget, gint(events.rawValue)) }
}

/// Where a widget sits in its room (`align`).
public enum Alignment: Sendable {
    case fill, start, end, center

    var gtk: GtkAlign {
        switch self {
        case .fill: GTK_ALIGN_FILL
        case .start: GTK_ALIGN_START
        case .end: GTK_ALIGN_END
        case .center: GTK_ALIGN_CENTER
        }
    }
}

/// Kinds of input a widget asks for (`addEvents`).
public struct WidgetEvents: OptionSet, Sendable {
    /// GDK's event mask.
    public let rawValue: UInt32
    /// The kinds in GDK's event mask `rawValue`.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// Mouse button presses and releases.
    public static let buttonPresses = WidgetEvents(rawValue: GDK_BUTTON_PRESS_MASK.rawValue | GDK_BUTTON_RELEASE_MASK.rawValue)
    /// The pointer's moves.
    public static let pointerMotion = WidgetEvents(rawValue: GDK_POINTER_MOTION_MASK.rawValue)
    /// The wheel and touchpad scrolling.
    public static let scrolling = WidgetEvents(rawValue: GDK_SCROLL_MASK.rawValue | GDK_SMOOTH_SCROLL_MASK.rawValue)
    /// Key presses and releases.
    public static let keys = WidgetEvents(rawValue: GDK_KEY_PRESS_MASK.rawValue | GDK_KEY_RELEASE_MASK.rawValue)
    /// The keyboard focus coming and going.
    public static let focusChanges = WidgetEvents(rawValue: GDK_FOCUS_CHANGE_MASK.rawValue)
}

/// `gboolean` from a Swift `Bool` (the `TRUE`/`FALSE` macros do not import).
@inlinable func gbool(_ value: Bool) -> gboolean { value ? 1 : 0 }

/// A C string GTK returns and keeps, as a Swift string.
@inlinable func string(_ text: UnsafePointer<CChar>?) -> String { text.map { String(cString: $0) } ?? "" }
