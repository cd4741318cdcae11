import CGtk

// Buttons and switches: what a person presses or flips. Their signals are in SignalCatalog.swift
// (`.clicked` on any button, `.toggled` on toggle buttons).

/// A GtkButton or a subclass (toggle, check, radio and menu buttons).
public protocol ButtonProtocol: ContainerProtocol {}

/// A push button (GtkButton).
public struct Button: ButtonProtocol {
    public let pointer: ObjectPointer
    public init(unchecked pointer: ObjectPointer) { self.pointer = pointer }
    public static var gtkType: GType { gtk_button_get_type() }
}

extension ButtonProtocol {
    /// The button's text (with its mnemonic underscore, if it has one).
    @MainActor public var label: String {
        get { string(gtk_button_get_label(pointer.typed())) }
        nonmutating set { gtk_button_set_label(pointer.typed(), newValue) }
    }

    /// Presses the button as a click would: its "clicked" signal runs what it is connected to.
    @MainActor public func click() { gtk_button_clicked(pointer.typed()) }
}

/// A button that stays pressed in: GtkToggleButton and its subclasses.
public protocol ToggleButtonProtocol: ButtonProtocol {}

/// A button that stays pressed in until pressed again (GtkToggleButton).
public struct ToggleButton: ToggleButtonProtocol {
    public let pointer: ObjectPointer
    public init(unchecked pointer: ObjectPointer) { self.pointer = pointer }
    public static var gtkType: GType { gtk_toggle_button_get_type() }
}

extension ToggleButtonProtocol {
    /// Whether it is pressed in (a check box ticked, a radio button chosen).
    @MainActor public var isActive: Bool {
        get { gtk_toggle_button_get_active(pointer.typed()) != 0 }
        nonmutating set { gtk_toggle_button_set_active(pointer.typed(), gbool(newValue)) }
    }
}

/// A check box.
public struct CheckButton: ToggleButtonProtocol {
    public let pointer: ObjectPointer
    public init(unchecked pointer: ObjectPointer) { self.pointer = pointer }
    public static var gtkType: GType { gtk_check_button_get_type() }

    /// A new check box with its label beside it (the label is also its accessible name).
    @MainActor public init(label: String) {
        self.init(unchecked: ObjectPointer(gtk_check_button_new_with_label(label)))
    }
}

/// One of a group of choices, of which one is chosen.
public struct RadioButton: ToggleButtonProtocol {
    public let pointer: ObjectPointer
    public init(unchecked pointer: ObjectPointer) { self.pointer = pointer }
    public static var gtkType: GType { gtk_radio_button_get_type() }

    /// A group of radio buttons: one hidden member, active while the person has chosen none (a
    /// radio group always has one member active), and a button per choice.
    @MainActor public static func group(labels: [String]) -> (none: RadioButton, choices: [RadioButton]) {
        let none = RadioButton(unchecked: ObjectPointer(gtk_radio_button_new(nil)))
        var group = gtk_radio_button_get_group(none.pointer.typed())
        var choices: [RadioButton] = []
        for label in labels {
            let button = RadioButton(unchecked: ObjectPointer(gtk_radio_button_new_with_label(group, label)))
            group = gtk_radio_button_get_group(button.pointer.typed())
            choices.append(button)
        }
        return (none, choices)
    }
}

/// A button that opens a menu (the header bar's main menu, a page's menu).
public struct MenuButton: ToggleButtonProtocol {
    public let pointer: ObjectPointer
    public init(unchecked pointer: ObjectPointer) { self.pointer = pointer }
    public static var gtkType: GType { gtk_menu_button_get_type() }

    /// Gives the button its menu the first time it is opened, and opens it. Given a menu,
    /// GtkMenuButton builds the popover at once, with a widget per item: a window whose first
    /// frame shows no menu need not build one. Without a menu GTK 3 makes the button
    /// insensitive, so it is made sensitive here, as the menu would have made it; the menu comes
    /// as the button is first pressed in, by a click, F10, Space or an accessibility action.
    @MainActor public func giveMenuWhenFirstOpened(_ menu: MenuModel) {
        isSensitive = true
        let button = self
        on(.toggled) {
            guard gtk_menu_button_get_popover(button.pointer.typed()) == nil, button.isActive else { return }
            gtk_menu_button_set_menu_model(button.pointer.typed(), menu.pointer.typed())
            if let popover = gtk_menu_button_get_popover(button.pointer.typed()) { gtk_popover_popup(popover.cast()) }
        }
    }

    /// Gives the button the popover `make` makes the first time it is opened, and opens it: a
    /// window whose first frame shows no popover need not build one.
    @MainActor public func givePopoverWhenFirstOpened(_ make: @escaping @MainActor () -> Popover) {
        isSensitive = true
        let button = self
        on(.toggled) {
            guard gtk_menu_button_get_popover(button.pointer.typed()) == nil, button.isActive else { return }
            let popover = make()
            gtk_menu_button_set_popover(button.pointer.typed(), popover.gtkWidget)
            gtk_popover_popup(popover.pointer.typed())
        }
    }

    /// Opens its menu, as a press does.
    @MainActor public func open() { isActive = true }
}

/// A window-less box of widgets that pops up from a button (GtkPopover): a menu of check boxes,
/// say, which a menu model cannot describe.
public struct Popover: ContainerProtocol {
    public let pointer: ObjectPointer
    public init(unchecked pointer: ObjectPointer) { self.pointer = pointer }
    public static var gtkType: GType { gtk_popover_get_type() }

    /// A new, empty popover (a menu button it is given points it at itself).
    @MainActor public init() { self.init(unchecked: ObjectPointer(gtk_popover_new(nil))) }

    /// Closes it, as Escape or a click outside does.
    @MainActor public func popdown() { gtk_popover_popdown(pointer.typed()) }
}

extension ButtonProtocol {
    /// A new push button with this text (an underscore marks its mnemonic).
    @MainActor public static func withLabel(_ text: String) -> Button {
        Button(unchecked: ObjectPointer(gtk_button_new_with_mnemonic(text)))
    }
}

/// A menu, as a `.ui` file's `<menu>` describes it.
public struct MenuModel: ObjectHandle {
    public let pointer: ObjectPointer
    public init(unchecked pointer: ObjectPointer) { self.pointer = pointer }
    public static var gtkType: GType { g_menu_model_get_type() }
}

/// An on/off switch.
public struct Switch: WidgetProtocol {
    public let pointer: ObjectPointer
    public init(unchecked pointer: ObjectPointer) { self.pointer = pointer }
    public static var gtkType: GType { gtk_switch_get_type() }

    /// Whether it is on.
    @MainActor public var isActive: Bool {
        get { gtk_switch_get_active(pointer.typed()) != 0 }
        nonmutating set { gtk_switch_set_active(pointer.typed(), gbool(newValue)) }
    }
}

extension UnsafeMutablePointer {
    /// Views this GObject pointer as another GObject struct type (the C cast macros' job).
    @inlinable func cast<U>(to _: U.Type = U.self) -> UnsafeMutablePointer<U> {
        UnsafeMutableRawPointer(self).assumingMemoryBound(to: U.self)
    }
}
