import CGtk

// What a small program needs that Triad itself does not: an application that simply activates,
// and `.ui` files read from beside its sources. The tutorials' projects (docs/Tutorials) are such
// programs: `swift run` starts them from their source folder.

extension Application {
    /// A new application with `id` that emits `activate` when launched (a second launch activates
    /// the first instance): make the window in its `activate` handler.
    @MainActor public init(id: String) {
        self.init(unchecked: ObjectPointer(gtk_application_new(id, GApplicationFlags(0))))
    }

    /// Runs the main loop, with the process's arguments, until the last window closes; returns
    /// the exit status.
    @MainActor @discardableResult
    public func run() -> Int32 { run(arguments: CommandLine.arguments) }
}

extension WindowProtocol {
    /// Gives the window a header bar, GNOME's title bar, which the program draws itself: the title
    /// and a close button, and room for the window's own buttons. Returns it.
    @MainActor @discardableResult
    public func useHeaderBar() -> HeaderBar {
        let bar = gtk_header_bar_new()!
        gtk_header_bar_set_title(bar.cast(), gtk_window_get_title(gtkWindow))
        gtk_header_bar_set_show_close_button(bar.cast(), 1)
        gtk_widget_show(bar)
        gtk_window_set_titlebar(gtkWindow, bar)
        return HeaderBar(unchecked: ObjectPointer(bar))
    }
}

extension Builder {
    /// Builds every object of the `.ui` file `name` that sits in the same folder as the Swift file
    /// that calls this (found from `#filePath`, the path the compiler gave that file). So a program
    /// run from its sources reads each view's `.ui` beside the view's code, with nothing to
    /// compile or copy. (Triad compiles its `.ui` files into the program instead:
    /// `init(resource:)`.) A file that is missing or does not load stops the program with GTK's
    /// message, naming the file.
    public convenience init(file name: String, besideSourceFile source: StaticString = #filePath) {
        let sourcePath = "\(source)"
        let folder = sourcePath.lastIndex(of: "/").map { String(sourcePath[..<$0]) } ?? "."
        let path = folder + "/" + name
        var contents: UnsafeMutablePointer<gchar>?
        var error: UnsafeMutablePointer<GError>?
        guard g_file_get_contents(path, &contents, nil, &error) != 0, let contents else {
            fatalError("\(path): \(takeMessage(&error))")
        }
        defer { g_free(contents) }
        self.init(string: String(cString: contents), name: path)
    }
}
