import CGtk
import Glibc
import GtkKit

/// What reading a widget through its handle costs against GTK's own call on the same widget: a
/// property as cheap as GTK has (`gtk_widget_get_sensitive`, a type check and a field read), so
/// that whatever a handle adds on the way is the largest share it can be of any access. Both ways
/// read each of `widgets` buttons in turn, `count` reads a round, through a function the
/// optimizer keeps apart (as a view's one read of a handle is); the ways alternate round by
/// round, and each figure is the median of its rounds' per-read times. Whether the handle checks
/// its object's life (TRIAD_CHECK_HANDLES, HandleChecking.swift) is printed with the figures.
@MainActor
func handleFigures(count: Int, rounds: Int) {
    guard gtk_init_check(nil, nil) != 0 else {
        print("no display")
        exit(1)
    }
    let widgets = 64
    let buttons = (0..<widgets).map { _ in Button(unchecked: ObjectPointer(g_object_ref_sink(gtk_button_new())!)) }
    let addresses = buttons.map { $0.pointer.raw.assumingMemoryBound(to: GtkWidget.self) }
    var times: [String: [Double]] = [:]
    var sensitive = 0
    for round in 0..<rounds {
        for way in round.isMultiple(of: 2) ? ["c", "handle"] : ["handle", "c"] {
            let start = now()
            if way == "c" {
                for index in 0..<count where readSensitive(addresses[index % widgets]) { sensitive += 1 }
            } else {
                for index in 0..<count where readSensitive(buttons[index % widgets]) { sensitive += 1 }
            }
            times[way, default: []].append((now() - start) / Double(count))
        }
    }
    guard sensitive == 2 * count * rounds else {
        print("handles: \(sensitive) reads found the button sensitive of \(2 * count * rounds)")
        exit(1)
    }
    let checking = getenv("TRIAD_CHECK_HANDLES").map { String(cString: $0) } == "1"
    for way in ["c", "handle"] {
        print(
            "handle-read way=\(way) ns=\(nanoseconds(median(times[way] ?? []))) checking=\(checking ? 1 : 0)"
                + " count=\(count) rounds=\(rounds)")
    }
    for address in addresses { g_object_unref(address) }
}

/// GTK's call, as C makes it.
@inline(never)
private func readSensitive(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool { gtk_widget_get_sensitive(widget) != 0 }

/// The same read through the button's handle.
@MainActor @inline(never)
private func readSensitive(_ button: Button) -> Bool { button.isSensitive }

/// Hundredths of a nanosecond.
private func nanoseconds(_ seconds: Double) -> String {
    let hundredths = Int((seconds * 100_000_000_000).rounded())
    return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)"
}
