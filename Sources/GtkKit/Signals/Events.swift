import CGtk

// Input events, as Swift values: what a key, the wheel or the mouse did. GTK hands a handler a
// pointer to a C event struct that lives for the emission only; these copy what a handler needs.

/// Modifier keys held during an event.
public struct Modifiers: OptionSet, Sendable {
    /// GDK's modifier mask.
    public let rawValue: UInt32
    /// The modifiers in GDK's mask `rawValue`.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// Shift.
    public static let shift = Modifiers(rawValue: GDK_SHIFT_MASK.rawValue)
    /// Ctrl.
    public static let control = Modifiers(rawValue: GDK_CONTROL_MASK.rawValue)
    /// Alt.
    public static let alt = Modifiers(rawValue: GDK_MOD1_MASK.rawValue)
    /// The Super (logo) key.
    public static let `super` = Modifiers(rawValue: GDK_SUPER_MASK.rawValue)
}

/// A key, by the symbol it types (GDK's keyval).
public struct Key: RawRepresentable, Hashable, Sendable {
    /// GDK's keyval.
    public let rawValue: UInt32
    /// The key whose keyval is `rawValue`.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The up and down arrows.
    public static let up = Key(rawValue: UInt32(GDK_KEY_Up)), down = Key(rawValue: UInt32(GDK_KEY_Down))
    /// The left and right arrows.
    public static let left = Key(rawValue: UInt32(GDK_KEY_Left)), right = Key(rawValue: UInt32(GDK_KEY_Right))
    /// Page Up and Page Down.
    public static let pageUp = Key(rawValue: UInt32(GDK_KEY_Page_Up)), pageDown = Key(rawValue: UInt32(GDK_KEY_Page_Down))
    /// Home and End.
    public static let home = Key(rawValue: UInt32(GDK_KEY_Home)), end = Key(rawValue: UInt32(GDK_KEY_End))
    /// Escape and Return (Enter).
    public static let escape = Key(rawValue: UInt32(GDK_KEY_Escape)), `return` = Key(rawValue: UInt32(GDK_KEY_Return))
    /// Delete, and the plus key (Ctrl+plus zooms in).
    public static let delete = Key(rawValue: UInt32(GDK_KEY_Delete)), plus = Key(rawValue: UInt32(GDK_KEY_plus))
    /// The minus key (Ctrl+minus zooms out).
    public static let minus = Key(rawValue: UInt32(GDK_KEY_minus))

    /// The key that types `character` (Ctrl+V's V is `.typing("v")`).
    public static func typing(_ character: Unicode.Scalar) -> Key { Key(rawValue: gdk_unicode_to_keyval(character.value)) }

    /// The same key on the numeric keypad counts as this one (KP_Up as Up).
    public var withoutKeypad: Key {
        switch Int32(bitPattern: rawValue) {
        case GDK_KEY_KP_Up: .up
        case GDK_KEY_KP_Down: .down
        case GDK_KEY_KP_Left: .left
        case GDK_KEY_KP_Right: .right
        case GDK_KEY_KP_Page_Up: .pageUp
        case GDK_KEY_KP_Page_Down: .pageDown
        case GDK_KEY_KP_Home: .home
        case GDK_KEY_KP_End: .end
        case GDK_KEY_KP_Enter: .return
        case GDK_KEY_KP_Add: .plus
        case GDK_KEY_KP_Subtract: .minus
        default: self
        }
    }
}

/// A key pressed.
public struct KeyEvent: Sendable {
    /// The key, its keypad twin read as the main one.
    public let key: Key
    /// The modifier keys held.
    public let modifiers: Modifiers

    init(_ pointer: UnsafeMutableRawPointer) {
        let event = pointer.assumingMemoryBound(to: GdkEventKey.self).pointee
        key = Key(rawValue: event.keyval).withoutKeypad
        modifiers = Modifiers(rawValue: event.state)
    }
}

/// The wheel turned, or a touchpad scrolled.
/// The wheel's whole notches, from scroll events: a touchpad scrolls by fractions of one, added up
/// here until they make one. Up is positive (more, on a slider).
public struct WheelNotches: Sendable {
    private var pending = 0.0

    /// None yet.
    public init() {}

    /// The whole notches `event` completes (often 0 for a touchpad's fraction).
    public mutating func add(_ event: ScrollEvent) -> Int {
        pending -= event.deltaY
        let notches = Int(pending.rounded(.towardZero))
        pending -= Double(notches)
        return notches
    }
}

public struct ScrollEvent: Sendable {
    /// Rows to scroll: -1 up, 1 down (a touchpad gives fractions); 0 for a sideways scroll.
    public let deltaY: Double
    /// The modifier keys held (Ctrl turns a scroll into a zoom).
    public let modifiers: Modifiers
    /// Where the pointer was, in the widget's application pixels.
    public let x: Double, y: Double

    init(_ pointer: UnsafeMutableRawPointer) {
        let event = pointer.assumingMemoryBound(to: GdkEventScroll.self).pointee
        switch event.direction {
        case GDK_SCROLL_UP: deltaY = -1
        case GDK_SCROLL_DOWN: deltaY = 1
        case GDK_SCROLL_SMOOTH: deltaY = event.delta_y
        default: deltaY = 0
        }
        modifiers = Modifiers(rawValue: event.state)
        x = event.x
        y = event.y
    }
}

/// A mouse button pressed or released, or the pointer moved, over a widget (coordinates in its
/// own application pixels).
public struct PointerEvent: Sendable {
    /// Where the pointer was, in the widget's application pixels.
    public let x: Double, y: Double
    /// 1 the primary button, 3 the secondary; 0 for a motion.
    public let button: Int
    /// The modifier keys held.
    public let modifiers: Modifiers
    /// Whether the primary button is held (during a motion: a drag).
    public let isPrimaryHeld: Bool

    init(button pointer: UnsafeMutableRawPointer) {
        let event = pointer.assumingMemoryBound(to: GdkEventButton.self).pointee
        x = event.x
        y = event.y
        button = Int(event.button)
        modifiers = Modifiers(rawValue: event.state)
        isPrimaryHeld = event.state & GDK_BUTTON1_MASK.rawValue != 0
    }

    init(motion pointer: UnsafeMutableRawPointer) {
        let event = pointer.assumingMemoryBound(to: GdkEventMotion.self).pointee
        x = event.x
        y = event.y
        button = 0
        modifiers = Modifiers(rawValue: event.state)
        isPrimaryHeld = event.state & GDK_BUTTON1_MASK.rawValue != 0
    }
}

/// A window was maximized, made full-screen or the like.
public struct WindowStateEvent: Sendable {
    /// Whether the window is now maximized.
    public let isMaximized: Bool
    /// Whether it is now full-screen.
    public let isFullscreen: Bool
    /// Whether it is now tiled (snapped to half the screen).
    public let isTiled: Bool

    init(_ pointer: UnsafeMutableRawPointer) {
        let state = pointer.assumingMemoryBound(to: GdkEventWindowState.self).pointee.new_window_state.rawValue
        isMaximized = state & GDK_WINDOW_STATE_MAXIMIZED.rawValue != 0
        isFullscreen = state & GDK_WINDOW_STATE_FULLSCREEN.rawValue != 0
        isTiled = state & GDK_WINDOW_STATE_TILED.rawValue != 0
    }
}

/// A rectangle in application pixels.
public struct Rectangle: Equatable, Sendable {
    /// The top left corner, and the size.
    public var x: Double, y: Double, width: Double, height: Double

    /// The rectangle with its top left corner at (x, y), of that size.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    init(_ rectangle: GdkRectangle) {
        self.init(x: Double(rectangle.x), y: Double(rectangle.y), width: Double(rectangle.width), height: Double(rectangle.height))
    }

    /// Whether the point (x, y) is inside it.
    public func contains(x: Double, y: Double) -> Bool {
        x >= self.x && x < self.x + width && y >= self.y && y < self.y + height
    }
}
