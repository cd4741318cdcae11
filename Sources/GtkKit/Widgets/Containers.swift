import CGtk

// Widgets that hold widgets, and how a view puts one inside another.

/// A GtkContainer or a subclass (boxes, stacks, buttons, windows).
public protocol ContainerProtocol: WidgetProtocol {}

/// Any container, when its class does not matter.
public struct Container: ContainerProtocol {
    public let pointer: ObjectPointer
    public init(unchecked pointer: ObjectPointer) { self.pointer = pointer }
    public static var gtkType: GType { gtk_container_get_type() }
}

extension ContainerProtocol {
    /// Puts `child` inside (a box packs it at its end).
    @MainActor public func add(_ child: some WidgetProtocol) { gtk_container_add(pointer.typed(), child.gtkWidget) }

    /// Takes `child` out; it is destroyed unless something else holds it (`retain`).
    @MainActor public func remove(_ child: some WidgetProtocol) { gtk_container_remove(pointer.typed(), child.gtkWidget) }

    /// Takes every child out (each is destroyed unless something else holds it).
    @MainActor public func removeAll() {
        guard let children = gtk_container_get_children(pointer.typed()) else { return }
        defer { g_list_free(children) }
        var node: UnsafeMutablePointer<GList>? = children
        while let current = node {
            if let data = current.pointee.data { gtk_container_remove(pointer.typed(), data.assumingMemoryBound(to: GtkWidget.self)) }
            node = current.pointee.next
        }
    }

    /// Every widget of class `T` inside it, at any depth, that is on screen now (mapped): what a
    /// person sees of that kind.
    @MainActor public func shownDescendants<T: WidgetProtocol>(_: T.Type) -> [T] {
        var found: [T] = []
        func visit(_ container: UnsafeMutablePointer<GtkContainer>) {
            guard let children = gtk_container_get_children(container) else { return }
            defer { g_list_free(children) }
            var node: UnsafeMutablePointer<GList>? = children
            while let current = node {
                if let data = current.pointee.data {
                    let child = Widget(unchecked: ObjectPointer(data))
                    if gtk_widget_get_mapped(child.gtkWidget) != 0 {
                        if let match = child.as(T.self) { found.append(match) }
                        if let inner = child.as(Container.self) { visit(inner.pointer.typed()) }
                    }
                }
                node = current.pointee.next
            }
        }
        visit(pointer.typed())
        return found
    }
}

/// A row or a column of widgets.
public struct Box: ContainerProtocol {
    public let pointer: ObjectPointer
    public init(unchecked pointer: ObjectPointer) { self.pointer = pointer }
    public static var gtkType: GType { gtk_box_get_type() }

    /// A new, empty box; `vertical` stacks its children top to bottom.
    @MainActor public init(vertical: Bool, spacing: Int = 0) {
        self.init(unchecked: ObjectPointer(gtk_box_new(vertical ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL, gint(spacing))))
    }

    /// Whether every child gets the same room.
    @MainActor public var isHomogeneous: Bool {
        get { gtk_box_get_homogeneous(pointer.typed()) != 0 }
        nonmutating set { gtk_box_set_homogeneous(pointer.typed(), gbool(newValue)) }
    }

    /// Puts `child` at position `index` (0 first), taking only the room it asks for.
    @MainActor public func insert(_ child: some WidgetProtocol, at index: Int) {
        gtk_box_pack_start(pointer.typed(), child.gtkWidget, 0, 0, 0)
        gtk_box_reorder_child(pointer.typed(), child.gtkWidget, gint(index))
    }
}

/// One child shown at a time, each by name (a page, a state of a page).
public struct Stack: ContainerProtocol {
    public let pointer: ObjectPointer
    public init(unchecked pointer: ObjectPointer) { self.pointer = pointer }
    public static var gtkType: GType { gtk_stack_get_type() }

    private var stack: UnsafeMutablePointer<GtkStack> { pointer.typed() }

    /// The name of the child shown; setting it shows another.
    @MainActor public var visibleChildName: String? {
        get { gtk_stack_get_visible_child_name(stack).map { String(cString: $0) } }
        nonmutating set { if let newValue { gtk_stack_set_visible_child_name(stack, newValue) } }
    }

    /// The child added under `name`, if there is one.
    @MainActor public func child(named name: String) -> Widget? {
        gtk_stack_get_child_by_name(stack, name).map { Widget(unchecked: ObjectPointer($0)) }
    }

    /// Adds `child` under `name`; with a `title`, a stack sidebar lists it.
    @MainActor public func add(_ child: some WidgetProtocol, named name: String, title: String? = nil) {
        if let title {
            gtk_stack_add_titled(stack, child.gtkWidget, name, title)
        } else {
            gtk_stack_add_named(stack, child.gtkWidget, name)
        }
    }
}

/// Two panes with a divider the person can drag.
public struct Paned: ContainerProtocol {
    public let pointer: ObjectPointer
    public init(unchecked pointer: ObjectPointer) { self.pointer = pointer }
    public static var gtkType: GType { gtk_paned_get_type() }

    /// A new pair of panes side by side, holding `start` (which takes the extra room) and `end`.
    @MainActor public init(start: some WidgetProtocol, end: some WidgetProtocol) {
        let paned = gtk_paned_new(GTK_ORIENTATION_HORIZONTAL)!
        gtk_paned_pack1(paned.cast(), start.gtkWidget, 1, 0)
        gtk_paned_pack2(paned.cast(), end.gtkWidget, 0, 0)
        self.init(unchecked: ObjectPointer(paned))
    }
}

/// A scrolled view of a larger widget.
public struct ScrolledWindow: ContainerProtocol {
    public let pointer: ObjectPointer
    public init(unchecked pointer: ObjectPointer) { self.pointer = pointer }
    public static var gtkType: GType { gtk_scrolled_window_get_type() }

    /// A new scrolled window, with scrollbars as the content needs them.
    @MainActor public init() { self.init(unchecked: ObjectPointer(gtk_scrolled_window_new(nil, nil))) }
}

/// The bar across the top of a window: its title, subtitle and buttons.
public struct HeaderBar: ContainerProtocol {
    public let pointer: ObjectPointer
    public init(unchecked pointer: ObjectPointer) { self.pointer = pointer }
    public static var gtkType: GType { gtk_header_bar_get_type() }

    /// The line under the title.
    @MainActor public var subtitle: String {
        get { string(gtk_header_bar_get_subtitle(pointer.typed())) }
        nonmutating set { gtk_header_bar_set_subtitle(pointer.typed(), newValue) }
    }
}

/// A bar above a window's content with a message and a close button.
public struct InfoBar: ContainerProtocol, RespondingProtocol {
    public let pointer: ObjectPointer
    public init(unchecked pointer: ObjectPointer) { self.pointer = pointer }
    public static var gtkType: GType { gtk_info_bar_get_type() }

    /// A new warning bar showing `content` (a label, say), with a close button (it answers
    /// `.close`) unless `closable` is false.
    @MainActor public init(warning content: some WidgetProtocol, closable: Bool = true) {
        let bar = gtk_info_bar_new()!
        gtk_info_bar_set_message_type(bar.cast(), GTK_MESSAGE_WARNING)
        gtk_info_bar_set_show_close_button(bar.cast(), gbool(closable))
        gtk_container_add(gtk_info_bar_get_content_area(bar.cast()).cast(), content.gtkWidget)
        self.init(unchecked: ObjectPointer(bar))
    }

    /// A button at the bar's end that answers `response` (an underscore marks its mnemonic).
    @MainActor public func addButton(_ label: String, response: Response) {
        _ = gtk_info_bar_add_button(pointer.typed(), label, response.rawValue)
    }
}
