import CGtk
import Foundation
import XCTest

@testable import GtkKit

/// HandleChecking.swift: while handles are checked (always in the tests), a handle used after its
/// object is destroyed stops the program with the object's id and class, before it reads the
/// object's memory, and so does one whose address GTK has since given to another object; a handle
/// on a live object works as ever.
///
/// A stop ends the process, so each stop is made in a child: this test binary run again for the
/// one test, which then finds its name in the environment and makes the dangling use; the parent
/// reads how the child ended and what it wrote.
final class HandleCheckingTests: DisplayTestCase {
    /// A window with a field, as a view's .ui file gives them.
    private static let form = """
        <interface><object class="GtkWindow" id="window"><child>
        <object class="GtkEntry" id="first_entry"/></child></object></interface>
        """

    func testHandlesAreCheckedInTheTests() {
        XCTAssertTrue(HandleChecking.isOn, "a debug build checks its handles")
    }

    func testAHandleOnALiveWidgetWorks() {
        MainActor.assumeIsolated {
            let builder = Builder(string: Self.form)
            let entry: Entry = builder.object("first_entry")
            entry.text = "12"
            XCTAssertEqual(entry.text, "12")
            XCTAssertEqual(builder.object("first_entry", as: Entry.self), entry, "a handle made again is the same handle")
            XCTAssertEqual(entry.widget.as(Entry.self)?.text, "12", "and a cast of it")
            let another = Owned(Label("another"))
            another.object.destroy()
            XCTAssertEqual(entry.text, "12", "another widget's death leaves it alone")
            XCTAssertNotNil(HandleChecking.problem(with: another.object.pointer))
            XCTAssertNil(HandleChecking.problem(with: entry.pointer))
            builder.object("window", as: Window.self).destroy()
        }
    }

    /// The name a stop gives: the .ui file's id, else the accessible name, else the widget name.
    func testADestroyedWidgetIsNamedByItsIdElseItsNames() {
        MainActor.assumeIsolated {
            let builder = Builder(string: Self.form)
            let entry: Entry = builder.object("first_entry")
            let labels = (0..<3).map { _ in Owned(Label("")) }
            labels[0].object.accessibleName = "Total"
            gtk_widget_set_name(labels[1].object.pointer.typed(), "total_label")
            builder.object("window", as: Window.self).destroy()
            for label in labels { label.object.destroy() }
            XCTAssertEqual(
                HandleChecking.problem(with: entry.pointer)?.hasPrefix(
                    #"GtkKit: a handle on the GtkEntry "first_entry" was used after it was destroyed, at 0x"#), true,
                HandleChecking.problem(with: entry.pointer) ?? "no problem")
            XCTAssertEqual(HandleChecking.problem(with: labels[0].object.pointer)?.contains(#"the GtkLabel "Total" was"#), true)
            XCTAssertEqual(HandleChecking.problem(with: labels[1].object.pointer)?.contains(#"the GtkLabel "total_label" was"#), true)
            XCTAssertEqual(HandleChecking.problem(with: labels[2].object.pointer)?.contains("a GtkLabel with no id or name was"), true)
        }
    }

    func testUsingAHandleAfterItsWidgetIsDestroyedStopsNamingIt() throws {
        if inChild(#function) {
            MainActor.assumeIsolated {
                let entry: Entry = {
                    let builder = Builder(string: Self.form)
                    builder.object("window", as: Window.self).destroy()
                    return builder.object("first_entry")
                }()  // the builder let go of the entry: its memory is freed
                _ = entry.text
            }
            return
        }
        let end = try runInChild(#function)
        XCTAssertTrue(end.trapped, "the child must stop on Swift's trap; it ended with \(end.how)\n\(end.errors)")
        XCTAssertTrue(
            end.errors.contains(#"Fatal error: GtkKit: a handle on the GtkEntry "first_entry" was used after it was destroyed, at 0x"#),
            end.errors)
    }

    /// A new object at a dead one's address is another object to its handles: the old handle
    /// stops, naming the old object, and the new one works.
    func testAHandleWhoseAddressANewObjectTookStops() throws {
        if inChild(#function) {
            MainActor.assumeIsolated {
                guard let reused = Self.reusedAddress() else {
                    FileHandle.standardError.write(Data("no address was reused\n".utf8))
                    return
                }
                _ = reused.old.text
            }
            return
        }
        MainActor.assumeIsolated {
            guard let (old, new) = Self.reusedAddress().map({ ($0.old, $0.new) }) else {
                return XCTFail("no address was reused in 1,000 labels")
            }
            XCTAssertNotEqual(old, new.object, "one address, two objects, two handles")
            XCTAssertEqual(new.object.text, "new", "the new object's handle works")
            XCTAssertNil(HandleChecking.problem(with: new.object.pointer))
            XCTAssertNotNil(HandleChecking.problem(with: old.pointer))
        }
        let end = try runInChild(#function)
        XCTAssertTrue(end.trapped, "the child must stop on Swift's trap; it ended with \(end.how)\n\(end.errors)")
        XCTAssertTrue(
            end.errors.contains(
                #"Fatal error: GtkKit: a handle on the GtkLabel "Old total" was used after it was destroyed (a GtkLabel has its address now)"#
            ),
            end.errors)
    }

    /// A label named "Old total", freed, and a new label GTK put at its address (made until one
    /// is; nil if none of a thousand is).
    @MainActor
    private static func reusedAddress() -> (old: Label, new: Owned<Label>)? {
        let old: Label = {
            let owned = Owned(Label("old"))
            owned.object.accessibleName = "Old total"
            return owned.object
        }()  // its only reference dropped: freed
        var kept: [Owned<Label>] = []  // each kept, so that the next is made elsewhere
        for _ in 0..<1000 {
            let new = Owned(Label("new"))
            if new.object.pointer.address == old.pointer.address { return (old, new) }
            kept.append(new)
        }
        return nil
    }
}

// MARK: The child process

/// The environment variable that names, in a child, the test it is run for.
private let childTest = "GTKKIT_TEST_CHILD"

/// How a child ended and what it wrote to its standard error.
private struct ChildEnd {
    let reason: Process.TerminationReason
    let status: Int32
    let errors: String

    /// Stopped by Swift's trap (`fatalError`): SIGILL on x86-64, SIGTRAP on ARM.
    var trapped: Bool { reason == .uncaughtSignal && (status == SIGILL || status == SIGTRAP) }
    var how: String { reason == .uncaughtSignal ? "signal \(status)" : "exit status \(status)" }
}

extension XCTestCase {
    /// Whether this process is the child run for `function` (the test method's `#function`).
    fileprivate func inChild(_ function: String) -> Bool {
        ProcessInfo.processInfo.environment[childTest] == testName(function)
    }

    /// Runs `function` (this class's test method) alone in a child: this test binary again, with
    /// the test's name in the environment and Swift's backtracer off. Waits for it to end.
    fileprivate func runInChild(_ function: String) throws -> ChildEnd {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        let module = String(reflecting: type(of: self)).split(separator: ".").first.map(String.init) ?? ""
        child.arguments = ["\(module).\(type(of: self))/\(testName(function))"]
        var environment = ProcessInfo.processInfo.environment
        environment[childTest] = testName(function)
        environment["SWIFT_BACKTRACE"] = "enable=no"
        child.environment = environment
        let errors = Pipe()
        child.standardError = errors
        child.standardOutput = FileHandle.nullDevice  // the child's own test report is not this run's
        try child.run()
        let written = errors.fileHandleForReading.readDataToEndOfFile()
        child.waitUntilExit()
        return ChildEnd(
            reason: child.terminationReason, status: child.terminationStatus, errors: String(decoding: written, as: UTF8.self))
    }

    private func testName(_ function: String) -> String {
        function.hasSuffix("()") ? String(function.dropLast(2)) : function
    }
}
