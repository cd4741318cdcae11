import CGtk
import XCTest

@testable import GtkKit

/// SignalCatalog.swift and the target-action overloads: typed arguments arrive as their Swift
/// types, targets are held weakly, and a connection outliving its object is harmless.
final class SignalTests: DisplayTestCase {
    func testResponseHandsOverTheAnswer() {
        MainActor.assumeIsolated {
            let dialog: Dialog = made(gtk_dialog_new())
            var answers: [Response] = []
            dialog.on(.response) { response in answers.append(response) }
            gtk_dialog_response(dialog.pointer.raw.assumingMemoryBound(to: GtkDialog.self), GTK_RESPONSE_CANCEL.rawValue)
            gtk_dialog_response(dialog.pointer.raw.assumingMemoryBound(to: GtkDialog.self), 42)
            XCTAssertEqual(answers, [.cancel, Response(rawValue: 42)])
            dialog.destroy()
        }
    }

    func testKeyPressHandsOverTheKey() {
        MainActor.assumeIsolated {
            let window = Window(title: "Keys", width: 100, height: 100)
            window.show()  // GTK drops events for a window that is not viewable
            var keys: [Key] = []
            window.on(.keyPressEvent) { event in
                keys.append(event.key)
                return true
            }
            XCTAssertTrue(press(GDK_KEY_Escape, on: window), "returning true must stop the event")
            XCTAssertTrue(press(GDK_KEY_KP_Up, on: window))
            XCTAssertEqual(keys, [.escape, .up], "the keypad's Up is Up")
            window.destroy()
        }
    }

    func testTargetActionCallsTheMethodAndHoldsTheTargetWeakly() {
        MainActor.assumeIsolated {
            final class Counter {
                var clicks = 0
                var responses: [Response] = []
                func clicked() { clicks += 1 }
                func answered(_ response: Response) { responses.append(response) }
            }
            let button: Button = made(gtk_button_new())
            let kept = Owned(button)
            let dialog: Dialog = made(gtk_dialog_new())
            var counter: Counter? = Counter()
            weak let released = counter
            button.on(.clicked, target: counter!, action: Counter.clicked)
            dialog.on(.response, target: counter!, action: Counter.answered)
            gtk_button_clicked(button.pointer.raw.assumingMemoryBound(to: GtkButton.self))
            gtk_dialog_response(dialog.pointer.raw.assumingMemoryBound(to: GtkDialog.self), 7)
            XCTAssertEqual(counter?.clicks, 1)
            XCTAssertEqual(counter?.responses, [Response(rawValue: 7)])
            counter = nil
            XCTAssertNil(released, "a connection must not keep its target alive")
            gtk_button_clicked(button.pointer.raw.assumingMemoryBound(to: GtkButton.self))  // the target is gone: nothing happens
            gtk_dialog_response(dialog.pointer.raw.assumingMemoryBound(to: GtkDialog.self), 8)
            dialog.destroy()
            withExtendedLifetime(kept) {}
        }
    }

    func testWeaklyCallsTheMethodUntilTheTargetIsGone() {
        MainActor.assumeIsolated {
            final class Form {
                var submitted: [String] = []
                func submit(_ name: String) { submitted.append(name) }
            }
            var form: Form? = Form()
            weak let released = form
            let callback = weakly(form!, Form.submit)
            callback("ann")
            XCTAssertEqual(form?.submitted, ["ann"])
            form = nil
            XCTAssertNil(released, "the callback must not keep its target alive")
            callback("bo")  // nothing to call: nothing happens
        }
    }

    func testDisconnectingAfterTheObjectDiedIsHarmless() {
        MainActor.assumeIsolated {
            let before = ClosureBoxes.live
            var connection: SignalConnection?
            do {
                let button = Owned<Button>(made(gtk_button_new()))
                connection = button.object.on(.clicked) {}
                XCTAssertEqual(connection?.isConnected, true)
                button.object.destroy()
            }  // the button is finalized here
            XCTAssertEqual(connection?.isConnected, false)
            connection?.disconnect()  // the weak reference is empty: no call on freed memory
            XCTAssertEqual(ClosureBoxes.live, before)
        }
    }

    /// What one watcher outside GtkKit hears (Watching.swift): each target-action emission with
    /// the place that connected it, around the action; with nobody watching, the action alone.
    func testTheWatcherHearsTargetActionAroundTheAction() {
        MainActor.assumeIsolated {
            final class Target {
                var order: [String] = []
                func pressed() { order.append("action") }
            }
            final class Listener: Watcher {
                var heard: [(String, SourceSite)] = []
                weak var target: Target?
                func around<R>(_ emission: Emission, run: () -> R) -> R {
                    heard.append((emission.signal, emission.site))
                    target?.order.append("before")
                    return run()
                }
            }
            let button = Owned<Button>(made(gtk_button_new()))
            let target = Target()
            let listener = Listener()
            listener.target = target
            let line = #line + 1
            button.object.on(.clicked, target: target, action: Target.pressed)
            gtk_button_clicked(button.object.pointer.raw.assumingMemoryBound(to: GtkButton.self))
            XCTAssertEqual(target.order, ["action"], "nobody watching: the action alone")
            Watching.add(listener)
            defer { Watching.remove(listener) }
            gtk_button_clicked(button.object.pointer.raw.assumingMemoryBound(to: GtkButton.self))
            XCTAssertEqual(target.order, ["action", "before", "action"])
            XCTAssertEqual(listener.heard.map(\.0), ["clicked"])
            XCTAssertEqual(listener.heard.first?.1.fileID, "GtkKitTests/SignalTests.swift")
            XCTAssertEqual(listener.heard.first?.1.line, line)
        }
    }
}
