import CGtk

// Work that should wait until a window has drawn what it shows now: the rest of a long result,
// collected once its first rows are on screen rather than beside the frame that draws them.
//
// An idle callback is not that moment. GDK draws at most one frame per refresh of the display:
// after a frame, the next one waits on a timer for its turn, and an idle callback queued
// meanwhile runs first, before the frame it meant to wait for. The window's frame clock says when
// a frame has been drawn: its `after-paint` signal.

/// GDK's frame clock of a window, which paces its frames.
struct FrameClock: ObjectHandle {
    let pointer: ObjectPointer
    init(unchecked pointer: ObjectPointer) { self.pointer = pointer }
    static var gtkType: GType { gdk_frame_clock_get_type() }
}

extension Signal where Emitter == FrameClock, Argument == Void, Result == Void {
    /// A frame has been drawn.
    static var afterPaint: Signal { plain("after-paint") }
}

/// Runs work once the window of one widget has drawn its next frame.
///
///     let frames = NextFrame()
///     frames.watch(table.treeView)
///     frames.run { collectTheRest() }  // after the frame that shows what the table holds now
@MainActor
public final class NextFrame {
    /// The widget, held weakly: work may come after its page is gone.
    private nonisolated(unsafe) let widget = UnsafeMutablePointer<GWeakRef>.allocate(capacity: 1)  // cleared in deinit
    private var waiting: [@MainActor () -> Void] = []
    private var connection: SignalConnection?

    public init() {
        widget.initialize(to: GWeakRef())
        g_weak_ref_init(widget, nil)
    }

    isolated deinit {
        connection?.disconnect()
        g_weak_ref_clear(widget)
        widget.deallocate()
    }

    /// The widget whose window's frames `run` waits for.
    public func watch(_ widget: some WidgetProtocol) {
        g_weak_ref_set(self.widget, widget.pointer.raw)
    }

    /// Runs `work` once the widget's window has drawn its next frame: the frame that shows what
    /// the widget holds now. With no widget, or one not in a realized window, at the next idle
    /// moment instead.
    public func run(_ work: @escaping @MainActor () -> Void) {
        guard let object = g_weak_ref_get(widget) else {
            MainLoop.hop(work)
            return
        }
        defer { g_object_unref(object) }
        guard let clock = gtk_widget_get_frame_clock(object.assumingMemoryBound(to: GtkWidget.self)) else {
            MainLoop.hop(work)
            return
        }
        waiting.append(work)
        if connection == nil {
            connection = FrameClock(unchecked: ObjectPointer(clock)).on(.afterPaint) { [weak self] in self?.drawn() }
        }
        // A frame that draws nothing new still ends in after-paint, so the work never waits for
        // a change that does not come.
        gdk_frame_clock_request_phase(clock, GDK_FRAME_CLOCK_PHASE_AFTER_PAINT)
    }

    private func drawn() {
        connection?.disconnect()
        connection = nil
        let works = waiting
        waiting = []
        for work in works { work() }
    }
}
