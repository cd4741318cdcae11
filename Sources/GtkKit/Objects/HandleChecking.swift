import CGtk
import Glibc
import Synchronization

// Handles that cannot dangle silently.
//
// A handle owns nothing (Handles.swift), so one kept past its object's life holds an address GTK
// has freed, or has since given to another object. While handles are checked, a use of such a
// handle stops the program with a message that names the object (its id in the .ui file, else its
// accessible or widget name) and its class, before anything is read at that address.
//
// How: every handle's address passes through `ObjectPointer`, made once where a handle is made
// (a builder's object, a constructor, a GTK getter) and read through `ObjectPointer.raw` by every
// GtkKit member that touches the object. Making one registers its object here, once per object,
// with a GObject weak reference: GObject calls it when the object is disposed, which for a widget
// is `gtk_widget_destroy` (or its last reference dropped), and it marks the object dead. The
// pointer keeps the serial number its object was registered under, so a handle on a dead object
// is told from one on a new object GTK has since put at the same address. Reading `raw` looks the
// address up and stops on a dead object or a serial that is not the address's own. (A handle made
// anew for an object already destroyed but still held, which a GTK getter could return, counts as
// one on a new object: the handles stopped are those made before the object was destroyed.)
//
// Checking is on in debug builds and, in a release build, when the environment says
// TRIAD_CHECK_HANDLES=1 (the test runners say so), read once. Off, a handle's use costs one
// comparison of that answer and nothing is registered; handles carry the serial's word either way.

/// Whether handles are checked, and the record of the objects they were made for.
enum HandleChecking {
    #if DEBUG
        /// Always, in a debug build.
        static var isOn: Bool { true }
        /// Whether `raw` must ask `verify`.
        static var mayBeOn: Bool { true }
    #else
        /// When the environment asked for it as the program started, read at its first handle.
        static var isOn: Bool {
            switch state.load(ordering: .relaxed) {
            case 0: false
            case 1: true
            default: readEnvironment()
            }
        }

        /// Whether `raw` must ask `verify`: one comparison, as a pointer is read far more often
        /// than one is made (which has read the environment).
        static var mayBeOn: Bool { state.load(ordering: .relaxed) != 0 }

        /// 1 on, 0 off, -1 not read yet. Not a `static let` of the answer: that would be one call
        /// to Swift's once-only initialiser per use, where this, made at compile time, is one load.
        private static let state = Atomic<Int8>(-1)

        @inline(never)
        private static func readEnvironment() -> Bool {
            let on = getenv("TRIAD_CHECK_HANDLES").map { strcmp($0, "1") == 0 } ?? false
            state.store(on ? 1 : 0, ordering: .relaxed)
            return on
        }
    #endif

    /// What is known of one object a handle was made for.
    fileprivate struct Life {
        let serial: UInt
        var alive = true
        let className: String
        /// Read as it dies: its GtkBuilder id and its widget name.
        var builderID: String?
        var widgetName: String?
        /// The accessible name GtkKit gave it (`WidgetProtocol.accessibleName`): a widget made in
        /// code is named so. Not read as it dies: GTK has let go of its accessible by then.
        var accessibleName: String?

        /// The object in words: its class and its first name of id, accessible name, widget name.
        var described: String {
            let name = [builderID, accessibleName, widgetName].lazy.compactMap { $0 }.first { !$0.isEmpty }
            return name.map { "the \(className) \"\($0)\"" } ?? "a \(className) with no id or name"
        }
    }

    fileprivate struct Lives {
        /// The object at each address handles were made for, alive or dead (addresses as numbers:
        /// only compared here).
        var byAddress: [UInt: Life] = [:]
        /// Dead objects whose address another object has taken since, by serial: what a handle
        /// on one of them is told. The oldest are forgotten past `pastLimit`, as `pastOrder` says.
        var past: [UInt: Life] = [:]
        var pastOrder: [UInt] = []
        var lastSerial: UInt = 0
    }

    /// Enough dead objects remembered for any test's handles; a handle on one forgotten is still
    /// stopped, with its class unknown.
    private static let pastLimit = 50_000

    fileprivate static let lives = Mutex(Lives())

    /// The GObject class of the object at `address`, e.g. "GtkEntry".
    fileprivate static func className(of address: UnsafeMutableRawPointer) -> String {
        String(cString: g_type_name(address.assumingMemoryBound(to: GTypeInstance.self).pointee.g_class.pointee.g_type))
    }

    /// Registers the object at `address` (once: a handle made again for a live object gets the
    /// same serial) and returns its serial.
    static func register(_ address: UnsafeMutableRawPointer) -> UInt {
        let (serial, isNew) = lives.withLock { lives -> (UInt, Bool) in
            if let life = lives.byAddress[UInt(bitPattern: address)], life.alive { return (life.serial, false) }
            if let dead = lives.byAddress[UInt(bitPattern: address)] {
                lives.past[dead.serial] = dead
                lives.pastOrder.append(dead.serial)
                if lives.pastOrder.count > pastLimit {
                    let forgotten = lives.pastOrder.prefix(pastLimit / 2)
                    for serial in forgotten { lives.past[serial] = nil }
                    lives.pastOrder.removeFirst(forgotten.count)
                }
            }
            lives.lastSerial += 1
            lives.byAddress[UInt(bitPattern: address)] = Life(serial: lives.lastSerial, className: className(of: address))
            return (lives.lastSerial, true)
        }
        if isNew {
            let object = address.assumingMemoryBound(to: GObject.self)
            g_object_weak_ref(object, disposed, UnsafeMutableRawPointer(bitPattern: serial))
        }
        return serial
    }

    /// Notes the accessible name GtkKit gave the object at `pointer`.
    static func named(_ pointer: ObjectPointer, _ name: String) {
        lives.withLock { lives in
            let address = UInt(bitPattern: pointer.address)
            if lives.byAddress[address]?.serial == pointer.serial { lives.byAddress[address]?.accessibleName = name }
        }
    }

    /// Stops the program if `pointer`'s object is dead: destroyed, or its address given to
    /// another object since.
    @inline(never)
    static func verify(_ pointer: ObjectPointer) {
        if isOn, let problem = problem(with: pointer) { fatalError(problem) }
    }

    /// What is wrong with a use of `pointer`, in words: nil while its object lives.
    static func problem(with pointer: ObjectPointer) -> String? {
        lives.withLock { lives in
            let here = lives.byAddress[UInt(bitPattern: pointer.address)]
            let dead: String
            if let here, here.serial == pointer.serial {
                if here.alive { return nil }
                dead = here.described
            } else {
                dead = lives.past[pointer.serial]?.described ?? "an object"
            }
            let taken = here.flatMap { $0.serial == pointer.serial ? nil : " (a \($0.className) has its address now)" } ?? ""
            return "GtkKit: a handle on \(dead) was used after it was destroyed\(taken), at \(pointer.address)"
        }
    }
}

/// GObject's weak notify: `object` is being disposed. Its class and names are still readable.
private let disposed: GWeakNotify = { data, object in
    guard let object else { return }
    let address = UnsafeMutableRawPointer(object)
    let instance = address.assumingMemoryBound(to: GTypeInstance.self)
    let className = HandleChecking.className(of: address)
    var builderID: String?
    if g_type_check_instance_is_a(instance, gtk_buildable_get_type()) != 0,
        let name = gtk_buildable_get_name(OpaquePointer(address)).map({ String(cString: $0) }),
        !name.hasPrefix("___object_")  // GtkBuilder's own name for an object the file gave no id
    {
        builderID = name
    }
    var widgetName: String?
    if g_type_check_instance_is_a(instance, gtk_widget_get_type()) != 0,
        let name = gtk_widget_get_name(address.assumingMemoryBound(to: GtkWidget.self)).map({ String(cString: $0) }),
        name != className  // GTK's answer for a widget with no name of its own
    {
        widgetName = name
    }
    HandleChecking.lives.withLock { lives in
        guard var life = lives.byAddress[UInt(bitPattern: address)], life.serial == UInt(bitPattern: data) else { return }
        life.alive = false
        life.builderID = builderID
        life.widgetName = widgetName
        lives.byAddress[UInt(bitPattern: address)] = life
    }
}
